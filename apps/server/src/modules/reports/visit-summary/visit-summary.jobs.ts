import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../../../db/client';
import { defineJob } from '../../../plugins/jobs';

// The fold of past days (decision 038): a day's aggregate rows are spread over eight slots so that
// concurrent sign-ins do not queue on one row; once the day is over on the company's clock nobody signs
// in to it any more, and its slots are folded into one row per site, area and user type, so the summary
// of a year reads a row where it read up to eight. Every hour, so each company's midnight is soon
// followed by a run; a day some writer holds at that moment is left for the next run.

/** Days folded in one transaction: a month, so a batch holds its days' locks for moments only. */
export const FOLD_BATCH_DAYS = 31;

/** Folds every company's past days still in slots; answers the days folded. */
export async function foldPastDays(app: FastifyInstance, entityId?: string): Promise<number> {
  // A day before today on any clock is before tomorrow in UTC: the function itself looks at each
  // company's own clock.
  const companies = rowsOf<{ entity_id: string }>(
    await app.db.db.execute(sql`
      select distinct entity_id from visit_day_arrivals
      where slot >= 0 and day < current_date + 1 ${entityId ? sql`and entity_id = ${entityId}` : sql``}`),
  );
  let total = 0;
  for (const { entity_id } of companies) {
    for (;;) {
      const res = await app.db.db.execute(
        sql`select visit_stats_fold(${entity_id}::uuid, ${FOLD_BATCH_DAYS}::integer) as folded`,
      );
      const folded = Number(rowsOf<{ folded: number }>(res)[0]?.folded ?? 0);
      total += folded;
      // A short batch: nothing more to fold, or days held by writers, left for the next run.
      if (folded < FOLD_BATCH_DAYS) break;
    }
  }
  return total;
}

export const visitStatsFoldJob = defineJob({
  name: 'visit_stats.fold',
  payload: z.object({}),
  cron: '11 * * * *',
  cronPayload: {},
  handler: async (_payload, { app, log }) => {
    const days = await foldPastDays(app);
    if (days > 0) log.info({ days }, 'visit summary days folded');
  },
});
