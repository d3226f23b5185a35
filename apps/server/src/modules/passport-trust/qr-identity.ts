import { randomUUID } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { createLocalJWKSet, importJWK, jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { PASSPORT_QR_TYPE as QR_TYPE, PASSPORT_QR_VALID_S as QR_VALID_S } from '@app/shared/passport/qr-format';
import type { Executor } from '../../db/client';
import { passportQrUses } from '../../db/schema/index';
import { publishedKeys, SIGNING_ALG, type SigningKey } from './signing-keys';

/**
 * The passport's QR identity (decision 047): a compact JWS of { sub, iat, exp, jti } signed with the
 * passport's current key. The passport shows a new one every REFRESH_S seconds; each is good for VALID_S
 * seconds and once. Anyone with the published keys checks it offline.
 */
export const QR_REFRESH_S = 30;
export { QR_TYPE, QR_VALID_S };

export async function signQrIdentity(key: SigningKey, accountId: string, issuer: string, now = new Date()) {
  const iat = Math.floor(now.getTime() / 1000);
  const privateKey = await importJWK(key.privateJwk, SIGNING_ALG);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: QR_TYPE })
    .setSubject(accountId)
    .setIssuer(issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + QR_VALID_S)
    .setJti(randomUUID())
    .sign(privateKey);
  return { token, expiresAt: new Date((iat + QR_VALID_S) * 1000) };
}

export type QrCheck =
  { ok: true; accountId: string; jti: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/** Whether a scanned code is the passport's, in date; its signature checked with the published keys. */
export async function checkQrSignature(
  db: Executor,
  token: string,
  issuer: string,
  now = new Date(),
): Promise<QrCheck> {
  if (token.length > 2000 || token.split('.').length !== 3) return { ok: false, reason: 'invalid' };
  try {
    const keys = createLocalJWKSet({ keys: await publishedKeys(db) });
    const { payload } = await jwtVerify(token, keys, {
      algorithms: [SIGNING_ALG],
      issuer,
      typ: QR_TYPE,
      currentDate: now,
      clockTolerance: 5,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > QR_VALID_S) return { ok: false, reason: 'invalid' };
    // Signed for a moment still to come: not a code the passport shows now (the kiosk refuses it too).
    if ((payload.iat ?? 0) > now.getTime() / 1000 + 5) return { ok: false, reason: 'invalid' };
    return { ok: true, accountId: payload.sub!, jti: payload.jti!, expiresAt: new Date(payload.exp! * 1000) };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/** Checks a scanned code and takes it: a second use of the same code is refused (a replay). */
export async function takeQrIdentity(db: Executor, token: string, issuer: string, now = new Date()): Promise<QrCheck> {
  const check = await checkQrSignature(db, token, issuer, now);
  if (!check.ok) return check;
  const taken = await db
    .insert(passportQrUses)
    .values({ jti: check.jti, expiresAt: check.expiresAt })
    .onConflictDoNothing()
    .returning({ jti: passportQrUses.jti });
  return taken.length === 1 ? check : { ok: false, reason: 'used' };
}

/** Drops the record of codes that have expired (a job). */
export async function sweepQrUses(db: Executor, now = new Date()) {
  await db.delete(passportQrUses).where(lt(passportQrUses.expiresAt, sql`${now}::timestamptz`));
}
