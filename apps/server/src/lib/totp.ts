import { generateSecret, generateURI, verify } from 'otplib';
import { randomToken } from './tokens';

// Two-step codes (TOTP, RFC 6238) and recovery codes, for the dashboard's logins and the passport alike.

export const TOTP_PERIOD = 30;
export const RECOVERY_CODE_COUNT = 10;

const timeStepOf = (result: object): number | null =>
  'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;

/**
 * The time step a six-digit code is right for (one step either side of now), never one at or before
 * `afterStep` (a code already used); null when it is wrong.
 */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOTP_PERIOD,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  }).catch(() => ({ valid: false }) as const);
  return result.valid ? timeStepOf(result) : null;
}

/** A new authenticator secret and the otpauth:// address an authenticator app reads from a QR code. */
export function newTotpSecret(issuer: string, label: string) {
  const secret = generateSecret();
  return { secret, otpauthUrl: generateURI({ issuer, label, secret }) };
}

/** Ten single-use codes like `ab12c-3de45`; only their sha256 is kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomToken(8)
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase()
      .padEnd(10, '0')
      .slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}
