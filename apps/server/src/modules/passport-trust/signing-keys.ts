import { randomUUID } from 'node:crypto';
import { desc, isNull, lt, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Executor } from '../../db/client';
import { oidcKeys } from '../../db/schema/index';
import type { Secrets } from '../../lib/secrets';

/** A signing key is used for 90 days, then retired; a retired key stays published for 2 more days. */
export const KEY_LIFETIME_MS = 90 * 24 * 60 * 60_000;
export const RETIRED_KEY_PUBLISHED_MS = 2 * 24 * 60 * 60_000;
export const SIGNING_ALG = 'ES256';

export type PublicJwk = JWK & { kid: string; alg: string; use: 'sig' };
export type SigningKey = { kid: string; privateJwk: JWK & { kid: string }; createdAt: Date };

/** The keys anyone may check the passport's signatures with: current and recently retired. */
export async function publishedKeys(db: Executor): Promise<PublicJwk[]> {
  const rows = await db.select({ publicJwk: oidcKeys.publicJwk }).from(oidcKeys).orderBy(desc(oidcKeys.createdAt));
  return rows.map((r) => r.publicJwk as PublicJwk);
}

/**
 * The key to sign with: the newest unretired one, made when there is none or it has passed its lifetime
 * (then the old one is retired, and keys retired long enough ago are dropped). Two nodes rotating at the
 * same moment each add a key; both are published and the newest signs.
 */
export async function currentSigningKey(db: Executor, secrets: Secrets, now = new Date()): Promise<SigningKey> {
  const [newest] = await db
    .select()
    .from(oidcKeys)
    .where(isNull(oidcKeys.retiredAt))
    .orderBy(desc(oidcKeys.createdAt))
    .limit(1);
  const privateJwk = newest ? unseal(secrets, newest.privateJwkEncrypted) : null;
  // A key sealed with another SECRETS_KEY cannot sign here: a new one is made (and published beside it).
  if (newest && privateJwk && now.getTime() - newest.createdAt.getTime() < KEY_LIFETIME_MS) {
    return { kid: newest.kid, privateJwk, createdAt: newest.createdAt };
  }
  return rotate(db, secrets, now);
}

/** A sealed private key, or null when this installation's secret cannot open it. */
function unseal(secrets: Secrets, sealed: string): SigningKey['privateJwk'] | null {
  try {
    return JSON.parse(secrets.decrypt(sealed)) as SigningKey['privateJwk'];
  } catch {
    return null;
  }
}

async function rotate(db: Executor, secrets: Secrets, now: Date): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const kid = randomUUID();
  const publicJwk: PublicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG, use: 'sig' };
  await db.transaction(async (tx) => {
    await tx.update(oidcKeys).set({ retiredAt: now }).where(isNull(oidcKeys.retiredAt));
    await tx
      .delete(oidcKeys)
      .where(lt(oidcKeys.retiredAt, sql`${new Date(now.getTime() - RETIRED_KEY_PUBLISHED_MS)}::timestamptz`));
    await tx.insert(oidcKeys).values({
      kid,
      publicJwk,
      privateJwkEncrypted: secrets.encrypt(JSON.stringify(privateJwk)),
      createdAt: now,
    });
  });
  return { kid, privateJwk, createdAt: now };
}

/** Every published key with its private part, the signing one first (the provider's key set). */
export async function privateKeySet(db: Executor, secrets: Secrets): Promise<SigningKey['privateJwk'][]> {
  const current = await currentSigningKey(db, secrets);
  const rows = await db.select().from(oidcKeys).orderBy(desc(oidcKeys.createdAt));
  const others = rows.flatMap((r) => {
    const key = r.kid === current.kid ? null : unseal(secrets, r.privateJwkEncrypted);
    return key ? [key] : [];
  });
  return [current.privateJwk, ...others];
}
