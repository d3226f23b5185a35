import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { KioskEventKind } from '@app/shared/reports/kiosk-logs';
import type { Executor } from '../../../db/client';
import { containing } from '../../../db/like';
import { afterCursor, countCapped, decodeCursor, keysetPage } from '../../../db/keyset';
import { areas, kioskEvents, kiosks, people, sites } from '../../../db/schema/index';

// The kiosk logs' SQL: events newest first, limited to the reader's sites by the site the kiosk stood
// at then. Names come from the kiosk, area and site as they are now, or as kept when they are gone.

export type KioskLogsWhere = {
  start: Date;
  end: Date;
  kioskId?: string;
  siteId?: string;
  kind?: KioskEventKind;
  /** Part of the kiosk's name (as logged) or of the person's first or last name. */
  search?: string;
};

const SORT = 'at_desc';

const columns = {
  event: kioskEvents,
  atText: sql<string>`${kioskEvents.at}::text`,
  kioskNow: { id: kiosks.id, name: kiosks.name },
  site: { id: sites.id, name: sites.name },
  area: { id: areas.id, name: areas.name },
  person: { id: people.id, firstName: people.firstName, lastName: people.lastName },
};

function joined(tx: Executor) {
  return tx
    .select(columns)
    .from(kioskEvents)
    .leftJoin(kiosks, and(eq(kiosks.entityId, kioskEvents.entityId), eq(kiosks.id, kioskEvents.kioskId)))
    .leftJoin(sites, and(eq(sites.entityId, kioskEvents.entityId), eq(sites.id, kioskEvents.siteId)))
    .leftJoin(areas, and(eq(areas.entityId, kioskEvents.entityId), eq(areas.id, kioskEvents.areaId)))
    .leftJoin(people, and(eq(people.entityId, kioskEvents.entityId), eq(people.id, kioskEvents.personId)));
}

export type KioskLogRecord = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

function whereOf(entityId: string, siteIds: string[] | null, w: KioskLogsWhere): SQL | undefined {
  return and(
    eq(kioskEvents.entityId, entityId),
    sql`${kioskEvents.at} >= ${w.start.toISOString()}::timestamptz`,
    sql`${kioskEvents.at} < ${w.end.toISOString()}::timestamptz`,
    w.kioskId ? eq(kioskEvents.kioskId, w.kioskId) : undefined,
    w.siteId ? eq(kioskEvents.siteId, w.siteId) : undefined,
    w.kind ? eq(kioskEvents.kind, w.kind) : undefined,
    w.search
      ? or(
          ilike(kioskEvents.kioskName, containing(w.search)),
          ilike(people.firstName, containing(w.search)),
          ilike(people.lastName, containing(w.search)),
        )
      : undefined,
    siteIds === null ? undefined : siteIds.length ? inArray(kioskEvents.siteId, siteIds) : sql`false`,
  );
}

const afterOf = (values: (string | number | boolean | null)[]) =>
  afterCursor([kioskEvents.at, kioskEvents.id], values, ['timestamptz', 'uuid'], 'desc');

export async function listKioskEvents(
  tx: Executor,
  entityId: string,
  siteIds: string[] | null,
  w: KioskLogsWhere,
  paging: { page: number; limit: number; cursor?: string },
) {
  const where = whereOf(entityId, siteIds, w);
  const rows = await joined(tx)
    .where(and(where, paging.cursor ? afterOf(decodeCursor(paging.cursor, SORT, 2)) : undefined))
    .orderBy(desc(kioskEvents.at), desc(kioskEvents.id))
    .limit(paging.limit + 1)
    .offset(paging.cursor ? 0 : (paging.page - 1) * paging.limit);
  const { rows: page, nextCursor } = keysetPage(rows, paging.limit, SORT, (r) => [r.atText, r.event.id]);
  const { count, capped } = await countCapped(
    tx,
    sql`kiosk_events left join people on people.entity_id = kiosk_events.entity_id and people.id = kiosk_events.person_id`,
    where,
  );
  return { rows: page, nextCursor, count, capped };
}

/** Events in the list's order for an export batch: after the cursor values, `limit` of them. */
export async function kioskEventBatch(
  tx: Executor,
  entityId: string,
  siteIds: string[] | null,
  w: KioskLogsWhere,
  after: [string, string] | null,
  limit: number,
) {
  return joined(tx)
    .where(and(whereOf(entityId, siteIds, w), after ? afterOf(after) : undefined))
    .orderBy(desc(kioskEvents.at), desc(kioskEvents.id))
    .limit(limit);
}

/** The sites and kiosks within the reader's sites, by name (what the filters offer). */
export async function deviceOptions(tx: Executor, entityId: string, siteIds: string[] | null) {
  const scope = (column: typeof sites.id | typeof areas.siteId) =>
    siteIds === null ? undefined : siteIds.length ? inArray(column, siteIds) : sql`false`;
  const siteRows = await tx
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.entityId, entityId), scope(sites.id)))
    .orderBy(sites.name, sites.id);
  const kioskRows = await tx
    .select({ id: kiosks.id, name: kiosks.name, site_id: areas.siteId })
    .from(kiosks)
    .innerJoin(areas, and(eq(areas.entityId, kiosks.entityId), eq(areas.id, kiosks.areaId)))
    .where(and(eq(kiosks.entityId, entityId), scope(areas.siteId)))
    .orderBy(kiosks.name, kiosks.id);
  return { sites: siteRows, kiosks: kioskRows };
}
