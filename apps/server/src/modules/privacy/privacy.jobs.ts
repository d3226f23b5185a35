import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { localDate, wallClock } from '@app/shared/compliances/validity';
import { PRIVACY } from '@app/shared/people/privacy';
import { safeTimeZone } from '@app/shared/time-zones';
import { defineJob } from '../../plugins/jobs';
import { runRetention } from './privacy.service';
import { companiesWithRetention } from './retention.repository';

// The nightly retention (decision 033): every hour the job looks at each company with a retention, and
// once its own clock has passed `PRIVACY.runHour` it deletes what is due, once per company day (a run
// row per day, unique, so a second look the same day, a restart or a late job does nothing more).

const iso = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The nightly work at `now`: the runs made (companies already done that day, or before the hour, skip). */
export async function runNightlyRetention(app: FastifyInstance, now: Date, entityId?: string) {
  const runs = [];
  for (const company of await companiesWithRetention(app.db.db)) {
    if (entityId && company.id !== entityId) continue;
    const zone = safeTimeZone(company.timezone);
    if (wallClock(now, zone).hour < PRIVACY.runHour) continue;
    const run = await runRetention(app, company.id, {
      trigger: 'schedule',
      scope: 'both',
      localDate: iso(localDate(now, zone)),
      now,
    }).catch((err: unknown) => {
      app.log.error({ err, entityId: company.id }, 'privacy retention failed');
      return null;
    });
    if (run) runs.push({ entityId: company.id, run });
  }
  return runs;
}

export const privacyRetentionJob = defineJob({
  name: 'privacy.retention',
  payload: z.object({}),
  cron: '7 * * * *',
  cronPayload: {},
  handler: async (_payload, { app, now, log }) => {
    for (const { entityId, run } of await runNightlyRetention(app, now)) {
      log.info({ entityId, people: run.people_erased, visits: run.visits_anonymised }, 'privacy retention');
    }
  },
});
