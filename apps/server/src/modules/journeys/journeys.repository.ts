import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ListJourneysQuery } from '@app/shared/journeys/schemas';
import type { Executor } from '../../db/client';
import { containing } from '../../db/like';
import {
  areas,
  attendanceModes,
  compliances,
  journeyFlowAttendanceModes,
  journeyFlowCompliances,
  journeyFlowHosts,
  journeyFlows,
  journeys,
  journeySites,
  kiosks,
  people,
  sites,
  userTypes,
} from '../../db/schema/index';

export type JourneyRow = typeof journeys.$inferSelect;
export type FlowRow = typeof journeyFlows.$inferSelect;

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Spec §6: an admin limited to some sites sees the journeys that apply to at least one of them.
 * Written with the table name in full so it binds to the outer `journeys` inside any query.
 */
export function journeyInScope(siteIds: string[] | null): SQL | undefined {
  if (siteIds === null) return undefined;
  if (siteIds.length === 0) return sql`false`;
  return sql`exists (
    select 1 from journey_sites js
    where js.entity_id = "journeys"."entity_id" and js.journey_id = "journeys"."id" and js.site_id in (${idList(siteIds)})
  )`;
}

const flowCount = sql<number>`(select count(*)::int from journey_flows f where f.entity_id = "journeys"."entity_id" and f.journey_id = "journeys"."id")`;
const kioskCount = sql<number>`(select count(*)::int from kiosks k where k.entity_id = "journeys"."entity_id" and k.journey_id = "journeys"."id")`;

export type JourneyWithCounts = { journey: JourneyRow; flowCount: number; kioskCount: number };

