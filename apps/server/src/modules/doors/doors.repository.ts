import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { areas, doors, kiosks, sites } from '../../db/schema/index';
import { siteFilter } from '../sites/sites.repository';

export type DoorRow = typeof doors.$inferSelect;
export type DoorWithKiosk = { door: DoorRow; kioskName: string | null };

/** Doors joined to their area and site (limited to the caller's sites) and to their kiosk, if any. */
function doorQuery(tx: Executor, entityId: string, siteIds: string[] | null, ...more: (SQL | undefined)[]) {
  return tx
    .select({ door: doors, kioskName: kiosks.name })
    .from(doors)
    .innerJoin(areas, and(eq(areas.entityId, doors.entityId), eq(areas.id, doors.areaId)))
    .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
    .leftJoin(kiosks, and(eq(kiosks.entityId, doors.entityId), eq(kiosks.id, doors.kioskId)))
    .where(and(eq(doors.entityId, entityId), siteFilter(entityId, siteIds), ...more));
}

export async function listDoors(
  tx: Executor,
  entityId: string,
  siteIds: string[] | null,
  where: { areaIds?: string[]; siteId?: string },
): Promise<DoorWithKiosk[]> {
  if (where.areaIds?.length === 0) return [];
  return doorQuery(
    tx,
    entityId,
    siteIds,
    where.areaIds ? inArray(doors.areaId, where.areaIds) : undefined,
    where.siteId ? eq(areas.siteId, where.siteId) : undefined,
  ).orderBy(asc(doors.name), asc(doors.id));
}

export async function findDoor(tx: Executor, entityId: string, siteIds: string[] | null, id: string) {
  const [row] = await doorQuery(tx, entityId, siteIds, eq(doors.id, id)).limit(1);
  return row ?? null;
}

export async function isDoorNameTaken(tx: Executor, entityId: string, areaId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: doors.id })
    .from(doors)
    .where(
      and(
        eq(doors.entityId, entityId),
        eq(doors.areaId, areaId),
        sql`lower(${doors.name}) = lower(${name})`,
        exceptId ? ne(doors.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** The kiosk's area, when the kiosk exists in the company: a door's opener must stand in its area. */
export async function findKioskArea(tx: Executor, entityId: string, kioskId: string) {
  const [row] = await tx
    .select({ areaId: kiosks.areaId, name: kiosks.name })
    .from(kiosks)
    .where(and(eq(kiosks.entityId, entityId), eq(kiosks.id, kioskId)))
    .limit(1);
  return row ?? null;
}

export async function insertDoor(tx: Executor, values: typeof doors.$inferInsert) {
  const [row] = await tx.insert(doors).values(values).returning();
  return row!;
}

export async function updateDoor(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<Pick<DoorRow, 'name' | 'kioskId'>>,
) {
  const [row] = await tx
    .update(doors)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(doors.entityId, entityId), eq(doors.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteDoor(tx: Executor, entityId: string, id: string) {
  await tx.delete(doors).where(and(eq(doors.entityId, entityId), eq(doors.id, id)));
}

/** A kiosk that moves to another area no longer opens the doors of its old one. */
export async function releaseDoorsOfKiosks(tx: Executor, entityId: string, kioskIds: string[]) {
  if (kioskIds.length === 0) return;
  await tx
    .update(doors)
    .set({ kioskId: null, updatedAt: new Date() })
    .where(and(eq(doors.entityId, entityId), inArray(doors.kioskId, kioskIds)));
}

export async function countDoors(tx: Executor, entityId: string, where: { siteId: string } | { areaId: string }) {
  const [row] =
    'areaId' in where
      ? await tx
          .select({ n: count() })
          .from(doors)
          .where(and(eq(doors.entityId, entityId), eq(doors.areaId, where.areaId)))
      : await tx
          .select({ n: count() })
          .from(doors)
          .innerJoin(areas, and(eq(areas.entityId, doors.entityId), eq(areas.id, doors.areaId)))
          .where(and(eq(doors.entityId, entityId), eq(areas.siteId, where.siteId)));
  return Number(row?.n ?? 0);
}
