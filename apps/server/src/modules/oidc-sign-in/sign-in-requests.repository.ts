import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passportSignInRequests } from '../../db/schema/index';

// Dashboard sign-ins in flight at an OpenID Connect provider (the passport, or a company's own): a global
// table, found by the hash of the sign-in's `state`. Never inside a company's transaction.

export type SignInProvider = 'passport' | 'company';
export type SignInRequestRow = typeof passportSignInRequests.$inferSelect;

export async function insertSignInRequest(db: Executor, row: typeof passportSignInRequests.$inferInsert) {
  await db.insert(passportSignInRequests).values(row);
}

/** The sign-in a callback's `state` belongs to, once: a second callback with it finds nothing. */
export async function takeSignInRequest(
  db: Executor,
  stateHash: string,
  provider: SignInProvider,
): Promise<SignInRequestRow | null> {
  const [row] = await db
    .delete(passportSignInRequests)
    .where(
      and(
        eq(passportSignInRequests.stateHash, stateHash),
        eq(passportSignInRequests.provider, provider),
        gt(passportSignInRequests.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}
