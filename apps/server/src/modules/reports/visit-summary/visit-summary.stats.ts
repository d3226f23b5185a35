import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../../db/client';
import type { SummaryGroupRow, SummaryWhere } from './visit-summary.repository';
import { bytesOf, countOffLoop } from './visit-summary.counting-pool';

// The visit summary from the per-company-day aggregates (decision 038): one row per day, site, area and
// user type of `visit_day_arrivals` (some 15,000 for a year of a big company) holds the counts that add
// up and, as arrays, who arrived (people as small numbers), the stays in whole minutes, the arrivals per
// hour and the reasons given. One read of the period's rows; the groups, the distinct people and the
// median are counted in a worker thread (visit-summary.counting.ts). A period is made of whole days on the company's clock, so the aggregates
// answer it all when they are kept on that clock.

/** The clock a company's aggregates are kept on, or null when there are none yet. */
export async function statsZone(tx: Executor, entityId: string): Promise<string | null> {
  const res = await tx.execute(sql`select timezone from visit_stats_zones where entity_id = ${entityId}`);
  return rowsOf<{ timezone: string }>(res)[0]?.timezone ?? null;
}

const uuidList = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** The company, the period's days, the reader's scope and the filters, on the aggregates' table. */
function statsFilters(w: SummaryWhere): SQL {
  const parts: SQL[] = [sql`a.entity_id = ${w.entityId}`, sql`a.day >= ${w.from}::date`, sql`a.day <= ${w.to}::date`];
  if (w.scopeSiteIds !== null) {
    parts.push(w.scopeSiteIds.length ? sql`a.site_id = any(${uuidList(w.scopeSiteIds)})` : sql`false`);
  }
  if (w.scopeUserTypeIds !== null) {
    parts.push(w.scopeUserTypeIds.length ? sql`a.user_type_id = any(${uuidList(w.scopeUserTypeIds)})` : sql`false`);
  }
  if (w.siteId) parts.push(sql`a.site_id = ${w.siteId}`);
  if (w.areaId) parts.push(sql`a.area_id = ${w.areaId}`);
  if (w.userTypeId) parts.push(sql`a.user_type_id = ${w.userTypeId}`);
  return sql.join(parts, sql` and `);
}

type StatsResult = {
  arrivals: number | string | null;
  names: Record<string, string> | string | null;
  rows: string | null;
  stays: string | null;
  late: string | null;
  early: string | null;
};

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The period's rows in one scan, as text (readRows): the rows with who arrived and the arrivals per
 * hour, all their stays, the reasons given; and the names of the company's sites, areas, user types and
 * reasons.
 */
async function readStats(tx: Executor, w: SummaryWhere): Promise<StatsResult | undefined> {
  const res = await tx.execute(sql`
    select
      sum(a.visits) as arrivals,
      (select json_object_agg(n.id, n.name) from (
        select id, name from sites where entity_id = ${w.entityId}
        union all select id, name from areas where entity_id = ${w.entityId}
        union all select id, name from user_types where entity_id = ${w.entityId}
        union all select id, name from attendance_reasons where entity_id = ${w.entityId}
      ) n) as names,
      string_agg(
        concat_ws(' ', a.day - ${w.from}::date, a.site_id, a.area_id, coalesce(a.user_type_id::text, '-'), a.visits,
          a.completed, a.stay_micros, a.expected, array_to_string(a.people, ','), array_to_string(a.hours, ',')),
        e'\\n') as rows,
      string_agg(array_to_string(a.stays, ','), ',') filter (where a.completed > 0) as stays,
      string_agg(array_to_string(a.late_reasons, ','), ',') filter (where cardinality(a.late_reasons) > 0) as late,
      string_agg(array_to_string(a.early_reasons, ','), ',') filter (where cardinality(a.early_reasons) > 0) as early
    from visit_day_arrivals a
    where ${statsFilters(w)}
  `);
  return rowsOf<StatsResult>(res)[0];
}

/**
 * The average stays in minutes (one decimal) of [sum of microseconds, count] pairs, by the database's
 * numeric arithmetic, exactly as the full computation rounds them (`averageOf`).
 */
async function averagesOf(tx: Executor, pairs: readonly (readonly [bigint, number])[]): Promise<(number | null)[]> {
  if (pairs.length === 0) return [];
  const res = await tx.execute(sql`
    select round(u.s / nullif(u.c, 0) / 60000000, 1)::float8 as average
    from unnest(${`{${pairs.map((p) => p[0]).join(',')}}`}::numeric[], ${`{${pairs.map((p) => p[1]).join(',')}}`}::bigint[])
      with ordinality as u(s, c, i)
    order by u.i
  `);
  return rowsOf<{ average: number | null }>(res).map((r) => (r.average === null ? null : Number(r.average)));
}

const DAY_MS = 86_400_000;

/**
 * The summary's groups from the aggregates, in the shape of the full computation (`summaryGroups`).
 * `today`: the company's day now; expected visits of earlier days count as no-shows.
 */
export async function summaryGroupsFromStats(tx: Executor, w: SummaryWhere, today: string): Promise<SummaryGroupRow[]> {
  const result = await readStats(tx, w);
  const names = new Map(Object.entries(json(result?.names ?? null) ?? {}));
  const first = Date.parse(`${w.from}T00:00:00Z`);
  const counted = await countOffLoop({
    rows: bytesOf(result?.rows ?? null),
    stays: bytesOf(result?.stays ?? null),
    late: bytesOf(result?.late ?? null),
    early: bytesOf(result?.early ?? null),
    arrivals: Number(result?.arrivals ?? 0),
    from: w.from,
    todayOffset: Math.round((Date.parse(`${today}T00:00:00Z`) - first) / DAY_MS),
  });
  const averaged = counted.groups.filter((g) => g.counted);
  const averages = await averagesOf(
    tx,
    averaged.map((g) => [g.micros, g.completed] as const),
  );
  const average = new Map(averaged.map((g, i) => [g, averages[i] ?? null]));
  const name = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  return counted.groups.map((g) => ({
    kind: g.kind,
    day: g.day,
    site_id: g.siteId,
    site_name: name(g.siteId),
    area_id: g.areaId,
    area_name: name(g.areaId),
    user_type_id: g.userTypeId,
    user_type_name: name(g.userTypeId),
    weekday: g.weekday,
    hour: g.hour,
    reason_id: g.reasonId,
    reason_name: name(g.reasonId),
    visits: g.visits,
    people: g.people,
    completed: g.completed,
    average_minutes: average.get(g) ?? null,
    median_minutes: g.kind === 'total' ? counted.median : null,
    no_shows: g.kind === 'total' ? counted.noShows : 0,
  }));
}
