// The kiosks a journey runs on (spec §3 Journey): assigning a kiosk of the journey's sites and
// releasing it.
import type { FastifyInstance } from 'fastify';
import type { JourneyKiosk } from '@app/shared/journeys/schemas';
import { KIOSK_ONLINE_WINDOW_MS } from '@app/shared/kiosks/schemas';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { writeAudit, writeAudits } from '../audit/audit.repository';
import { findKiosksByIds, kiosksAtSites, setKioskJourney } from './journeys.repository';
import { inTenant } from '../access/in-tenant';
import { mustFindJourney, names, readJourney } from './journey-lookup';

const toKiosk = (k: Awaited<ReturnType<typeof kiosksAtSites>>[number], now: number): JourneyKiosk => ({
  id: k.id,
  name: k.name,
  site_id: k.siteId,
  site_name: k.siteName,
  area_id: k.areaId,
  area_name: k.areaName,
  journey: k.journeyId && k.journeyName !== null ? { id: k.journeyId, name: k.journeyName } : null,
  online: k.lastSeenAt !== null && now - k.lastSeenAt.getTime() <= KIOSK_ONLINE_WINDOW_MS,
});

/** The kiosks at the journey's sites (the caller's), each with the journey it runs now. */
export async function journeyKiosks(app: FastifyInstance, ctx: AccessContext, journeyId: string) {
  return inTenant(app, ctx, async (tx) => {
    const journey = await readJourney(tx, ctx, journeyId);
    const siteIds = journey.sites.filter((s) => !s.locked).map((s) => s.id);
    const now = Date.now();
    return { data: (await kiosksAtSites(tx, ctx.entityId, siteIds)).map((k) => toKiosk(k, now)) };
  });
}

/** Moves kiosks to this journey (spec change_journey_for_kiosk); each must stand at one of its sites. */
export async function assignKiosks(app: FastifyInstance, ctx: AccessContext, journeyId: string, kioskIds: string[]) {
  return inTenant(app, ctx, async (tx) => {
    const journey = await readJourney(tx, ctx, journeyId);
    const found = await findKiosksByIds(tx, ctx.entityId, ctx.siteIds, kioskIds);
    if (found.length !== kioskIds.length)
      throw new AppError('not_found', { field: 'kiosk_ids', messageKey: 'not_found' });
    const elsewhere = found.filter((k) => !journey.sites.some((s) => s.id === k.siteId));
    if (elsewhere.length) {
      throw new AppError('rule_violation', {
        field: 'kiosk_ids',
        messageKey: 'journey_kiosk_site',
        vars: { kiosks: names(elsewhere), journey: journey.name },
      });
    }
    const moving = found.filter((k) => k.journeyId !== journeyId);
    await setKioskJourney(
      tx,
      ctx.entityId,
      moving.map((k) => k.id),
      journeyId,
    );
    await writeAudits(
      tx,
      ctx,
      moving.map((k) => ({
        action: 'kiosk.journey',
        targetType: 'kiosk',
        targetId: k.id,
        before: { journey_id: k.journeyId },
        after: { journey_id: journeyId },
      })),
    );
    const now = Date.now();
    return { data: (await findKiosksByIds(tx, ctx.entityId, ctx.siteIds, kioskIds)).map((k) => toKiosk(k, now)) };
  });
}

/** The kiosk stops running this journey (it runs none until given another). */
export async function releaseKiosk(app: FastifyInstance, ctx: AccessContext, journeyId: string, kioskId: string) {
  await inTenant(app, ctx, async (tx) => {
    await mustFindJourney(tx, ctx, journeyId);
    const [kiosk] = await findKiosksByIds(tx, ctx.entityId, ctx.siteIds, [kioskId]);
    if (!kiosk || kiosk.journeyId !== journeyId) throw new AppError('not_found');
    await setKioskJourney(tx, ctx.entityId, [kioskId], null);
    await writeAudit(tx, ctx, {
      action: 'kiosk.journey',
      targetType: 'kiosk',
      targetId: kioskId,
      before: { journey_id: journeyId },
      after: { journey_id: null },
    });
  });
}
