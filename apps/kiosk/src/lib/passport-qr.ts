// A passport's QR identity checked on the tablet, for when the server cannot be reached (decision 047):
// a compact JWS (ES256) whose signature is checked with the passport's keys the kiosk keeps, in date by
// the tablet's clock, and taken once on this kiosk. The same rules as the server's check
// (apps/server/src/modules/passport-trust/qr-identity.ts), with WebCrypto only: the kiosk's first load is
// held to 200 KB, and ES256's signature is already the raw r||s that WebCrypto's ECDSA reads.
import type { KioskPassportKeys, PassportPublicKey } from '@app/shared/kiosks/device-lookup';
import {
  base64UrlBytes,
  jsonPart,
  PASSPORT_QR_MAX_LENGTH,
  PASSPORT_QR_TYPE,
  PASSPORT_QR_VALID_S,
} from '@app/shared/passport/qr-format';

export { looksLikePassportQr, PASSPORT_QR_TYPE, PASSPORT_QR_VALID_S } from '@app/shared/passport/qr-format';

/** How far the tablet's clock may be from the passport's, in seconds (the server allows the same). */
export const CLOCK_TOLERANCE_S = 5;

export type PassportQrReason = 'invalid' | 'expired' | 'used';
export type PassportQrCheck =
  { ok: true; accountId: string; jti: string; expiresAt: number } | { ok: false; reason: PassportQrReason };

/**
 * The token ids this kiosk has taken, each kept until its token has expired (after that the token is
 * refused as expired anyway). `take` answers false when the id was taken already.
 */
export type SeenJtis = { take: (jti: string, exp: number, nowS: number) => Promise<boolean> };

/** The message key the server answers a refusal with (errors.passport.json), said the same offline. */
export const passportQrMessageKey = (reason: PassportQrReason) => `errors:passport_qr_${reason}`;

const refused = (reason: PassportQrReason): PassportQrCheck => ({ ok: false, reason });

async function signatureHolds(key: PassportPublicKey, signed: string, signature: Uint8Array<ArrayBuffer>) {
  const subtle = globalThis.crypto?.subtle;
  // A page served over plain http on a LAN has no crypto.subtle: nothing can be checked there.
  if (!subtle || signature.length !== 64) return false;
  try {
    const publicKey = await subtle.importKey(
      'jwk',
      { kty: key.kty, crv: key.crv, x: key.x, y: key.y },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    return await subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      signature,
      new TextEncoder().encode(signed),
    );
  } catch {
    return false;
  }
}

/**
 * Checks a scanned text as the passport's QR identity with the kept keys and issuer, at `now` by the
 * tablet's clock, and takes its `jti` once it holds: `invalid` (not the passport's, forged, of another
 * passport, or not checkable here), `expired`, or `used` (taken on this kiosk already).
 */
export async function checkPassportQr(
  token: string,
  trust: KioskPassportKeys,
  seen: SeenJtis,
  now: Date = new Date(),
): Promise<PassportQrCheck> {
  const parts = token.length <= PASSPORT_QR_MAX_LENGTH ? token.split('.') : [];
  if (parts.length !== 3) return refused('invalid');
  const [head, body, sig] = parts as [string, string, string];
  const header = jsonPart(head);
  if (header?.typ !== PASSPORT_QR_TYPE || header.alg !== 'ES256' || typeof header.kid !== 'string') {
    return refused('invalid');
  }
  const key = trust.keys.find((k) => k.kid === header.kid);
  const signature = base64UrlBytes(sig);
  if (!key || !signature || !(await signatureHolds(key, `${head}.${body}`, signature))) return refused('invalid');

  const claims = jsonPart(body);
  const { sub, iss, iat, exp, jti } = claims ?? {};
  if (
    iss !== trust.issuer ||
    typeof sub !== 'string' ||
    !sub ||
    typeof jti !== 'string' ||
    !jti ||
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    exp - iat > PASSPORT_QR_VALID_S
  ) {
    return refused('invalid');
  }
  const nowS = Math.floor(now.getTime() / 1000);
  if (exp <= nowS - CLOCK_TOLERANCE_S) return refused('expired');
  if (iat > nowS + CLOCK_TOLERANCE_S) return refused('invalid');
  if (!(await seen.take(jti, exp, nowS))) return refused('used');
  return { ok: true, accountId: sub, jti, expiresAt: exp };
}
