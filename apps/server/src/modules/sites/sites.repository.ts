import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ListSitesQuery, LoginMode } from '@app/shared/sites/schemas';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { areas, kiosks, people, personSites, sites } from '../../db/schema/index';

export type SiteRow = typeof sites.$inferSelect;
export type AreaRow = typeof areas.$inferSelect;

/** The WHERE part that limits sites to the company and, for admins with assigned sites, to theirs. */
export function siteFilter(entityId: string, siteIds: string[] | null, ...more: (SQL | undefined)[]) {
  const scope = siteIds === null ? undefined : siteIds.length ? inArray(sites.id, siteIds) : sql`false`;
  return and(eq(sites.entityId, entityId), scope, ...more);
}

// Written out in full: drizzle leaves columns unqualified in single-table selects, which inside a
// correlated subquery would bind to the inner table.
const areaCount = sql<number>`(select count(*)::int from areas a where a.entity_id = "sites"."entity_id" and a.site_id = "sites"."id")`;

export async function listSites(tx: Executor, entityId: string, siteIds: string[] | null, q: ListSitesQuery) {
  const rows = await siteListQuery(
    q.sortField,
    q.orderBy,
    Boolean(q.search),
  )(tx, {
    entityId,
    all: siteIds === null,
    siteIds,
    pattern: q.search ? `%${q.search}%` : null,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  // The page carries the count of every site the filter keeps; a page past the end counts apart.
  const total =
    rows[0]?.total ??
    (await tx
      .select({ n: count() })
      .from(sites)
      .where(siteFilter(entityId, siteIds, q.search ? ilike(sites.name, `%${q.search}%`) : undefined))
      .then(([row]) => row?.n ?? 0));
  return { rows, count: Number(total) };
}

/** One prepared statement per way of listing (sort, order, with or without a search): db/prepared.ts. */
const siteListQueries = new Map<string, ReturnType<typeof buildSiteListQuery>>();

function siteListQuery(sortField: ListSitesQuery['sortField'], orderBy: 'asc' | 'desc', searching: boolean) {
  const name = `sites_list_${sortField}_${orderBy}_${searching ? 'search' : 'all'}_v1`;
  let query = siteListQueries.get(name);
  if (!query) siteListQueries.set(name, (query = buildSiteListQuery(name, sortField, orderBy, searching)));
  return query;
}

function buildSiteListQuery(
  name: string,
  sortField: ListSitesQuery['sortField'],
  orderBy: 'asc' | 'desc',
  searching: boolean,
) {
  const column = sortField === 'name' ? sites.name : sortField === 'created_at' ? sites.createdAt : areaCount;
  return preparedQuery(name, (db) =>
    db
      .select({ site: sites, areaCount, total: sql<number>`count(*) over ()` })
      .from(sites)
      .where(
        and(
          eq(sites.entityId, sql.placeholder('entityId')),
          sql`(${sql.placeholder('all')}::boolean or ${sites.id} = any(${sql.placeholder('siteIds')}::uuid[]))`,
          searching ? ilike(sites.name, sql.placeholder('pattern')) : undefined,
        ),
      )
      .orderBy(orderBy === 'desc' ? desc(column) : asc(column), asc(sites.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
}

export async function listSitesWithAreas(tx: Executor, entityId: string, siteIds: string[] | null) {
  const siteRows = await tx
    .select()
    .from(sites)
    .where(siteFilter(entityId, siteIds))
    .orderBy(asc(sites.name), asc(sites.id));
  const ids = siteRows.map((s) => s.id);
  const areaRows = ids.length
    ? await tx
        .select()
        .from(areas)
        .where(and(eq(areas.entityId, entityId), inArray(areas.siteId, ids)))
        .orderBy(asc(areas.name), asc(areas.id))
    : [];
  return { siteRows, areaRows };
}

export async function findSite(tx: Executor, entityId: string, siteIds: string[] | null, id: string) {
  const [row] = await tx
    .select({ site: sites, areaCount })
    .from(sites)
    .where(siteFilter(entityId, siteIds, eq(sites.id, id)))
    .limit(1);
  return row ?? null;
}

export async function isSiteNameTaken(tx: Executor, entityId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(
        eq(sites.entityId, entityId),
        sql`lower(${sites.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(sites.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertSite(tx: Executor, values: typeof sites.$inferInsert) {
  const [row] = await tx.insert(sites).values(values).returning();
  return row!;
}

export async function updateSite(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<typeof sites.$inferInsert>,
) {
  const [row] = await tx
    .update(sites)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(sites.entityId, entityId), eq(sites.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes a site and its areas; callers check first that nothing depends on them. */
export async function deleteSiteWithAreas(tx: Executor, entityId: string, id: string) {
  await tx.delete(areas).where(and(eq(areas.entityId, entityId), eq(areas.siteId, id)));
  await tx.delete(sites).where(and(eq(sites.entityId, entityId), eq(sites.id, id)));
}

export async function assignSiteToMember(tx: Executor, entityId: string, membershipId: string, siteId: string) {
  const [person] = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.entityId, entityId), eq(people.membershipId, membershipId)))
    .limit(1);
  if (person) await tx.insert(personSites).values({ entityId, personId: person.id, siteId }).onConflictDoNothing();
}

export async function findArea(tx: Executor, entityId: string, siteIds: string[] | null, id: string) {
  const [row] = await tx
    .select({ area: areas })
    .from(areas)
    .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
    .where(siteFilter(entityId, siteIds, eq(areas.id, id)))
    .limit(1);
  return row?.area ?? null;
}

export async function isAreaNameTaken(tx: Executor, entityId: string, siteId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: areas.id })
    .from(areas)
    .where(
      and(
        eq(areas.entityId, entityId),
        eq(areas.siteId, siteId),
        sql`lower(${areas.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(areas.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertArea(tx: Executor, values: typeof areas.$inferInsert) {
  const [row] = await tx.insert(areas).values(values).returning();
  return row!;
}

export async function updateArea(
  tx: Executor,
  entityId: string,
  id: string,
  values: {
    name?: string;
    loginMode?: LoginMode;
    autoSignOut?: 'after_24h' | 'midnight';
    active?: boolean;
    siteId?: string;
    capacity?: number | null;
    dailyVisitorLimit?: number | null;
  },
) {
  const [row] = await tx
    .update(areas)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(areas.entityId, entityId), eq(areas.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteArea(tx: Executor, entityId: string, id: string) {
  await tx.delete(areas).where(and(eq(areas.entityId, entityId), eq(areas.id, id)));
}

/** Kiosks of the given areas, for the site tree (one query for the whole tree). */
export async function listKiosksOfAreas(tx: Executor, entityId: string, areaIds: string[]) {
  if (areaIds.length === 0) return [];
  return tx
    .select({ id: kiosks.id, areaId: kiosks.areaId, name: kiosks.name, lastSeenAt: kiosks.lastSeenAt })
    .from(kiosks)
    .where(and(eq(kiosks.entityId, entityId), inArray(kiosks.areaId, areaIds)))
    .orderBy(asc(kiosks.name), asc(kiosks.id));
}

/** How many kiosks stand in a site's areas or in one area: deleting either is refused while any do. */
export async function countKiosks(tx: Executor, entityId: string, where: { siteId: string } | { areaId: string }) {
  const [row] =
    'areaId' in where
      ? await tx
          .select({ n: count() })
          .from(kiosks)
          .where(and(eq(kiosks.entityId, entityId), eq(kiosks.areaId, where.areaId)))
      : await tx
          .select({ n: count() })
          .from(kiosks)
          .innerJoin(areas, and(eq(areas.entityId, kiosks.entityId), eq(areas.id, kiosks.areaId)))
          .where(and(eq(kiosks.entityId, entityId), eq(areas.siteId, where.siteId)));
  return Number(row?.n ?? 0);
}