export async function listJourneys(tx: Executor, entityId: string, siteIds: string[] | null, q: ListJourneysQuery) {
  const where = and(
    eq(journeys.entityId, entityId),
    journeyInScope(siteIds),
    q.search ? ilike(journeys.name, containing(q.search)) : undefined,
    q.site_id
      ? sql`exists (select 1 from journey_sites s where s.entity_id = "journeys"."entity_id" and s.journey_id = "journeys"."id" and s.site_id = ${q.site_id}::uuid)`
      : undefined,
    q.remote ? eq(journeys.remote, q.remote === 'true') : undefined,
  );
  const column =
    q.sortField === 'created_at'
      ? journeys.createdAt
      : q.sortField === 'flow_count'
        ? flowCount
        : q.sortField === 'kiosk_count'
          ? kioskCount
          : sql`lower(${journeys.name})`;
  const rows = await tx
    .select({ journey: journeys, flowCount, kioskCount })
    .from(journeys)
    .where(where)
    .orderBy(q.orderBy === 'desc' ? desc(column) : asc(column), asc(journeys.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(journeys).where(where);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findJourney(
  tx: Executor,
  entityId: string,
  siteIds: string[] | null,
  id: string,
): Promise<JourneyWithCounts | null> {
  const [row] = await tx
    .select({ journey: journeys, flowCount, kioskCount })
    .from(journeys)
    .where(and(eq(journeys.entityId, entityId), eq(journeys.id, id), journeyInScope(siteIds)))
    .limit(1);
  return row ?? null;
}

export async function isJourneyNameTaken(tx: Executor, entityId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: journeys.id })
    .from(journeys)
    .where(
      and(
        eq(journeys.entityId, entityId),
        sql`lower(${journeys.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(journeys.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertJourney(tx: Executor, values: typeof journeys.$inferInsert) {
  const [row] = await tx.insert(journeys).values(values).returning();
  return row!;
}

export async function updateJourney(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<typeof journeys.$inferInsert>,
) {
  const [row] = await tx
    .update(journeys)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(journeys.entityId, entityId), eq(journeys.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteJourney(tx: Executor, entityId: string, id: string) {
  await tx.delete(journeys).where(and(eq(journeys.entityId, entityId), eq(journeys.id, id)));
}

// ── sites ───────────────────────────────────────────────────────────────────────────────────────

export async function sitesOfJourneys(tx: Executor, entityId: string, journeyIds: string[]) {
  if (journeyIds.length === 0) return [];
  return tx
    .select({ journeyId: journeySites.journeyId, id: sites.id, name: sites.name })
    .from(journeySites)
    .innerJoin(sites, and(eq(sites.entityId, journeySites.entityId), eq(sites.id, journeySites.siteId)))
    .where(and(eq(journeySites.entityId, entityId), inArray(journeySites.journeyId, journeyIds)))
    .orderBy(asc(sites.name), asc(sites.id));
}

export async function replaceJourneySites(tx: Executor, entityId: string, journeyId: string, siteIds: string[]) {
  await tx.delete(journeySites).where(and(eq(journeySites.entityId, entityId), eq(journeySites.journeyId, journeyId)));
  if (siteIds.length) {
    await tx.insert(journeySites).values(siteIds.map((siteId) => ({ entityId, journeyId, siteId })));
  }
}

export async function findSitesByIds(tx: Executor, entityId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.entityId, entityId), inArray(sites.id, ids)));
}

// ── kiosks ──────────────────────────────────────────────────────────────────────────────────────

const kioskPlace = {
  id: kiosks.id,
  name: kiosks.name,
  journeyId: kiosks.journeyId,
  journeyName: journeys.name,
  lastSeenAt: kiosks.lastSeenAt,
  areaId: areas.id,
  areaName: areas.name,
  siteId: sites.id,
  siteName: sites.name,
};

function kioskQuery(tx: Executor, entityId: string, ...where: (SQL | undefined)[]) {
  return tx
    .select(kioskPlace)
    .from(kiosks)
    .innerJoin(areas, and(eq(areas.entityId, kiosks.entityId), eq(areas.id, kiosks.areaId)))
    .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
    .leftJoin(journeys, and(eq(journeys.entityId, kiosks.entityId), eq(journeys.id, kiosks.journeyId)))
    .where(and(eq(kiosks.entityId, entityId), ...where))
    .orderBy(asc(sites.name), asc(areas.name), asc(kiosks.name), asc(kiosks.id));
}

/** The kiosks running a journey, at any site (a refusal names them all). */
export async function kiosksRunning(tx: Executor, entityId: string, journeyId: string, siteIds?: string[]) {
  return kioskQuery(
    tx,
    entityId,
    eq(kiosks.journeyId, journeyId),
    siteIds ? (siteIds.length ? inArray(sites.id, siteIds) : sql`false`) : undefined,
  );
}

/** Kiosks standing at these sites. */
export async function kiosksAtSites(tx: Executor, entityId: string, siteIds: string[]) {
  if (siteIds.length === 0) return [];
  return kioskQuery(tx, entityId, inArray(sites.id, siteIds));
}

export async function findKiosksByIds(tx: Executor, entityId: string, siteIds: string[] | null, ids: string[]) {
  if (ids.length === 0) return [];
  const scope = siteIds === null ? undefined : siteIds.length ? inArray(sites.id, siteIds) : sql`false`;
  return kioskQuery(tx, entityId, inArray(kiosks.id, ids), scope);
}

export async function setKioskJourney(tx: Executor, entityId: string, kioskIds: string[], journeyId: string | null) {
  if (kioskIds.length === 0) return;
  await tx
    .update(kiosks)
    .set({ journeyId, updatedAt: new Date() })
    .where(and(eq(kiosks.entityId, entityId), inArray(kiosks.id, kioskIds)));
}

/** Whether a journey of the company exists and applies to the site (null: no such journey). */
export async function journeyAppliesToSite(tx: Executor, entityId: string, journeyId: string, siteId: string) {
  const [journey] = await tx
    .select({ id: journeys.id, name: journeys.name })
    .from(journeys)
    .where(and(eq(journeys.entityId, entityId), eq(journeys.id, journeyId)))
    .limit(1);
  if (!journey) return null;
  const [site] = await tx
    .select({ id: journeySites.siteId })
    .from(journeySites)
    .where(
      and(eq(journeySites.entityId, entityId), eq(journeySites.journeyId, journeyId), eq(journeySites.siteId, siteId)),
    )
    .limit(1);
  return { ...journey, applies: Boolean(site) };
}

/**
 * Kiosks that now stand at a site their journey does not apply to (after a move) stop running it:
 * a kiosk never runs a journey of another site.
 */
export async function releaseKiosksFromForeignJourneys(tx: Executor, entityId: string, kioskIds: string[]) {
  if (kioskIds.length === 0) return;
  await tx.execute(sql`
    update kiosks k set journey_id = null, updated_at = now()
    from areas a
    where k.entity_id = ${entityId} and k.id in (${idList(kioskIds)}) and k.journey_id is not null
      and a.entity_id = k.entity_id and a.id = k.area_id
      and not exists (
        select 1 from journey_sites js
        where js.entity_id = k.entity_id and js.journey_id = k.journey_id and js.site_id = a.site_id
      )`);
}

// ── user types ──────────────────────────────────────────────────────────────────────────────────

export async function findUserTypes(tx: Executor, entityId: string, ids: string[] | null) {
  if (ids !== null && ids.length === 0) return [];
  return tx
    .select({
      id: userTypes.id,
      name: userTypes.name,
      parentId: userTypes.parentId,
      registrationMethod: userTypes.registrationMethod,
    })
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), ids ? inArray(userTypes.id, ids) : undefined))
    .orderBy(asc(userTypes.name), asc(userTypes.id));
}

/** The journeys with a flow for this user type (a user type in use is not deleted). */
export async function journeysUsingUserType(tx: Executor, entityId: string, userTypeId: string) {
  const rows = await tx
    .select({ name: journeys.name })
    .from(journeyFlows)
    .innerJoin(journeys, and(eq(journeys.entityId, journeyFlows.entityId), eq(journeys.id, journeyFlows.journeyId)))
    .where(and(eq(journeyFlows.entityId, entityId), eq(journeyFlows.userTypeId, userTypeId)))
    .orderBy(asc(journeys.name));
  return rows.map((r) => r.name);
}

/**
 * The journeys where the user type has a flow next to another user type that needs no registration:
 * making this type 'registration not required' too would break spec §5's one-per-journey rule.
 */
export async function journeysWithAnotherUnregisteredType(tx: Executor, entityId: string, userTypeId: string) {
  const res = await tx.execute<{ name: string }>(sql`
    select distinct j.name from journey_flows mine
    join journey_flows other on other.entity_id = mine.entity_id and other.journey_id = mine.journey_id
      and other.user_type_id <> mine.user_type_id
    join user_types ut on ut.entity_id = other.entity_id and ut.id = other.user_type_id
    join journeys j on j.entity_id = mine.entity_id and j.id = mine.journey_id
    where mine.entity_id = ${entityId} and mine.user_type_id = ${userTypeId}
      and ut.registration_method = 'registration_not_required'
    order by j.name`);
  return (res as { rows: { name: string }[] }).rows.map((r) => r.name);
}

// ── flows ───────────────────────────────────────────────────────────────────────────────────────

const flowColumns = {
  flow: journeyFlows,
  journeyName: journeys.name,
  touchMode: journeys.touchMode,
  userTypeName: userTypes.name,
  registrationMethod: userTypes.registrationMethod,
};
export type FlowWithRefs = {
  flow: FlowRow;
  journeyName: string;
  touchMode: boolean;
  userTypeName: string;
  registrationMethod: string;
};

export async function listFlows(
  tx: Executor,
  entityId: string,
  filter: { journeyIds?: string[]; flowIds?: string[]; userTypeId?: string; siteIds?: string[] | null },
): Promise<FlowWithRefs[]> {
  if (filter.journeyIds?.length === 0 || filter.flowIds?.length === 0) return [];
  return tx
    .select(flowColumns)
    .from(journeyFlows)
    .innerJoin(journeys, and(eq(journeys.entityId, journeyFlows.entityId), eq(journeys.id, journeyFlows.journeyId)))
    .innerJoin(userTypes, and(eq(userTypes.entityId, journeyFlows.entityId), eq(userTypes.id, journeyFlows.userTypeId)))
    .where(
      and(
        eq(journeyFlows.entityId, entityId),
        filter.journeyIds ? inArray(journeyFlows.journeyId, filter.journeyIds) : undefined,
        filter.flowIds ? inArray(journeyFlows.id, filter.flowIds) : undefined,
        filter.userTypeId ? eq(journeyFlows.userTypeId, filter.userTypeId) : undefined,
        filter.siteIds === undefined ? undefined : journeyInScope(filter.siteIds),
      ),
    )
    .orderBy(asc(journeys.name), asc(userTypes.name), asc(journeyFlows.id));
}

export async function insertFlows(tx: Executor, values: (typeof journeyFlows.$inferInsert)[]) {
  if (values.length === 0) return [];
  return tx.insert(journeyFlows).values(values).returning();
}

export async function updateFlow(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<Pick<typeof journeyFlows.$inferInsert, 'userTypeId' | 'settings'>>,
) {
  await tx
    .update(journeyFlows)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(journeyFlows.entityId, entityId), eq(journeyFlows.id, id)));
}

export async function deleteFlow(tx: Executor, entityId: string, id: string) {
  await tx.delete(journeyFlows).where(and(eq(journeyFlows.entityId, entityId), eq(journeyFlows.id, id)));
}

/** Flows with sites of their journeys, for the user types that have a flow at some sites. */
export async function flowsAtSites(tx: Executor, entityId: string, siteIds: string[]) {
  return tx
    .select({
      flowId: journeyFlows.id,
      journeyId: journeys.id,
      journeyName: journeys.name,
      userTypeId: userTypes.id,
      userTypeName: userTypes.name,
      siteId: journeySites.siteId,
    })
    .from(journeyFlows)
    .innerJoin(journeys, and(eq(journeys.entityId, journeyFlows.entityId), eq(journeys.id, journeyFlows.journeyId)))
    .innerJoin(userTypes, and(eq(userTypes.entityId, journeyFlows.entityId), eq(userTypes.id, journeyFlows.userTypeId)))
    .innerJoin(
      journeySites,
      and(eq(journeySites.entityId, journeyFlows.entityId), eq(journeySites.journeyId, journeyFlows.journeyId)),
    )
    .where(and(eq(journeyFlows.entityId, entityId), inArray(journeySites.siteId, siteIds)))
    .orderBy(asc(userTypes.name), asc(journeys.name));
}

// ── what a flow links to ────────────────────────────────────────────────────────────────────────

/**
 * The compliances flows ask (not deleted), in each flow's order, with the whole compliance row: the one
 * query behind the flow editor, the sign-in flow and the visit links.
 */
export async function flowComplianceRows(tx: Executor, entityId: string, flowIds: readonly string[]) {
  if (flowIds.length === 0) return [];
  return tx
    .select({
      flowId: journeyFlowCompliances.flowId,
      required: journeyFlowCompliances.required,
      compliance: compliances,
    })
    .from(journeyFlowCompliances)
    .innerJoin(
      compliances,
      and(
        eq(compliances.entityId, journeyFlowCompliances.entityId),
        eq(compliances.id, journeyFlowCompliances.complianceId),
      ),
    )
    .where(
      and(
        eq(journeyFlowCompliances.entityId, entityId),
        inArray(journeyFlowCompliances.flowId, [...flowIds]),
        isNull(compliances.deletedAt),
      ),
    )
    .orderBy(asc(journeyFlowCompliances.position), asc(compliances.name));
}

export async function compliancesOfFlows(tx: Executor, entityId: string, flowIds: string[]) {
  const rows = await flowComplianceRows(tx, entityId, flowIds);
  return rows.map(({ flowId, required, compliance: c }) => ({
    flowId,
    id: c.id,
    name: c.name,
    format: c.format,
    version: c.version,
    required,
  }));
}

export async function attendanceModesOfFlows(tx: Executor, entityId: string, flowIds: string[]) {
  if (flowIds.length === 0) return [];
  return tx
    .select({ flowId: journeyFlowAttendanceModes.flowId, id: attendanceModes.id, name: attendanceModes.name })
    .from(journeyFlowAttendanceModes)
    .innerJoin(
      attendanceModes,
      and(
        eq(attendanceModes.entityId, journeyFlowAttendanceModes.entityId),
        eq(attendanceModes.id, journeyFlowAttendanceModes.attendanceModeId),
      ),
    )
    .where(and(eq(journeyFlowAttendanceModes.entityId, entityId), inArray(journeyFlowAttendanceModes.flowId, flowIds)))
    .orderBy(asc(attendanceModes.name));
}

/** A flow's hosts among the people in `scope` (all of them when scope is undefined). */
export async function hostsOfFlows(tx: Executor, entityId: string, flowIds: string[], scope: SQL | undefined) {
  if (flowIds.length === 0) return [];
  return tx
    .select({
      flowId: journeyFlowHosts.flowId,
      id: people.id,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
    })
    .from(journeyFlowHosts)
    .innerJoin(people, and(eq(people.entityId, journeyFlowHosts.entityId), eq(people.id, journeyFlowHosts.personId)))
    .where(and(eq(journeyFlowHosts.entityId, entityId), inArray(journeyFlowHosts.flowId, flowIds), scope))
    .orderBy(asc(people.firstName), asc(people.lastName), asc(people.id));
}

export async function replaceFlowLinks(
  tx: Executor,
  entityId: string,
  flowId: string,
  links: { complianceIds: { id: string; required: boolean }[]; attendanceModeIds: string[]; hostIds: string[] },
) {
  await tx
    .delete(journeyFlowCompliances)
    .where(and(eq(journeyFlowCompliances.entityId, entityId), eq(journeyFlowCompliances.flowId, flowId)));
  await tx
    .delete(journeyFlowAttendanceModes)
    .where(and(eq(journeyFlowAttendanceModes.entityId, entityId), eq(journeyFlowAttendanceModes.flowId, flowId)));
  await tx
    .delete(journeyFlowHosts)
    .where(and(eq(journeyFlowHosts.entityId, entityId), eq(journeyFlowHosts.flowId, flowId)));
  if (links.complianceIds.length) {
    await tx.insert(journeyFlowCompliances).values(
      links.complianceIds.map((c, position) => ({
        entityId,
        flowId,
        complianceId: c.id,
        required: c.required,
        position,
      })),
    );
  }
  if (links.attendanceModeIds.length) {
    await tx
      .insert(journeyFlowAttendanceModes)
      .values(links.attendanceModeIds.map((attendanceModeId) => ({ entityId, flowId, attendanceModeId })));
  }
  if (links.hostIds.length) {
    await tx.insert(journeyFlowHosts).values(links.hostIds.map((personId) => ({ entityId, flowId, personId })));
  }
}

/** Compliances of the company by id that are not deleted. */
export async function findCompliances(tx: Executor, entityId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: compliances.id })
    .from(compliances)
    .where(and(eq(compliances.entityId, entityId), inArray(compliances.id, ids), isNull(compliances.deletedAt)));
}

/**
 * The attendance modes a flow of a journey may use: modes that serve one of the journey's sites (or
 * every site: a mode without sites), and that the caller may see (one of their sites, spec §6).
 */
export async function attendanceModesForJourney(
  tx: Executor,
  entityId: string,
  journeyId: string,
  callerSiteIds: string[] | null,
  ids?: string[],
) {
  if (ids?.length === 0) return [];
  const servesJourney = sql`(
    not exists (select 1 from attendance_mode_sites ms where ms.entity_id = "attendance_modes"."entity_id" and ms.attendance_mode_id = "attendance_modes"."id")
    or exists (
      select 1 from attendance_mode_sites ms join journey_sites js on js.entity_id = ms.entity_id and js.site_id = ms.site_id
      where ms.entity_id = "attendance_modes"."entity_id" and ms.attendance_mode_id = "attendance_modes"."id"
        and js.journey_id = ${journeyId}::uuid
    ))`;
  const visible =
    callerSiteIds === null
      ? undefined
      : or(
          sql`not exists (select 1 from attendance_mode_sites ms where ms.entity_id = "attendance_modes"."entity_id" and ms.attendance_mode_id = "attendance_modes"."id")`,
          callerSiteIds.length
            ? sql`exists (select 1 from attendance_mode_sites ms where ms.entity_id = "attendance_modes"."entity_id" and ms.attendance_mode_id = "attendance_modes"."id" and ms.site_id in (${idList(callerSiteIds)}))`
            : sql`false`,
        );
  return tx
    .select({
      id: attendanceModes.id,
      name: attendanceModes.name,
      days: attendanceModes.days,
      startTime: attendanceModes.startTime,
      endTime: attendanceModes.endTime,
    })
    .from(attendanceModes)
    .where(
      and(
        eq(attendanceModes.entityId, entityId),
        ids ? inArray(attendanceModes.id, ids) : undefined,
        servesJourney,
        visible,
      ),
    )
    .orderBy(asc(attendanceModes.name), asc(attendanceModes.id));
}
