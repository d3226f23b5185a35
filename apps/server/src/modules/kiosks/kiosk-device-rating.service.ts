// Spec "ask for a rating": the person who signed out at a kiosk rates their visit. Kept in the visit's
// `extra` as it came (score, scale, when, which kiosk) and shown with the visit in the logbook.
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { KIOSK_RATING } from '@app/shared/kiosks/device-visits';
import type { Visit } from '@app/shared/visits/schemas';
import { visits } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { visitEditorOf } from '../expected-visits/visit-editor';
import { toVisits } from '../visits/visit-view';
import { mustFindVisitRow } from '../visits/visits.service';
import { findVisitRows } from '../visits/visits.repository';
import { companyZone } from '../access/company-zone';

/**
 * A visit signed out at the kiosk's area at most a quarter of an hour ago takes a rating (a later one
 * replaces it within that time). Another area's or company's visit: 404; too late or not signed out: 422.
 */
export async function rateKioskVisit(
  app: FastifyInstance,
  ctx: AccessContext,
  kiosk: { kioskId: string; areaId: string },
  id: string,
  score: number,
  now = new Date(),
): Promise<Visit> {
  const visit = await inTenant(app, ctx, async (tx) => {
    const row = await mustFindVisitRow(tx, ctx, id);
    if (row.visit.areaId !== kiosk.areaId) throw new AppError('not_found');
    const left = row.visit.signedOutAt;
    if (row.visit.state !== 'left' || !left || now.getTime() - left.getTime() > KIOSK_RATING.windowMs) {
      throw new AppError('rule_violation', { field: 'id', messageKey: 'kiosk_rating_closed' });
    }
    const rating = { score, max: KIOSK_RATING.max, at: now.toISOString(), kiosk_id: kiosk.kioskId };
    await tx
      .update(visits)
      .set({ extra: sql`${visits.extra} || jsonb_build_object('rating', ${JSON.stringify(rating)}::jsonb)` })
      .where(and(eq(visits.entityId, ctx.entityId), eq(visits.id, id)));
    await writeAudit(tx, ctx, { action: 'visit.rated', targetType: 'visit', targetId: id, after: { score } });
    const [after] = await findVisitRows(tx, ctx.entityId, undefined, [id]);
    return (await toVisits(tx, ctx.entityId, companyZone(ctx), [after!], visitEditorOf(ctx)))[0]!;
  });
  return visit;
}
