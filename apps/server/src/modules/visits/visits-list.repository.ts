import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DashboardCount, VisitSortField } from '@app/shared/visits/schemas';
import type { Executor } from '../../db/client';
import {
  afterSortKeys,
  COUNT_CAP,
  countCapped,
  decodeCursor,
  encodeCursor,
  type CursorValue,
  type SortKey,
} from '../../db/keyset';
import { AppError } from '../../lib/app-error';
import { areas, people, sites, userTypes, visits } from '../../db/schema/index';
import { searchFilter } from '../people/people-list.repository';
import { selectRows, type VisitRow } from './visits.repository';

// The logbook: the visits that were current at some moment of a range of days (decision 022).
//
// A visit is current from `activity_at` (arrival, else expected time, else creation) to `active_until`
// (departure; never while on site). Both are stored generated columns, so the range is plain
// comparisons an index serves under row-level security. A visit current for more than a day is a
// `long_visit` (few: people on site now, forgotten sign-outs); every other visit current in the range
// began at most a day before it. So the logbook reads two index ranges — visits that began from a
// day before the range to its end, and long visits that began earlier — and never the company's
// history before the range.

const DAY_MS = 86_400_000;

export type VisitFilters = {
  start: Date;
  end: Date;
  state?: string;
  siteId?: string;
  areaId?: string;
  userTypeId?: string;
  stage?: string;
  /** Only what a dashboard count counts over the range (see dailyCounts). */
  count?: DashboardCount;
  search?: string;
};

export type VisitPageQuery = {
  page: number;
  limit: number;
  sortField: VisitSortField;
  orderBy: 'asc' | 'desc';
  cursor?: string;
};

export type VisitPage = { rows: VisitRow[]; nextCursor: string | null };

/** What each dashboard count counts within [start, end): the same rules as dailyCounts. */
function countWhere(count: DashboardCount | undefined, start: string, end: string): SQL | undefined {
  const inRange = (column: AnyPgColumn) =>
    sql`(${column} >= ${start}::timestamptz and ${column} < ${end}::timestamptz)`;
  switch (count) {
    case 'on_site':
      return eq(visits.state, 'on_site');
    case 'signed_in':
      return and(inArray(visits.state, ['on_site', 'left']), inRange(visits.signedInAt));
    case 'expected':
      return and(eq(visits.state, 'expected'), inRange(visits.expectedAt));
    case 'checked_in':
      return and(eq(visits.state, 'checked_in'), inRange(visits.signedInAt));
    default:
      return undefined;
  }
}

/** The visits of the people a search finds (by name, company, email, id number or phone). */
function searchedPeople(entityId: string, search: string): SQL {
  return sql`${visits.personId} in (
    select ${people.id} from ${people} where ${people.entityId} = ${entityId}::uuid and ${searchFilter(search, true)}
  )`;
}

/** Everything but where the range begins: the company, the admin's scope and the logbook's filters. */
function filterWhere(entityId: string, scope: SQL | undefined, f: VisitFilters): SQL {
  return and(
    eq(visits.entityId, entityId),
    scope,
    sql`${visits.activeUntil} >= ${f.start.toISOString()}::timestamptz`,
    f.state ? eq(visits.state, f.state) : undefined,
    f.siteId ? eq(visits.siteId, f.siteId) : undefined,
    f.areaId ? eq(visits.areaId, f.areaId) : undefined,
    f.userTypeId ? eq(visits.userTypeId, f.userTypeId) : undefined,
    f.stage ? eq(visits.stage, f.stage) : undefined,
    countWhere(f.count, f.start.toISOString(), f.end.toISOString()),
    f.search ? searchedPeople(entityId, f.search) : undefined,
  )!;
}

/** The range's two index ranges: visits that began within a day before it or in it, and long visits that began earlier. */
function rangeBranches(f: VisitFilters): [SQL, SQL] {
  const end = f.end.toISOString();
  const dayBefore = new Date(f.start.getTime() - DAY_MS).toISOString();
  return [
    sql`(${visits.activityAt} >= ${dayBefore}::timestamptz and ${visits.activityAt} < ${end}::timestamptz)`,
    sql`(${visits.longVisit} and ${visits.activityAt} < ${dayBefore}::timestamptz)`,
  ];
}

