// Late visitors (issue 29, decision 053): an expected visitor who has not signed in
// `HOST_LATE_AFTER_MINUTES` after their time is late, and their hosts are told once, in the companies
// whose chat channels are told of it. A visit waiting for approval or rejected is not late: it cannot
// be signed in. Visits more than a few hours late are left alone (a stale day's visits, a new channel).
import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE } from '@app/shared/constants';
import { HOST_LATE_AFTER_MINUTES } from '@app/shared/webhooks/schemas';
import { rowsOf, withTenant } from '../../db/client';
import { visits } from '../../db/schema/index';
import { safeTimeZone } from '@app/shared/time-zones';
import { findEntity } from '../access/access.repository';
import { queueHostAlerts } from './host-alerts';

/** How late a visit may be and still be told of. */
const LOOK_BACK_MS = 4 * 3_600_000;
/** Visits told of per company and run; the rest the next minute. */
const BATCH = 200;

const NOT_ARRIVING = ['awaiting_approval', 'awaiting_approval_compliance_failed', 'rejected'];

/** Companies whose enabled chat channels are told of late visitors. */
async function companiesTold(app: FastifyInstance): Promise<string[]> {
  const res = await app.db.db.execute(sql`
    select distinct entity_id from webhook_endpoints
     where enabled and 'host.visitor_late' = any(events)`);
  return rowsOf<{ entity_id: string }>(res).map((r) => r.entity_id);
}

/** Tells the hosts of every visit late by `now`, once; answers how many visits were told of. */
export async function alertLateVisitors(app: FastifyInstance, now: Date): Promise<number> {
  let told = 0;
  const latest = new Date(now.getTime() - HOST_LATE_AFTER_MINUTES * 60_000);
  for (const entityId of await companiesTold(app)) {
    const entity = await findEntity(app.db.db, entityId);
    if (!entity) continue;
    told += await withTenant(app.db.db, entityId, async (tx) => {
      const late = await tx
        .select({ id: visits.id })
        .from(visits)
        .where(
          and(
            eq(visits.entityId, entityId),
            eq(visits.state, 'expected'),
            lte(visits.expectedAt, latest),
            gt(visits.expectedAt, new Date(now.getTime() - LOOK_BACK_MS)),
            isNull(visits.hostLateAlertedAt),
            or(isNull(visits.stage), notInArray(visits.stage, NOT_ARRIVING)),
          ),
        )
        .limit(BATCH)
        // Two nodes' runs at once tell of each visit once.
        .for('update', { skipLocked: true });
      if (late.length === 0) return 0;
      const ids = late.map((v) => v.id);
      await tx
        .update(visits)
        .set({ hostLateAlertedAt: now })
        .where(and(eq(visits.entityId, entityId), inArray(visits.id, ids)));
      await queueHostAlerts(app, tx, entityId, 'host.visitor_late', {
        visits: ids.map((visitId) => ({ visitId })),
        company: entity.name,
        timeZone: safeTimeZone(entity.timezone),
        lang: DEFAULT_LANGUAGE,
        now,
      });
      return ids.length;
    });
  }
  return told;
}
