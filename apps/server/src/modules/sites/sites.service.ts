import type { FastifyInstance } from 'fastify';
import { KIOSK_ONLINE_WINDOW_MS } from '@app/shared/kiosks/schemas';
import type { Area, ListSitesQuery, Site, SiteBody, SiteTree } from '@app/shared/sites/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { noticeCreatedForOwners } from '../access/owner-notices';
import { writeAudit } from '../audit/audit.repository';
import { countDoors, listDoors } from '../doors/doors.repository';
import { signOutEveryoneInArea } from '../visits/sign-out.service';
import { countVisitsIn } from '../visits/visits.repository';
import {
  assignSiteToMember,
  countKiosks,
  deleteArea,
  deleteSiteWithAreas,
  findArea,
  findSite,
  insertArea,
  insertSite,
  isAreaNameTaken,
  isSiteNameTaken,
  listKiosksOfAreas,
  listSites,
  listSitesWithAreas,
  updateArea,
  updateSite,
  type AreaRow,
  type SiteRow,
} from './sites.repository';
import { inTenant } from '../access/in-tenant';
import { capacityChanged } from '../capacity/capacity-events';

const toSite = (row: SiteRow, areaCount: number): Site => ({
  id: row.id,
  name: row.name,
  location:
    row.latitude !== null && row.longitude !== null && row.radius !== null
      ? {
          latitude: row.latitude,
          longitude: row.longitude,
          radius: row.radius,
          location_name: row.locationName ?? '',
          zoom: row.zoom ?? 15,
        }
      : null,
  capacity: row.capacity,
  daily_visitor_limit: row.dailyVisitorLimit,
  area_count: Number(areaCount),
  created_at: row.createdAt.toISOString(),
});

const toArea = (row: AreaRow): Area => ({
  id: row.id,
  site_id: row.siteId,
  name: row.name,
  login_mode: row.loginMode === 'checkIn_only' ? 'checkIn_only' : 'signIn_signOut',
  auto_sign_out: row.autoSignOut === 'midnight' ? 'midnight' : 'after_24h',
  status: row.active,
  capacity: row.capacity,
  daily_visitor_limit: row.dailyVisitorLimit,
});

type PlaceLimits = { capacity?: number | null; daily_visitor_limit?: number | null };

/** A place's limits as a body gives them: left out, they stay as `before` had them (none, for a new place). */
const limitColumns = (body: PlaceLimits, before?: { capacity: number | null; dailyVisitorLimit: number | null }) => ({
  capacity: body.capacity === undefined ? (before?.capacity ?? null) : body.capacity,
  dailyVisitorLimit:
    body.daily_visitor_limit === undefined ? (before?.dailyVisitorLimit ?? null) : body.daily_visitor_limit,
});

/** Check-ins keep nobody on site: a check-in-only area has no capacity to fill (its daily limit still counts). */
function assertCapacityFits(loginMode: string, capacity: number | null) {
  if (loginMode === 'checkIn_only' && capacity !== null) {
    throw new AppError('validation_failed', { field: 'capacity', messageKey: 'area_capacity_check_in_only' });
  }
}

const limitsChanged = (before: { capacity: number | null; dailyVisitorLimit: number | null }, after: typeof before) =>
  before.capacity !== after.capacity || before.dailyVisitorLimit !== after.dailyVisitorLimit;

const locationColumns = (body: SiteBody) => ({
  latitude: body.location?.latitude ?? null,
  longitude: body.location?.longitude ?? null,
  radius: body.location?.radius ?? null,
  locationName: body.location?.location_name ?? null,
  zoom: body.location?.zoom ?? null,
});

export async function listCompanySites(app: FastifyInstance, ctx: AccessContext, q: ListSitesQuery) {
  return inTenant(app, ctx, async (tx) => {
    const { rows, count } = await listSites(tx, ctx.entityId, ctx.siteIds, q);
    return { data: rows.map((r) => toSite(r.site, r.areaCount)), count };
  });
}

export async function getSiteTree(app: FastifyInstance, ctx: AccessContext): Promise<SiteTree> {
  return inTenant(app, ctx, async (tx) => {
    const { siteRows, areaRows } = await listSitesWithAreas(tx, ctx.entityId, ctx.siteIds);
    const kioskRows = await listKiosksOfAreas(
      tx,
      ctx.entityId,
      areaRows.map((a) => a.id),
    );
    const doorRows = await listDoors(tx, ctx.entityId, ctx.siteIds, { areaIds: areaRows.map((a) => a.id) });
    const doorsOf = (areaId: string) =>
      doorRows
        .filter((d) => d.door.areaId === areaId)
        .map((d) => ({ id: d.door.id, name: d.door.name, kiosk_id: d.door.kioskId }));
    const seenSince = Date.now() - KIOSK_ONLINE_WINDOW_MS;
    const kiosksOf = (areaId: string) =>
      kioskRows
        .filter((k) => k.areaId === areaId)
        .map((k) => ({ id: k.id, name: k.name, online: (k.lastSeenAt?.getTime() ?? 0) >= seenSince }));
    return siteRows.map((site) => ({
      value: site.id,
      text: site.name,
      children: areaRows
        .filter((a) => a.siteId === site.id)
        .map((a) => ({ ...toArea(a), value: a.id, text: a.name, kiosks: kiosksOf(a.id), doors: doorsOf(a.id) })),
    }));
  });
}