/** A timestamp as fixed-width UTC text to the microsecond: it sorts as text and casts back exactly. */
const utcText = (column: AnyPgColumn) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The page's rows, read whole, in the order of their ids. */
async function rowsInOrder(tx: Executor, entityId: string, ids: string[]): Promise<VisitRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows(tx).where(and(eq(visits.entityId, entityId), inArray(visits.id, ids)));
  const byId = new Map(rows.map((r) => [r.visit.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is VisitRow => r !== undefined);
}

type Key = { at: string; id: string };
const compareKeys = (a: Key, b: Key) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The logbook's groups by activity (migration 0028): the visits people arrived for — the arrivals and
 * departures that happened — and those nobody has arrived for yet (expected, not come, cancelled).
 * Latest activity first shows the arrivals first, so visits expected later never push a new arrival
 * off the first page; oldest first is the same order reversed. Each group has its own index.
 */
const ACTIVITY_GROUPS = {
  arrived: sql`${visits.signedInAt} is not null`,
  awaited: sql`${visits.signedInAt} is null`,
} as const;
type ActivityGroup = keyof typeof ACTIVITY_GROUPS;

/**
 * By activity, the logbook's own order (its id going the same way), group by group: each branch of a
 * group reads at most `offset + limit + 1` keys after the cursor from its index range, the two are
 * merged, the next group is read only when the page needs it, and only the page's rows are then read
 * whole.
 */
async function pageByActivity(
  tx: Executor,
  entityId: string,
  where: SQL,
  f: VisitFilters,
  q: VisitPageQuery,
): Promise<VisitPage> {
  const sortName = `visits:activity:${q.orderBy}`;
  const groups: ActivityGroup[] = q.orderBy === 'desc' ? ['arrived', 'awaited'] : ['awaited', 'arrived'];
  const cursor = q.cursor ? (decodeCursor(q.cursor, sortName, 3) as [ActivityGroup, string, string]) : null;
  const first = cursor ? groups.indexOf(cursor[0]) : 0;
  if (first < 0) throw new AppError('validation_failed', { field: 'cursor', messageKey: 'cursor_invalid' });
  const offset = cursor ? 0 : (q.page - 1) * q.limit;
  const take = offset + q.limit + 1;
  const dir = q.orderBy === 'asc' ? asc : desc;
  const keys: (Key & { group: ActivityGroup })[] = [];
  for (const group of groups.slice(first)) {
    const after =
      cursor && group === cursor[0]
        ? sql`(${visits.activityAt}, ${visits.id}) ${sql.raw(q.orderBy === 'asc' ? '>' : '<')} (${cursor[1]}::timestamptz, ${cursor[2]}::uuid)`
        : undefined;
    const found: Key[] = [];
    for (const branch of rangeBranches(f)) {
      const rows = await tx
        .select({ at: utcText(visits.activityAt), id: visits.id })
        .from(visits)
        .where(and(where, branch, ACTIVITY_GROUPS[group], after))
        .orderBy(dir(visits.activityAt), dir(visits.id))
        .limit(take - keys.length);
      found.push(...rows.map((k) => ({ at: k.at!, id: k.id })));
    }
    found.sort((a, b) => (q.orderBy === 'asc' ? compareKeys(a, b) : compareKeys(b, a)));
    keys.push(...found.map((k) => ({ ...k, group })));
    if (keys.length >= take) break;
  }
  const window = keys.slice(offset, take);
  const page = window.slice(0, q.limit);
  const last = page.at(-1);
  return {
    rows: await rowsInOrder(
      tx,
      entityId,
      page.map((k) => k.id),
    ),
    nextCursor: window.length > q.limit && last ? encodeCursor(sortName, [last.group, last.at, last.id]) : null,
  };
}

/** A sort key of the other orders: its SQL, its type, and whether it can be empty (empty ones go last either way). */
const OTHER_SORTS: Record<Exclude<VisitSortField, 'activity'>, SortKey[]> = {
  signed_in_at: [{ expr: visits.signedInAt, cast: 'timestamptz', nullable: true }],
  signed_out_at: [{ expr: visits.signedOutAt, cast: 'timestamptz', nullable: true }],
  expected_at: [{ expr: visits.expectedAt, cast: 'timestamptz', nullable: true }],
  name: [
    { expr: people.lastName, cast: 'text', nullable: false },
    { expr: people.firstName, cast: 'text', nullable: false },
  ],
  user_type: [{ expr: userTypes.name, cast: 'text', nullable: true }],
  site: [
    { expr: sites.name, cast: 'text', nullable: false },
    { expr: areas.name, cast: 'text', nullable: false },
  ],
  area: [{ expr: areas.name, cast: 'text', nullable: false }],
  state: [{ expr: visits.state, cast: 'text', nullable: false }],
};

const keyValue = (key: SortKey) =>
  key.cast === 'timestamptz' ? utcText(key.expr as AnyPgColumn) : sql<string | null>`${key.expr}`;

/**
 * Rows after the cursor in an order of keys going one way (empty values last) and then the id going
 * down: the first key that differs decides. Within the range's few rows, a filter.
 */
function afterKeys(keys: SortKey[], values: CursorValue[], dir: 'asc' | 'desc', id: string): SQL {
  return afterSortKeys(keys, values, dir, { column: visits.id, value: id, dir: 'desc' });
}

async function pageByOtherKey(
  tx: Executor,
  entityId: string,
  where: SQL,
  f: VisitFilters,
  q: VisitPageQuery & { sortField: Exclude<VisitSortField, 'activity'> },
): Promise<VisitPage> {
  const keys = OTHER_SORTS[q.sortField];
  const sortName = `visits:${q.sortField}:${q.orderBy}`;
  const decoded = q.cursor ? decodeCursor(q.cursor, sortName, keys.length + 1) : null;
  const after = decoded ? afterKeys(keys, decoded.slice(0, -1), q.orderBy, String(decoded.at(-1))) : undefined;
  const [recent, long] = rangeBranches(f);
  const rows = await selectRows(tx)
    .where(and(where, or(recent, long), after))
    .orderBy(...keys.map((k) => sql`${k.expr} ${sql.raw(q.orderBy)} nulls last`), desc(visits.id))
    .limit(q.limit + 1)
    .offset(decoded ? 0 : (q.page - 1) * q.limit);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  if (rows.length <= q.limit || !last) return { rows: page, nextCursor: null };
  // The last row's keys as the database has them (timestamps to the microsecond).
  const [values] = await tx
    .select(Object.fromEntries(keys.map((k, i) => [`k${i}`, keyValue(k)])))
    .from(visits)
    .innerJoin(people, and(eq(people.entityId, visits.entityId), eq(people.id, visits.personId)))
    .innerJoin(sites, and(eq(sites.entityId, visits.entityId), eq(sites.id, visits.siteId)))
    .innerJoin(areas, and(eq(areas.entityId, visits.entityId), eq(areas.id, visits.areaId)))
    .leftJoin(userTypes, and(eq(userTypes.entityId, visits.entityId), eq(userTypes.id, visits.userTypeId)))
    .where(and(eq(visits.entityId, entityId), eq(visits.id, last.visit.id)));
  const cursorValues = keys.map((_, i) => values?.[`k${i}`] ?? null);
  return { rows: page, nextCursor: encodeCursor(sortName, [...cursorValues, last.visit.id]) };
}

/** One page of the logbook: after `q.cursor` when given (keyset), else at `q.page`. */
export function findVisitPage(
  tx: Executor,
  entityId: string,
  scope: SQL | undefined,
  f: VisitFilters,
  q: VisitPageQuery,
): Promise<VisitPage> {
  const where = filterWhere(entityId, scope, f);
  return q.sortField === 'activity'
    ? pageByActivity(tx, entityId, where, f, q)
    : pageByOtherKey(tx, entityId, where, f, { ...q, sortField: q.sortField });
}

/**
 * How many visits the logbook's range and filters match, up to COUNT_CAP: each branch counted on its
 * own index (with no filter, from the index alone).
 */
export async function countVisits(tx: Executor, entityId: string, scope: SQL | undefined, f: VisitFilters) {
  const where = filterWhere(entityId, scope, f);
  let total = 0;
  for (const branch of rangeBranches(f)) {
    total += (await countCapped(tx, sql`${visits}`, and(where, branch))).count;
    if (total >= COUNT_CAP) return { count: COUNT_CAP, capped: true };
  }
  return { count: total, capped: false };
}
