import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { tables, type Executor } from '../../platform';

const { passportSessions } = tables;
export type PassportSessionRow = typeof passportSessions.$inferSelect;

export async function insertPassportSession(db: Executor, row: typeof passportSessions.$inferInsert) {
  await db.insert(passportSessions).values(row);
}

export async function findLivePassportSession(db: Executor, id: string): Promise<PassportSessionRow | null> {
  const [row] = await db
    .select()
    .from(passportSessions)
    .where(and(eq(passportSessions.id, id), gt(passportSessions.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

export async function touchPassportSession(db: Executor, id: string, patch: Partial<PassportSessionRow> = {}) {
  await db
    .update(passportSessions)
    .set({ ...patch, lastSeenAt: new Date() })
    .where(eq(passportSessions.id, id));
}

export async function listPassportSessions(db: Executor, accountId: string) {
  return db
    .select()
    .from(passportSessions)
    .where(and(eq(passportSessions.accountId, accountId), gt(passportSessions.expiresAt, sql`now()`)))
    .orderBy(desc(passportSessions.lastSeenAt));
}

export async function deletePassportSession(db: Executor, accountId: string, id: string) {
  const gone = await db
    .delete(passportSessions)
    .where(and(eq(passportSessions.accountId, accountId), eq(passportSessions.id, id)))
    .returning({ id: passportSessions.id });
  return gone.length > 0;
}

/** Ends every session of the account, but `keep` when given. */
export async function deleteAccountSessions(db: Executor, accountId: string, keep?: string) {
  await db
    .delete(passportSessions)
    .where(
      keep
        ? and(eq(passportSessions.accountId, accountId), ne(passportSessions.id, keep))
        : eq(passportSessions.accountId, accountId),
    );
}
