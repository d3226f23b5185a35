import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { throttles } from '../../db/schema/index';

export type ThrottleRule = { limit: number; windowMs: number };

/** The outcome of counting one attempt: whether it is within the limit, and how long the window lasts. */
export type ThrottleSlot = { allowed: boolean; hits: number; waitSeconds: number };

/**
 * Counts one attempt and says whether it may go ahead, in one statement: parallel requests each get
 * their own count, so no more than `limit` attempts pass in a window however many arrive at once.
 * The window is fixed and shared by every app node; it starts with the first attempt.
 */
export async function throttleTake(db: Executor, key: string, rule: ThrottleRule): Promise<ThrottleSlot> {
  const windowSeconds = Math.ceil(rule.windowMs / 1000);
  const [row] = await db
    .insert(throttles)
    .values({ key, hits: 1, resetAt: sql`now() + make_interval(secs => ${windowSeconds})` })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        hits: sql`case when ${throttles.resetAt} <= now() then 1 else ${throttles.hits} + 1 end`,
        resetAt: sql`case when ${throttles.resetAt} <= now() then now() + make_interval(secs => ${windowSeconds}) else ${throttles.resetAt} end`,
      },
    })
    .returning({
      hits: throttles.hits,
      waitSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${throttles.resetAt} - now())))::int`,
    });
  const hits = row?.hits ?? 1;
  return { allowed: hits <= rule.limit, hits, waitSeconds: row?.waitSeconds ?? windowSeconds };
}

/** Gives back an attempt that turned out to be good, so successes do not use up a shared limit. */
export async function throttleGiveBack(db: Executor, key: string): Promise<void> {
  await db
    .update(throttles)
    .set({ hits: sql`greatest(${throttles.hits} - 1, 0)` })
    .where(eq(throttles.key, key));
}

export async function throttleClear(db: Executor, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key));
}
