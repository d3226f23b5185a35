import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { localDate, startOfLocalDay } from '@app/shared/compliances/validity';
import { safeTimeZone } from '@app/shared/time-zones';
import { autoSignOutAt, autoSignOutDue } from '@app/shared/visits/rules';
import type { AutoSignOutMode } from '@app/shared/visits/schemas';
import { withTenant } from '../../db/client';
import { defineJob } from '../../plugins/jobs';
import { writeAudits } from '../audit/audit.repository';
import { companiesWithPeopleOnSite, dueOnSiteVisits, signOutVisits } from './visits.repository';
import { queueVisitMessages } from '../webhooks/visit-messages';

// Auto sign-out (spec §4 "Auto sign-out modes", DESIGN "Jobs"): people who never signed out are signed
// out 24 hours after signing in, or at the first midnight on the company's clock after it, as their
// area says. The departure recorded is that moment, not the moment the sweep ran, so a late run (a
// restart, a lost job) records the same times. Runs are idempotent: only visits still on site move.

const payload = z.object({ entity_id: z.uuid().optional() });

export type AutoSignOut = {
  entityId: string;
  visitId: string;
  signedOutAt: Date;
  source: 'auto_24h' | 'auto_midnight';
};

async function sweepCompany(
  app: FastifyInstance,
  entityId: string,
  timezone: string,
  now: Date,
): Promise<AutoSignOut[]> {
  const zone = safeTimeZone(timezone);
  const startOfToday = startOfLocalDay(localDate(now, zone), zone);
  const done = await withTenant(app.db.db, entityId, async (tx) => {
    const candidates = await dueOnSiteVisits(tx, entityId, now, startOfToday);
    const due = candidates
      .filter((v) => v.signedInAt !== null && autoSignOutDue(v.signedInAt, v.mode as AutoSignOutMode, zone, now))
      .map((v) => {
        const mode = v.mode as AutoSignOutMode;
        return {
          id: v.id,
          areaId: v.areaId,
          at: autoSignOutAt(v.signedInAt!, mode, zone),
          source: mode === 'midnight' ? ('auto_midnight' as const) : ('auto_24h' as const),
        };
      });
    const moved = new Set(await signOutVisits(tx, entityId, due));
    const applied = due.filter((d) => moved.has(d.id));
    await writeAudits(
      tx,
      { entityId, actor: { kind: 'client' } },
      applied.map((d) => ({
        action: 'visit.signed_out',
        targetType: 'visit',
        targetId: d.id,
        after: { state: 'left', sign_out_source: d.source, signed_out_at: d.at.toISOString() },
      })),
    );
    await queueVisitMessages(
      tx,
      { id: entityId, timezone },
      'visit.signed_out',
      applied.map((d) => d.id),
      now,
    );
    return applied;
  });
  return done.map((d) => ({ entityId, visitId: d.id, signedOutAt: d.at, source: d.source }));
}

/** The sweep's work, callable with any clock: one company, or every company with someone on site. */
export async function autoSignOutVisits(
  app: FastifyInstance,
  options: { now: Date; entityId?: string },
): Promise<AutoSignOut[]> {
  const companies = await companiesWithPeopleOnSite(app.db.db);
  const results: AutoSignOut[] = [];
  for (const c of companies) {
    if (options.entityId && c.entity_id !== options.entityId) continue;
    results.push(...(await sweepCompany(app, c.entity_id, c.timezone, options.now)));
  }
  return results;
}

export const autoSignOutJob = defineJob({
  name: 'visits-auto-sign-out',
  payload,
  cron: '* * * * *',
  cronPayload: {},
  handler: async (data, { app, now }) => {
    await autoSignOutVisits(app, { now, entityId: data.entity_id });
  },
});

export const visitJobs = [autoSignOutJob];
