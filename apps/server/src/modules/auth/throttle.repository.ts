import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { throttles } from '../../db/schema/index';

export type ThrottleRule = { limit: number; windowMs: number };

/** Seconds until `key` may try again, or 0 when it is under its limit. */
export async function throttleWait(db: Executor, key: string, rule: ThrottleRule): Promise<number> {
  const [row] = await db.select().from(throttles).where(eq(throttles.key, key)).limit(1);
  if (!row || row.resetAt.getTime() <= Date.now() || row.hits < rule.limit) return 0;
  return Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
}

/** Counts one failure in a fixed window shared by every app node. */
export async function throttleHit(db: Executor, key: string, rule: ThrottleRule): Promise<void> {
  const resetAt = new Date(Date.now() + rule.windowMs);
  await db
    .insert(throttles)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        hits: sql`case when ${throttles.resetAt} <= now() then 1 else ${throttles.hits} + 1 end`,
        resetAt: sql`case when ${throttles.resetAt} <= now() then ${resetAt.toISOString()}::timestamptz else ${throttles.resetAt} end`,
      },
    });
}

export async function throttleClear(db: Executor, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key));
}