export async function getSite(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => {
    const found = await findSite(tx, ctx.entityId, ctx.siteIds, id);
    if (!found) throw new AppError('not_found');
    return toSite(found.site, found.areaCount);
  });
}

export async function createSite(app: FastifyInstance, ctx: AccessContext, body: SiteBody) {
  const site = await inTenant(app, ctx, async (tx) => {
    if (await isSiteNameTaken(tx, ctx.entityId, body.name)) {
      throw new AppError('conflict', { field: 'name', messageKey: 'site_name_taken' });
    }
    const row = await insertSite(tx, {
      entityId: ctx.entityId,
      id: newId(),
      name: body.name,
      ...locationColumns(body),
      ...limitColumns(body),
    });
    // An admin limited to assigned sites keeps access to the site they create.
    if (ctx.siteIds !== null && ctx.actor.kind === 'user') {
      await assignSiteToMember(tx, ctx.entityId, ctx.actor.membershipId, row.id);
    }
    await writeAudit(tx, ctx, { action: 'site.create', targetType: 'site', targetId: row.id, after: toSite(row, 0) });
    return toSite(row, 0);
  });
  noticeCreatedForOwners(app, ctx, { type: 'site', id: site.id, name: site.name });
  if (site.capacity !== null || site.daily_visitor_limit !== null) capacityChanged(app, ctx.entityId);
  return site;
}

export async function changeSite(app: FastifyInstance, ctx: AccessContext, id: string, body: SiteBody) {
  const { site, limits } = await inTenant(app, ctx, async (tx) => {
    const before = await findSite(tx, ctx.entityId, ctx.siteIds, id);
    if (!before) throw new AppError('not_found');
    if (await isSiteNameTaken(tx, ctx.entityId, body.name, id)) {
      throw new AppError('conflict', { field: 'name', messageKey: 'site_name_taken' });
    }
    const row = (await updateSite(tx, ctx.entityId, id, {
      name: body.name,
      ...locationColumns(body),
      ...limitColumns(body, before.site),
    }))!;
    const after = toSite(row, before.areaCount);
    await writeAudit(tx, ctx, {
      action: 'site.update',
      targetType: 'site',
      targetId: id,
      before: toSite(before.site, before.areaCount),
      after,
    });
    return { site: after, limits: limitsChanged(before.site, row) };
  });
  if (limits) capacityChanged(app, ctx.entityId);
  return site;
}

/**
 * What must be gone before a site or an area may be deleted: kiosks (moved or deregistered first),
 * doors (removed first), people on site (signed out first, 422), and the logbook's visits, which are
 * kept (422: make the place inactive instead).
 */
async function assertNothingInside(tx: Executor, entityId: string, place: { siteId: string } | { areaId: string }) {
  const inSite = 'siteId' in place;
  const kioskCount = await countKiosks(tx, entityId, place);
  if (kioskCount > 0) {
    throw new AppError('conflict', {
      field: 'id',
      messageKey: inSite ? 'site_has_kiosks' : 'area_has_kiosks',
      vars: { count: kioskCount },
    });
  }
  const doorCount = await countDoors(tx, entityId, place);
  if (doorCount > 0) {
    throw new AppError('conflict', {
      field: 'id',
      messageKey: inSite ? 'site_has_doors' : 'area_has_doors',
      vars: { count: doorCount },
    });
  }
  const visitCount = await countVisitsIn(tx, entityId, place);
  if (visitCount.onSite > 0) {
    throw new AppError('rule_violation', {
      field: 'id',
      messageKey: inSite ? 'site_has_people_on_site' : 'area_has_people_on_site',
      vars: { count: visitCount.onSite },
    });
  }
  if (visitCount.all > 0) {
    throw new AppError('rule_violation', {
      field: 'id',
      messageKey: inSite ? 'site_has_visits' : 'area_has_visits',
      vars: { count: visitCount.all },
    });
  }
}

