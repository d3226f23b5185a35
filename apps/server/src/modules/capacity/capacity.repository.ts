import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CAPACITY_SETTINGS, type CapacitySettings } from '@app/shared/capacity/schemas';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import { afterCursor, countCapped, decodeCursor, keysetPage } from '../../db/keyset';
import { capacityApprovals, capacitySettings } from '../../db/schema/index';
import { inSites } from '../emergency/emergency-list.repository';

// What capacity reads and writes (decision 054). Who is on a place is counted as the emergency list
// counts them (visits `on_site`, by the visit's site and area); a day's visitors are the visits that
// arrived that day or are expected then (not rejected), of the user types the company counts.

export async function findCapacitySettings(tx: Executor, entityId: string): Promise<CapacitySettings> {
  const [row] = await tx.select().from(capacitySettings).where(eq(capacitySettings.entityId, entityId));
  if (!row) return DEFAULT_CAPACITY_SETTINGS;
  return {
    over_capacity: row.overCapacity === 'approval' ? 'approval' : 'refuse',
    nearing_percent: row.nearingPercent,
    visitor_user_type_ids: row.visitorUserTypeIds,
  };
}

export async function saveCapacitySettings(
  tx: Executor,
  entityId: string,
  settings: CapacitySettings,
  updatedBy: string | null,
) {
  const values = {
    overCapacity: settings.over_capacity,
    nearingPercent: settings.nearing_percent,
    visitorUserTypeIds: settings.visitor_user_type_ids,
    updatedAt: new Date(),
    updatedBy,
  };
  await tx
    .insert(capacitySettings)
    .values({ entityId, ...values })
    .onConflictDoUpdate({ target: capacitySettings.entityId, set: values });
}

export type PlaceLimitsRow = {
  site_id: string;
  site_name: string;
  site_capacity: number | null;
  site_daily: number | null;
  area_id: string;
  area_name: string;
  area_capacity: number | null;
  area_daily: number | null;
};

/** An area's and its site's limits; with `lock`, both rows are held (site first) until the transaction ends. */
export async function placeLimits(
  tx: Executor,
  entityId: string,
  areaId: string,
  lock: boolean,
): Promise<PlaceLimitsRow | null> {
  if (lock) {
    // Site, then area: every writer that counts a place takes them in this order.
    await tx.execute(sql`
      select 1 from sites s
       where s.entity_id = ${entityId}
         and s.id = (select a.site_id from areas a where a.entity_id = ${entityId} and a.id = ${areaId})
         for no key update`);
    await tx.execute(sql`select 1 from areas where entity_id = ${entityId} and id = ${areaId} for no key update`);
  }
  const [row] = rowsOf<PlaceLimitsRow>(
    await tx.execute(sql`
      select s.id as site_id, s.name as site_name, s.capacity as site_capacity, s.daily_visitor_limit as site_daily,
             a.id as area_id, a.name as area_name, a.capacity as area_capacity, a.daily_visitor_limit as area_daily
        from areas a join sites s on s.entity_id = a.entity_id and s.id = a.site_id
       where a.entity_id = ${entityId} and a.id = ${areaId}`),
  );
  return row ?? null;
}

export const hasLimits = (p: PlaceLimitsRow) =>
  p.site_capacity !== null || p.site_daily !== null || p.area_capacity !== null || p.area_daily !== null;

type PlaceCount = { site_id: string; area_id: string; n: number };

/** People on site now per site and area (of one site, or of the reader's sites). */
export async function onSiteCounts(
  tx: Executor,
  entityId: string,
  where: { siteId: string } | { siteIds: readonly string[] | null },
): Promise<PlaceCount[]> {
  const place = 'siteId' in where ? sql`v.site_id = ${where.siteId}` : inSites(sql`v.site_id`, where.siteIds);
  return rowsOf<PlaceCount>(
    await tx.execute(sql`
      select v.site_id, v.area_id, count(*)::int as n from visits v
       where v.entity_id = ${entityId} and v.state = 'on_site' and ${place}
       group by v.site_id, v.area_id`),
  );
}

