import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { passportAccounts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { QR_TYPE, takeQrIdentity } from './qr-identity';

/** Whether a scanned text is a compact JWS of the passport's QR type (its header says so). */
export function looksLikeQrIdentity(code: string): boolean {
  const [header, payload, signature] = code.split('.');
  if (!header || !payload || !signature || code.split('.').length !== 3) return false;
  try {
    const parsed = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { typ?: unknown };
    return parsed.typ === QR_TYPE;
  } catch {
    return false;
  }
}

/**
 * The verified address of the passport whose QR identity was scanned: its signature checked with the
 * passport's published keys, in date, and taken (a second scan of the same code is refused). Each refusal
 * says what to do: an expired or used code means showing the live one on the phone.
 */
export async function passportPersonEmail(app: FastifyInstance, token: string, now = new Date()): Promise<string> {
  const check = await takeQrIdentity(app.db.db, token, app.env.passportUrl, now);
  if (!check.ok) {
    throw new AppError('rule_violation', { field: 'code', messageKey: `passport_qr_${check.reason}` });
  }
  const [account] = await app.db.db
    .select({
      email: passportAccounts.email,
      verified: passportAccounts.emailVerifiedAt,
      status: passportAccounts.status,
    })
    .from(passportAccounts)
    .where(eq(passportAccounts.id, check.accountId))
    .limit(1);
  if (!account?.verified || account.status !== 'active') {
    throw new AppError('rule_violation', { field: 'code', messageKey: 'passport_qr_invalid' });
  }
  return account.email;
}
