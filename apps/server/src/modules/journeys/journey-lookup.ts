// Reading journeys as the API shows them, and finding one the caller may see (spec §3, §6): shared by
// the journeys, flows, options and kiosks services.
import type { Journey } from '@app/shared/journeys/schemas';
import type { RegistrationMethod } from '@app/shared/user-types/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { findJourney, listFlows, sitesOfJourneys, type JourneyWithCounts } from './journeys.repository';

export const REGISTRATION_NOT_REQUIRED: RegistrationMethod = 'registration_not_required';

export const siteInScope = (ctx: AccessContext, siteId: string) => ctx.siteIds === null || ctx.siteIds.includes(siteId);
export const names = (items: { name: string }[]) => items.map((i) => i.name).join(', ');
// ── how a journey reads ─────────────────────────────────────────────────────────────────────────

/** The logo's URL carries the random part of its file name, so it changes whenever the logo does. */
export const logoUrl = (journeyId: string, key: string | null) => {
  const version = key?.match(/logo-([\w-]+)\.(?:png|jpg)$/)?.[1];
  return version ? `/api/v1/journeys/${journeyId}/logo?v=${version}` : null;
};

/** Journeys as the API shows them; any number of them costs two more queries. */
export async function toJourneys(tx: Executor, ctx: AccessContext, rows: JourneyWithCounts[]): Promise<Journey[]> {
  const ids = rows.map((r) => r.journey.id);
  const siteRows = await sitesOfJourneys(tx, ctx.entityId, ids);
  const flowRows = await listFlows(tx, ctx.entityId, { journeyIds: ids });
  return rows.map(({ journey, flowCount, kioskCount }) => ({
    id: journey.id,
    name: journey.name,
    description: journey.description,
    logo_url: logoUrl(journey.id, journey.logo),
    remote: journey.remote,
    touch_mode: journey.touchMode,
    sites: siteRows
      .filter((s) => s.journeyId === journey.id)
      .map((s) => ({ id: s.id, name: s.name, locked: !siteInScope(ctx, s.id) })),
    user_types: flowRows
      .filter((f) => f.flow.journeyId === journey.id)
      .map((f) => ({
        id: f.flow.userTypeId,
        name: f.userTypeName,
        registration_method: f.registrationMethod as RegistrationMethod,
        flow_id: f.flow.id,
      })),
    flow_count: Number(flowCount),
    kiosk_count: Number(kioskCount),
    created_at: journey.createdAt.toISOString(),
    updated_at: journey.updatedAt.toISOString(),
  }));
}

export async function mustFindJourney(tx: Executor, ctx: AccessContext, id: string) {
  const found = await findJourney(tx, ctx.entityId, ctx.siteIds, id);
  if (!found) throw new AppError('not_found');
  return found;
}

export async function readJourney(tx: Executor, ctx: AccessContext, id: string) {
  return (await toJourneys(tx, ctx, [await mustFindJourney(tx, ctx, id)]))[0]!;
}
