// What a kiosk fetches to run its journey (decision 044), with its device token: only its company,
// its own place, and the journey its site runs. Nothing here is another kiosk's or another company's.
import type { FastifyInstance } from 'fastify';
import { permissionMapOf } from '@app/shared/access/permissions';
import type { Announcement } from '@app/shared/announcements/schemas';
import type { KioskAnnouncement, KioskJourneyBundle } from '@app/shared/kiosks/device-data';
import type { LoginMode } from '@app/shared/sites/schemas';
import { PAGING } from '@app/shared/constants';
import { inTenant } from '../access/in-tenant';
import { listCompanyAnnouncements } from '../announcements/announcements.service';
import { listJourneyFlows } from '../journeys/flows.service';
import { getJourney, readJourneyLogo } from '../journeys/journeys.service';
import { AppError } from '../../lib/app-error';
import { findArea } from '../sites/sites.repository';
import { deviceKiosk, kioskNotRegistered } from './device-kiosk';
import { toSettings } from './kiosks.service';
import { watchlistSnapshot } from '../watchlist/watchlist-snapshot';

const NO_PERMISSIONS = permissionMapOf([]);

/** Urgent first, then pinned, then the newest; only those for the journey's user types, or everyone. */
export function announcementsForKiosk(list: Announcement[], userTypeIds: ReadonlySet<string>): KioskAnnouncement[] {
  return list
    .filter((a) => a.user_types.length === 0 || a.user_types.some((t) => userTypeIds.has(t.id)))
    .sort(
      (a, b) =>
        Number(b.urgent) - Number(a.urgent) ||
        Number(b.pinned) - Number(a.pinned) ||
        b.publish_at_utc.localeCompare(a.publish_at_utc),
    )
    .map((a) => ({
      id: a.id,
      text: a.text,
      excerpt: a.excerpt,
      url: a.url,
      user_type_ids: a.user_types.map((t) => t.id).filter((id) => userTypeIds.has(id)),
      urgent: a.urgent,
      pinned: a.pinned,
      verbal: a.verbal,
      expires_at_utc: a.expires_at_utc,
    }));
}

/** GET /kiosk-device/journey: everything the kiosk needs to run its journey, in one answer. */
export async function kioskJourneyBundle(
  app: FastifyInstance,
  deviceToken: string | undefined,
  now = new Date(),
): Promise<KioskJourneyBundle> {
  const { ctx, kiosk } = await deviceKiosk(app, deviceToken, NO_PERMISSIONS);
  const row = kiosk.kiosk;
  const area = await inTenant(app, ctx, (tx) => findArea(tx, ctx.entityId, ctx.siteIds, row.areaId));
  if (!area) throw kioskNotRegistered();
  const journey = row.journeyId ? await getJourney(app, ctx, row.journeyId) : null;
  const flows = journey ? (await listJourneyFlows(app, ctx, journey.id)).data : [];
  const active = journey
    ? await listCompanyAnnouncements(
        app,
        ctx,
        { state: 'active', page: 1, limit: PAGING.maxLimit, sortField: 'publish_at', orderBy: 'desc' },
        now,
      )
    : { data: [] };
  return {
    kiosk: { id: row.id, name: row.name, settings: toSettings(row.settings), logging: row.logging },
    area: { id: area.id, name: area.name, login_mode: area.loginMode as LoginMode },
    site: { id: kiosk.siteId, name: kiosk.siteName },
    company: {
      id: ctx.entity.id,
      name: ctx.entity.name,
      timezone: ctx.entity.timezone,
    },
    logo: (journey !== null && journey.logo_url !== null) || ctx.entity.logo !== null,
    journey,
    flows,
    announcements: announcementsForKiosk(active.data, new Set(journey?.user_types.map((t) => t.id) ?? [])),
    watchlist: await inTenant(app, ctx, (tx) => watchlistSnapshot(tx, ctx.entityId)),
    fetched_at: now.toISOString(),
  };
}

/** GET /kiosk-device/logo: the journey's logo, or else the company's (spec: the welcome screen shows it). */
export async function kioskLogo(app: FastifyInstance, deviceToken: string | undefined) {
  const { ctx, kiosk } = await deviceKiosk(app, deviceToken, NO_PERMISSIONS);
  const journeyId = kiosk.kiosk.journeyId;
  if (journeyId) {
    const journeyLogo = await readJourneyLogo(app, ctx, journeyId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found') return null;
      throw error;
    });
    if (journeyLogo) return journeyLogo;
  }
  // The company's logo is kept as the public address it is served at (…/entities/{id}/logo.png?v=…).
  const file = ctx.entity.logo?.match(/\/(logo\.(?:png|jpg))(?:\?|$)/)?.[1];
  const data = file ? await app.files.get(`entities/${ctx.entityId}/${file}`) : null;
  if (!data || !file) throw new AppError('not_found');
  return { data, name: file };
}
