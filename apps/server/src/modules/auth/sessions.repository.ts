import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema/index';

export type SessionWithUser = {
  session: typeof sessions.$inferSelect;
  user: typeof users.$inferSelect;
};

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function findLiveSession(db: Executor, id: string): Promise<SessionWithUser | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

export async function updateSession(db: Executor, id: string, values: Partial<typeof sessions.$inferInsert>) {
  await db.update(sessions).set(values).where(eq(sessions.id, id));
}

/** Ends sessions; returns the ids that were still open (their sockets must close too). */
export async function deleteSessions(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.delete(sessions).where(inArray(sessions.id, ids)).returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Ends a session waiting for its two-step code; false when another request ended it first. */
export async function consumePendingSession(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.otpPending, true)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Revokes every session of a person, except optionally the one making the change; returns their ids. */
export async function deleteUserSessions(db: Executor, userId: string, exceptId?: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function listUserSessions(db: Executor, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends one of the person's own sessions; false when it is not theirs. */
export async function deleteOwnSession(db: Executor, userId: string, id: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** The sessions in use lately (seen since `since`, not waiting for a code), newest first: warmed at start. */
export async function recentSessionIds(db: Executor, since: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(gt(sessions.lastSeenAt, since), gt(sessions.expiresAt, sql`now()`), eq(sessions.otpPending, false)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
