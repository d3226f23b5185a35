import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../../db/client';
import type { SummaryGroupKind, SummaryGroupRow, SummaryWhere } from './visit-summary.repository';
import { distinctPeople, medianOf, parseInts, readArrivals } from './visit-summary.counting';

// The visit summary from the per-company-day aggregates (decision 038): one row per day, site, area and
// user type of `visit_day_arrivals` (some 15,000 for a year of a big company) holds the counts that add
// up and, as arrays, who arrived (people as small numbers), the stays in whole minutes, the arrivals per
// hour and the reasons given. One read of the period's rows; the groups, the distinct people and the
// median are counted here. A period is made of whole days on the company's clock, so the aggregates
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
 * The period's rows in one scan, as text (readArrivals): the rows with who arrived and the arrivals per
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

type Group = {
  kind: SummaryGroupKind;
  day: string | null;
  siteId: string | null;
  areaId: string | null;
  userTypeId: string | null;
  weekday: number | null;
  hour: number | null;
  reasonId: string | null;
  visits: number;
  completed: number;
  micros: bigint;
  /** The rows (indexes) whose people the group counts. */
  rows: number[];
};

const DAY_MS = 86_400_000;

/**
 * Lets the event loop serve others between the counting's steps (tens of milliseconds each for a year
 * of a big company), so a summary holds other requests up for one step at most.
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The summary's groups from the aggregates, in the shape of the full computation (`summaryGroups`).
 * `today`: the company's day now; expected visits of earlier days count as no-shows.
 */
export async function summaryGroupsFromStats(tx: Executor, w: SummaryWhere, today: string): Promise<SummaryGroupRow[]> {
  const result = await readStats(tx, w);
  const names = new Map(Object.entries(json(result?.names ?? null) ?? {}));
  await breathe();
  const arrivals = await readArrivals(result?.rows ?? null, Number(result?.arrivals ?? 0), w.from, breathe);
  await breathe();
  const first = Date.parse(`${w.from}T00:00:00Z`);
  const todayOffset = Math.round((Date.parse(`${today}T00:00:00Z`) - first) / DAY_MS);

  const groups = new Map<string, Group>();
  const group = (key: string, init: Omit<Group, 'visits' | 'completed' | 'micros' | 'rows'>) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { ...init, visits: 0, completed: 0, micros: 0n, rows: [] }));
    return g;
  };
  const none = { day: null, siteId: null, areaId: null, userTypeId: null, weekday: null, hour: null, reasonId: null };
  const total = group('total', { kind: 'total', ...none });
  let noShows = 0;
  // The groups of each day and of each combination of site, area and user type, found once.
  // Each row adds to its day's group and to its combination of site, area and user type; the site,
  // area, user type and total groups are then made of the combinations' sums and rows.
  const byDay = new Map<number, Group>();
  const byCombo = new Map<string, Group>();
  arrivals.rows.forEach((r, i) => {
    if (r.day < todayOffset) noShows += r.expected;
    if (r.visits <= 0) return;
    let dayGroup = byDay.get(r.day);
    if (!dayGroup) {
      const day = new Date(first + r.day * DAY_MS).toISOString().slice(0, 10);
      byDay.set(r.day, (dayGroup = group(`day|${day}`, { kind: 'day', ...none, day })));
    }
    let combo = byCombo.get(r.combo);
    if (!combo)
      byCombo.set(r.combo, (combo = { kind: 'total', ...none, visits: 0, completed: 0, micros: 0n, rows: [] }));
    for (const g of [dayGroup, combo]) {
      g.visits += r.visits;
      g.completed += r.completed;
      g.micros += r.micros;
      g.rows.push(i);
    }
  });
  for (const [key, combo] of byCombo) {
    const [siteId, areaId, type] = key.split(' ') as [string, string, string];
    const userTypeId = type === '-' ? null : type;
    for (const g of [
      total,
      group(`site|${siteId}`, { kind: 'site', ...none, siteId }),
      group(`area|${siteId}|${areaId}`, { kind: 'area', ...none, siteId, areaId }),
      group(`user_type|${type}`, { kind: 'user_type', ...none, userTypeId }),
    ]) {
      g.visits += combo.visits;
      g.completed += combo.completed;
      g.micros += combo.micros;
      for (const row of combo.rows) g.rows.push(row);
    }
  }
  arrivals.heat.forEach((visits, slot) => {
    if (visits > 0) group(`hour|${slot}`, { kind: 'hour', ...none, weekday: Math.floor(slot / 24), hour: slot % 24 }).visits = visits; // prettier-ignore
  });
  for (const kind of ['late', 'early'] as const) {
    for (const reasonId of result?.[kind]?.split(',') ?? []) group(`${kind}|${reasonId}`, { kind, ...none, reasonId }).visits += 1; // prettier-ignore
  }

  const list = [...groups.values()];
  const counted = list.filter((g) => g.rows.length > 0 || g.kind === 'total');
  const averages = await averagesOf(
    tx,
    counted.map((g) => [g.micros, g.completed] as const),
  );
  const average = new Map(counted.map((g, i) => [g, averages[i] ?? null]));
  await breathe();
  const people = await distinctPeople(
    arrivals,
    counted.map((g) => g.rows),
    breathe,
  );
  const distinct = new Map(counted.map((g, i) => [g, people[i] ?? 0]));
  await breathe();
  const median = medianOf(parseInts(result?.stays ?? ''));
  const name = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  return list.map((g) => ({
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
    people: distinct.get(g) ?? 0,
    completed: g.completed,
    average_minutes: average.get(g) ?? null,
    median_minutes: g.kind === 'total' ? median : null,
    no_shows: g.kind === 'total' ? noShows : 0,
  }));
}