export async function removeSite(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => {
    const before = await findSite(tx, ctx.entityId, ctx.siteIds, id);
    if (!before) throw new AppError('not_found');
    await assertNothingInside(tx, ctx.entityId, { siteId: id });
    await deleteSiteWithAreas(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'site.delete',
      targetType: 'site',
      targetId: id,
      before: toSite(before.site, before.areaCount),
    });
  });
}

export async function getArea(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => {
    const area = await findArea(tx, ctx.entityId, ctx.siteIds, id);
    if (!area) throw new AppError('not_found');
    return toArea(area);
  });
}

export async function createArea(
  app: FastifyInstance,
  ctx: AccessContext,
  body: {
    site_id: string;
    name: string;
    login_mode: Area['login_mode'];
    auto_sign_out: Area['auto_sign_out'];
    status: boolean;
  } & PlaceLimits,
) {
  const limits = limitColumns(body);
  assertCapacityFits(body.login_mode, limits.capacity);
  const area = await inTenant(app, ctx, async (tx) => {
    if (!(await findSite(tx, ctx.entityId, ctx.siteIds, body.site_id))) throw new AppError('not_found');
    if (await isAreaNameTaken(tx, ctx.entityId, body.site_id, body.name)) {
      throw new AppError('conflict', { field: 'name', messageKey: 'area_name_taken' });
    }
    const row = await insertArea(tx, {
      entityId: ctx.entityId,
      id: newId(),
      siteId: body.site_id,
      name: body.name,
      loginMode: body.login_mode,
      autoSignOut: body.auto_sign_out,
      active: body.status,
      ...limits,
    });
    await writeAudit(tx, ctx, { action: 'area.create', targetType: 'area', targetId: row.id, after: toArea(row) });
    return toArea(row);
  });
  if (area.capacity !== null || area.daily_visitor_limit !== null) capacityChanged(app, ctx.entityId);
  return area;
}

export async function changeArea(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: {
    name: string;
    login_mode: Area['login_mode'];
    auto_sign_out?: Area['auto_sign_out'];
    status: boolean;
  } & PlaceLimits,
) {
  const { area, limits } = await inTenant(app, ctx, async (tx) => {
    const before = await findArea(tx, ctx.entityId, ctx.siteIds, id);
    if (!before) throw new AppError('not_found');
    const limits = limitColumns(body, before);
    assertCapacityFits(body.login_mode, limits.capacity);
    if (await isAreaNameTaken(tx, ctx.entityId, before.siteId, body.name, id)) {
      throw new AppError('conflict', { field: 'name', messageKey: 'area_name_taken' });
    }
    const row = (await updateArea(tx, ctx.entityId, id, {
      name: body.name,
      loginMode: body.login_mode,
      autoSignOut: body.auto_sign_out,
      active: body.status,
      ...limits,
    }))!;
    // Spec §4: changing an area's login mode ends the visits of everyone on site there.
    const signedOut = before.loginMode !== row.loginMode ? await signOutEveryoneInArea(tx, ctx, id, new Date()) : [];
    await writeAudit(tx, ctx, {
      action: 'area.update',
      targetType: 'area',
      targetId: id,
      before: toArea(before),
      after: { ...toArea(row), signed_out: signedOut.length },
    });
    return { area: toArea(row), limits: limitsChanged(before, row) };
  });
  if (limits) capacityChanged(app, ctx.entityId);
  return area;
}

export async function moveArea(app: FastifyInstance, ctx: AccessContext, id: string, siteId: string) {
  return inTenant(app, ctx, async (tx) => {
    const before = await findArea(tx, ctx.entityId, ctx.siteIds, id);
    if (!before) throw new AppError('not_found');
    if (before.siteId === siteId)
      throw new AppError('rule_violation', { field: 'site_id', messageKey: 'area_same_site' });
    if (!(await findSite(tx, ctx.entityId, ctx.siteIds, siteId))) throw new AppError('not_found');
    if (await isAreaNameTaken(tx, ctx.entityId, siteId, before.name)) {
      throw new AppError('conflict', { field: 'site_id', messageKey: 'area_name_taken' });
    }
    const row = (await updateArea(tx, ctx.entityId, id, { siteId }))!;
    await writeAudit(tx, ctx, {
      action: 'area.move',
      targetType: 'area',
      targetId: id,
      before: toArea(before),
      after: toArea(row),
    });
    return toArea(row);
  });
}

export async function removeArea(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => {
    const before = await findArea(tx, ctx.entityId, ctx.siteIds, id);
    if (!before) throw new AppError('not_found');
    await assertNothingInside(tx, ctx.entityId, { areaId: id });
    await deleteArea(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, { action: 'area.delete', targetType: 'area', targetId: id, before: toArea(before) });
  });
}
