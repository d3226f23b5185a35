import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ListAttendanceModesQuery } from '@app/shared/attendance/schemas';
import type { Executor } from '../../db/client';
import {
  attendanceModeSites,
  attendanceModes,
  attendanceReasons,
  journeyFlowAttendanceModes,
  journeyFlows,
  journeys,
  sites,
} from '../../db/schema/index';

export type ModeRow = typeof attendanceModes.$inferSelect;
export type ReasonRow = typeof attendanceReasons.$inferSelect;
export type NameRow = { id: string; name: string };

const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The modes an admin may see and act on (spec §6): those serving at least one of the admin's sites;
 * null means every mode. Written with the table name in full so it binds to the outer
 * `attendance_modes` inside any query.
 */
export function modeInScope(siteIds: readonly string[] | null): SQL | undefined {
  if (siteIds === null) return undefined;
  if (siteIds.length === 0) return sql`false`;
  return sql`exists (
    select 1 from attendance_mode_sites ams
    where ams.entity_id = "attendance_modes"."entity_id" and ams.attendance_mode_id = "attendance_modes"."id"
      and ams.site_id in (${uuidList(siteIds)})
  )`;
}

const modeWhere = (entityId: string, siteIds: readonly string[] | null, ...more: (SQL | undefined)[]) =>
  and(eq(attendanceModes.entityId, entityId), modeInScope(siteIds), ...more);

const servesSite = (siteId: string) => sql`exists (
  select 1 from attendance_mode_sites ams
  where ams.entity_id = "attendance_modes"."entity_id" and ams.attendance_mode_id = "attendance_modes"."id"
    and ams.site_id = ${siteId}::uuid
)`;

