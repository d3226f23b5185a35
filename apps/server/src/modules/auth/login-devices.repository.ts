import { and, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginDevices, users } from '../../db/schema/index';

export async function insertLoginDevice(db: Executor, values: typeof loginDevices.$inferInsert) {
  await db.insert(loginDevices).values(values);
}

/** Of the browser's device tokens (hashed), the trusted, unexpired one of the person with this email. */
export async function findTrustedDevice(db: Executor, tokenHashes: string[], email: string) {
  if (tokenHashes.length === 0) return null;
  const [row] = await db
    .select({ id: loginDevices.id, userId: loginDevices.userId, tokenHash: loginDevices.tokenHash })
    .from(loginDevices)
    .innerJoin(users, eq(users.id, loginDevices.userId))
    .where(
      and(
        inArray(loginDevices.tokenHash, tokenHashes),
        isNotNull(loginDevices.trustedAt),
        gt(loginDevices.expiresAt, sql`now()`),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The browser's trusted device of this person, if any (a sign-in refreshes it rather than adding one). */
export async function findUserDevice(db: Executor, tokenHashes: string[], userId: string) {
  if (tokenHashes.length === 0) return null;
  const [row] = await db
    .select({ id: loginDevices.id })
    .from(loginDevices)
    .where(
      and(
        inArray(loginDevices.tokenHash, tokenHashes),
        eq(loginDevices.userId, userId),
        isNotNull(loginDevices.trustedAt),
        gt(loginDevices.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function touchLoginDevice(db: Executor, id: string, expiresAt: Date) {
  await db.update(loginDevices).set({ lastUsedAt: new Date(), expiresAt }).where(eq(loginDevices.id, id));
}

/** Trusts the device of an unlock link that is still waiting and unexpired; null when it is not. */
export async function trustPendingDevice(db: Executor, tokenHash: string, expiresAt: Date) {
  const [row] = await db
    .update(loginDevices)
    .set({ trustedAt: sql`now()`, lastUsedAt: sql`now()`, expiresAt })
    .where(
      and(
        eq(loginDevices.tokenHash, tokenHash),
        isNull(loginDevices.trustedAt),
        gt(loginDevices.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: loginDevices.id, userId: loginDevices.userId });
  return row ?? null;
}

/** Devices past their expiry, and unlock links never opened in time. */
export async function purgeLoginDevices(db: Executor) {
  await db.delete(loginDevices).where(lt(loginDevices.expiresAt, sql`now()`));
}