/** A day's visitors per site and area: arrived in [start, end), or expected then and not rejected. */
export async function dayVisitorCounts(
  tx: Executor,
  entityId: string,
  day: { start: Date; end: Date },
  visitorTypeIds: readonly string[],
  where: { siteId: string; exceptVisitId?: string } | { siteIds: readonly string[] | null },
): Promise<PlaceCount[]> {
  const place = 'siteId' in where ? sql`v.site_id = ${where.siteId}` : inSites(sql`v.site_id`, where.siteIds);
  const except = 'exceptVisitId' in where && where.exceptVisitId ? sql`and v.id <> ${where.exceptVisitId}` : sql``;
  const types: SQL = visitorTypeIds.length ? sql`and v.user_type_id = any(${sqlArray(visitorTypeIds, 'uuid')})` : sql``;
  return rowsOf<PlaceCount>(
    await tx.execute(sql`
      select v.site_id, v.area_id, count(*)::int as n from visits v
       where v.entity_id = ${entityId} and ${place} ${types} ${except}
         and ((v.signed_in_at >= ${day.start.toISOString()} and v.signed_in_at < ${day.end.toISOString()})
           or (v.state = 'expected' and v.expected_at >= ${day.start.toISOString()}
               and v.expected_at < ${day.end.toISOString()} and v.stage is distinct from 'rejected'))
       group by v.site_id, v.area_id`),
  );
}

/** The count of one site (all its areas) and of one area in it. */
export const countsAt = (rows: readonly PlaceCount[], siteId: string, areaId: string) => ({
  site: rows.filter((r) => r.site_id === siteId).reduce((n, r) => n + r.n, 0),
  area: rows.filter((r) => r.site_id === siteId && r.area_id === areaId).reduce((n, r) => n + r.n, 0),
});

export type CapacityApprovalRecord = typeof capacityApprovals.$inferSelect;

/** The approvals of these people at an area on a day that are still open or rejected. */
export async function approvalsFor(
  tx: Executor,
  entityId: string,
  areaId: string,
  day: string,
  personIds: readonly string[],
): Promise<CapacityApprovalRecord[]> {
  if (personIds.length === 0) return [];
  return rowsOf<CapacityApprovalRecord>(
    await tx.execute(sql`
      select entity_id as "entityId", id, person_id as "personId", site_id as "siteId", area_id as "areaId", day,
             full_place as "fullPlace", reason, state, asked_way as "askedWay", asked_at as "askedAt",
             decided_by as "decidedBy", decided_at as "decidedAt", used_at as "usedAt"
        from capacity_approvals
       where entity_id = ${entityId} and area_id = ${areaId} and day = ${day}
         and person_id = any(${sqlArray(personIds, 'uuid')}) and state in ('waiting', 'approved', 'rejected')`),
  );
}