export async function listModes(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
  q: ListAttendanceModesQuery,
) {
  const where = modeWhere(
    entityId,
    siteIds,
    q.search ? ilike(attendanceModes.name, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    q.site_id ? servesSite(q.site_id) : undefined,
  );
  const column = {
    name: attendanceModes.name,
    start_time: attendanceModes.startTime,
    end_time: attendanceModes.endTime,
    created_at: attendanceModes.createdAt,
  }[q.sortField];
  const rows = await tx
    .select()
    .from(attendanceModes)
    .where(where)
    .orderBy(q.orderBy === 'desc' ? desc(column) : asc(column), asc(attendanceModes.name), asc(attendanceModes.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(attendanceModes).where(where);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findMode(tx: Executor, entityId: string, siteIds: readonly string[] | null, id: string) {
  const [row] = await tx
    .select()
    .from(attendanceModes)
    .where(modeWhere(entityId, siteIds, eq(attendanceModes.id, id)))
    .limit(1);
  return row ?? null;
}

/** The modes of these ids the admin may see; callers compare the count to find a missing one. */
export async function findModes(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
  ids: readonly string[],
) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(attendanceModes)
    .where(modeWhere(entityId, siteIds, inArray(attendanceModes.id, [...ids])));
}

/**
 * Locks a mode's row until the transaction ends, so two reasons saved at once into the same mode
 * (or a reason and a change of the mode's hours) are checked one after the other.
 */
export async function lockMode(tx: Executor, entityId: string, id: string) {
  await tx
    .select({ id: attendanceModes.id })
    .from(attendanceModes)
    .where(and(eq(attendanceModes.entityId, entityId), eq(attendanceModes.id, id)))
    .for('update');
}

/** Mode names are unique in the whole company (any case), whoever may see the other mode. */
export async function isModeNameTaken(tx: Executor, entityId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: attendanceModes.id })
    .from(attendanceModes)
    .where(
      and(
        eq(attendanceModes.entityId, entityId),
        sql`lower(${attendanceModes.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(attendanceModes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertMode(tx: Executor, values: typeof attendanceModes.$inferInsert) {
  const [row] = await tx.insert(attendanceModes).values(values).returning();
  return row!;
}

export async function updateMode(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<typeof attendanceModes.$inferInsert>,
) {
  const [row] = await tx
    .update(attendanceModes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(attendanceModes.entityId, entityId), eq(attendanceModes.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes a mode; its sites and reasons go with it (foreign keys cascade). */
export async function deleteMode(tx: Executor, entityId: string, id: string) {
  await tx.delete(attendanceModes).where(and(eq(attendanceModes.entityId, entityId), eq(attendanceModes.id, id)));
}

export async function replaceModeSites(tx: Executor, entityId: string, modeId: string, siteIds: readonly string[]) {
  await tx
    .delete(attendanceModeSites)
    .where(and(eq(attendanceModeSites.entityId, entityId), eq(attendanceModeSites.attendanceModeId, modeId)));
  if (siteIds.length) {
    await tx
      .insert(attendanceModeSites)
      .values(siteIds.map((siteId) => ({ entityId, attendanceModeId: modeId, siteId })));
  }
}

/** The sites of these modes, by name. */
export async function listModeSites(tx: Executor, entityId: string, modeIds: readonly string[]) {
  if (modeIds.length === 0) return [];
  return tx
    .select({ modeId: attendanceModeSites.attendanceModeId, id: sites.id, name: sites.name })
    .from(attendanceModeSites)
    .innerJoin(sites, and(eq(sites.entityId, attendanceModeSites.entityId), eq(sites.id, attendanceModeSites.siteId)))
    .where(and(eq(attendanceModeSites.entityId, entityId), inArray(attendanceModeSites.attendanceModeId, [...modeIds])))
    .orderBy(asc(sites.name), asc(sites.id));
}

/** The company's sites of these ids. */
export async function findSites(tx: Executor, entityId: string, ids: readonly string[]): Promise<NameRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.entityId, entityId), inArray(sites.id, [...ids])));
}

/** The sites a mode may serve for this admin: all the company's, or the admin's own; by name. */
export async function listSiteOptions(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
): Promise<NameRow[]> {
  if (siteIds !== null && siteIds.length === 0) return [];
  return tx
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.entityId, entityId), siteIds === null ? undefined : inArray(sites.id, [...siteIds])))
    .orderBy(asc(sites.name), asc(sites.id));
}

/** The journeys whose flows use these modes, by name (read-only: the journeys module owns them). */
export async function listModeJourneys(tx: Executor, entityId: string, modeIds: readonly string[]) {
  if (modeIds.length === 0) return [];
  return tx
    .selectDistinct({ modeId: journeyFlowAttendanceModes.attendanceModeId, id: journeys.id, name: journeys.name })
    .from(journeyFlowAttendanceModes)
    .innerJoin(
      journeyFlows,
      and(
        eq(journeyFlows.entityId, journeyFlowAttendanceModes.entityId),
        eq(journeyFlows.id, journeyFlowAttendanceModes.flowId),
      ),
    )
    .innerJoin(journeys, and(eq(journeys.entityId, journeyFlows.entityId), eq(journeys.id, journeyFlows.journeyId)))
    .where(
      and(
        eq(journeyFlowAttendanceModes.entityId, entityId),
        inArray(journeyFlowAttendanceModes.attendanceModeId, [...modeIds]),
      ),
    )
    .orderBy(asc(journeys.name), asc(journeys.id));
}

// ---- reasons ----

/** The reasons of these modes: late sign-in first, then in time order. */
export async function listReasons(tx: Executor, entityId: string, modeIds: readonly string[]) {
  if (modeIds.length === 0) return [];
  return tx
    .select()
    .from(attendanceReasons)
    .where(and(eq(attendanceReasons.entityId, entityId), inArray(attendanceReasons.attendanceModeId, [...modeIds])))
    .orderBy(
      desc(sql`${attendanceReasons.type} = 'late_sign_in'`),
      asc(attendanceReasons.startTime),
      asc(attendanceReasons.name),
      asc(attendanceReasons.id),
    );
}

/** A reason whose mode the admin may see. */
export async function findReason(tx: Executor, entityId: string, siteIds: readonly string[] | null, id: string) {
  const [row] = await tx
    .select({ reason: attendanceReasons })
    .from(attendanceReasons)
    .innerJoin(
      attendanceModes,
      and(
        eq(attendanceModes.entityId, attendanceReasons.entityId),
        eq(attendanceModes.id, attendanceReasons.attendanceModeId),
      ),
    )
    .where(and(eq(attendanceReasons.entityId, entityId), eq(attendanceReasons.id, id), modeInScope(siteIds)))
    .limit(1);
  return row?.reason ?? null;
}

/** The reasons of these ids whose modes the admin may see. */
export async function findReasons(
  tx: Executor,
  entityId: string,
  siteIds: readonly string[] | null,
  ids: readonly string[],
) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ reason: attendanceReasons })
    .from(attendanceReasons)
    .innerJoin(
      attendanceModes,
      and(
        eq(attendanceModes.entityId, attendanceReasons.entityId),
        eq(attendanceModes.id, attendanceReasons.attendanceModeId),
      ),
    )
    .where(
      and(eq(attendanceReasons.entityId, entityId), inArray(attendanceReasons.id, [...ids]), modeInScope(siteIds)),
    );
  return rows.map((r) => r.reason);
}

export async function insertReason(tx: Executor, values: typeof attendanceReasons.$inferInsert) {
  const [row] = await tx.insert(attendanceReasons).values(values).returning();
  return row!;
}

export async function updateReason(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<typeof attendanceReasons.$inferInsert>,
) {
  const [row] = await tx
    .update(attendanceReasons)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(attendanceReasons.entityId, entityId), eq(attendanceReasons.id, id)))
    .returning();
  return row ?? null;
}

export async function setAttendanceCodes(
  tx: Executor,
  entityId: string,
  ids: readonly string[],
  attendanceCode: string | null,
) {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(attendanceReasons)
    .set({ attendanceCode, updatedAt: new Date() })
    .where(and(eq(attendanceReasons.entityId, entityId), inArray(attendanceReasons.id, [...ids])))
    .returning({ id: attendanceReasons.id });
  return rows.length;
}

export async function deleteReason(tx: Executor, entityId: string, id: string) {
  await tx.delete(attendanceReasons).where(and(eq(attendanceReasons.entityId, entityId), eq(attendanceReasons.id, id)));
}