/** Approvals let their people in: used once. */
export async function useApprovals(tx: Executor, entityId: string, ids: readonly string[], at: Date) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update capacity_approvals set state = 'used', used_at = ${at.toISOString()}
     where entity_id = ${entityId} and id = any(${sqlArray(ids, 'uuid')}) and state = 'approved'`);
}

/** Asks for approval; a request still open for the person, area and day is kept as it is. The new ones. */
export async function askApprovals(
  tx: Executor,
  rows: (typeof capacityApprovals.$inferInsert)[],
): Promise<{ id: string; personId: string }[]> {
  if (rows.length === 0) return [];
  const written = await tx
    .insert(capacityApprovals)
    .values(rows)
    .onConflictDoNothing({
      target: [capacityApprovals.entityId, capacityApprovals.personId, capacityApprovals.areaId, capacityApprovals.day],
      where: sql`state in ('waiting', 'approved')`,
    })
    .returning({ id: capacityApprovals.id, personId: capacityApprovals.personId });
  return written;
}

export type ApprovalViewRow = {
  id: string;
  person_id: string;
  person_name: string;
  site_id: string;
  site_name: string;
  area_id: string;
  area_name: string;
  full_place: 'site' | 'area';
  reason: 'capacity' | 'daily_limit';
  day: string;
  state: 'waiting' | 'approved' | 'rejected' | 'used';
  asked_at: Date | string;
  asked_way: string;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Date | string | null;
};

const APPROVALS_SORT = 'asked_desc';

/** One approval as the dashboard shows it, in the reader's sites; locked for its decision when asked. */
export async function findApproval(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
  id: string,
  forUpdate = false,
): Promise<ApprovalViewRow | null> {
  const [row] = await approvalsView(
    tx,
    sql`c.entity_id = ${entityId} and c.id = ${id} and ${inSites(sql`c.site_id`, siteIds)}`,
    {
      limit: 1,
      forUpdate,
    },
  );
  return row ?? null;
}

/** Approvals of a state in the reader's sites, newest first, a page at a time (keyset, decision 022). */
export async function listApprovals(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
  state: string,
  paging: { page: number; limit: number; cursor?: string },
) {
  const where = sql`c.entity_id = ${entityId} and c.state = ${state} and ${inSites(sql`c.site_id`, siteIds)}`;
  const after = paging.cursor
    ? afterCursor(
        [sql`c.asked_at`, sql`c.id`],
        decodeCursor(paging.cursor, APPROVALS_SORT, 2),
        ['timestamptz', 'uuid'],
        'desc',
      )
    : sql`true`;
  const rows = await approvalsView(tx, sql`${where} and ${after}`, {
    limit: paging.limit + 1,
    offset: paging.cursor ? 0 : (paging.page - 1) * paging.limit,
  });
  const { rows: page, nextCursor } = keysetPage(rows, paging.limit, APPROVALS_SORT, (r) => [r.asked_at_text, r.id]);
  const { count, capped } = await countCapped(tx, sql`capacity_approvals c`, where);
  return { rows: page, nextCursor, count, capped };
}

function approvalsView(tx: Executor, where: SQL, opts: { limit: number; offset?: number; forUpdate?: boolean }) {
  return tx
    .execute(
      sql`
      select c.id, c.person_id, trim(p.first_name || ' ' || p.last_name) as person_name,
             c.site_id, s.name as site_name, c.area_id, a.name as area_name, c.full_place, c.reason,
             c.day::text as day, c.state, c.asked_at, c.asked_at::text as asked_at_text, c.asked_way, c.decided_by,
             nullif(trim(u.first_name || ' ' || u.last_name), '') as decided_by_name, c.decided_at
        from capacity_approvals c
        join people p on p.entity_id = c.entity_id and p.id = c.person_id
        join sites s on s.entity_id = c.entity_id and s.id = c.site_id
        join areas a on a.entity_id = c.entity_id and a.id = c.area_id
        left join users u on u.id = c.decided_by
       where ${where}
       order by c.asked_at desc, c.id desc
       limit ${opts.limit} offset ${opts.offset ?? 0}
       ${opts.forUpdate ? sql`for update of c` : sql``}`,
    )
    .then((res) => rowsOf<ApprovalViewRow & { asked_at_text: string }>(res));
}

export async function decideApproval(
  tx: Executor,
  entityId: string,
  id: string,
  state: 'approved' | 'rejected',
  decidedBy: string | null,
  at: Date,
) {
  await tx
    .update(capacityApprovals)
    .set({ state, decidedBy, decidedAt: at })
    .where(and(eq(capacityApprovals.entityId, entityId), eq(capacityApprovals.id, id)));
}

export async function countWaitingApprovals(tx: Executor, entityId: string, siteIds: readonly string[] | null) {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from capacity_approvals c
       where c.entity_id = ${entityId} and c.state = 'waiting' and ${inSites(sql`c.site_id`, siteIds)}`),
  );
  return row?.n ?? 0;
}

export type PlaceRow = {
  site_id: string;
  site_name: string;
  site_capacity: number | null;
  site_daily: number | null;
  area_id: string | null;
  area_name: string | null;
  login_mode: string | null;
  area_capacity: number | null;
  area_daily: number | null;
};

/** The reader's sites and their areas, with their limits, by name. */
export async function placesWithLimits(tx: Executor, entityId: string, siteIds: readonly string[] | null) {
  return rowsOf<PlaceRow>(
    await tx.execute(sql`
      select s.id as site_id, s.name as site_name, s.capacity as site_capacity, s.daily_visitor_limit as site_daily,
             a.id as area_id, a.name as area_name, a.login_mode, a.capacity as area_capacity,
             a.daily_visitor_limit as area_daily
        from sites s
        left join areas a on a.entity_id = s.entity_id and a.site_id = s.id
       where s.entity_id = ${entityId} and ${inSites(sql`s.id`, siteIds)}
       order by s.name, s.id, a.name, a.id`),
  );
}

/** Whether any site or area of the company has a limit: occupancy is sent live only then. */
export async function companyHasLimits(tx: Executor, entityId: string): Promise<boolean> {
  const [row] = rowsOf<{ any: boolean }>(
    await tx.execute(sql`
      select exists (select 1 from sites where entity_id = ${entityId}
                        and (capacity is not null or daily_visitor_limit is not null))
          or exists (select 1 from areas where entity_id = ${entityId}
                        and (capacity is not null or daily_visitor_limit is not null)) as any`),
  );
  return row?.any ?? false;
}
