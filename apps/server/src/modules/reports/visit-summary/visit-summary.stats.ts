import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../../db/client';
import type { SummaryGroupKind, SummaryGroupRow, SummaryWhere } from './visit-summary.repository';
import { medianOf, parseInts, type IntList } from './visit-summary.counting';

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

type ArrivalRow = {
  day: string;
  site_id: string;
  area_id: string;
  user_type_id: string | null;
  visits: number;
  completed: number;
  stay_micros: string;
  expected: number;
  people: string;
  stays: string;
  hours: string;
  late: string;
  early: string;
};

/** The period's rows; the arrays as comma-separated text, which is quick to send and to read. */
async function arrivalRows(tx: Executor, w: SummaryWhere): Promise<ArrivalRow[]> {
  const res = await tx.execute(sql`
    select to_char(a.day, 'YYYY-MM-DD') as day, a.site_id, a.area_id, a.user_type_id, a.visits, a.completed,
      a.stay_micros::text as stay_micros, a.expected, array_to_string(a.people, ',') as people,
      array_to_string(a.stays, ',') as stays, array_to_string(a.hours, ',') as hours,
      array_to_string(a.late_reasons, ',') as late, array_to_string(a.early_reasons, ',') as early
    from visit_day_arrivals a
    where ${statsFilters(w)}
  `);
  return rowsOf<ArrivalRow>(res);
}

/** The names of the company's sites, areas, user types and reasons, by id. */
async function namesOf(tx: Executor, entityId: string): Promise<Map<string, string>> {
  const res = await tx.execute(sql`
    select id, name from sites where entity_id = ${entityId}
    union all select id, name from areas where entity_id = ${entityId}
    union all select id, name from user_types where entity_id = ${entityId}
    union all select id, name from attendance_reasons where entity_id = ${entityId}
  `);
  return new Map(rowsOf<{ id: string; name: string }>(res).map((r) => [r.id, r.name]));
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

/** ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD day. */
const isoWeekday = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

/**
 * The summary's groups from the aggregates, in the shape of the full computation (`summaryGroups`).
 * `today`: the company's day now; expected visits of earlier days count as no-shows.
 */
export async function summaryGroupsFromStats(tx: Executor, w: SummaryWhere, today: string): Promise<SummaryGroupRow[]> {
  const rows = await arrivalRows(tx, w);
  const names = await namesOf(tx, w.entityId);

  const groups = new Map<string, Group>();
  const group = (key: string, init: Omit<Group, 'visits' | 'completed' | 'micros' | 'rows'>) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { ...init, visits: 0, completed: 0, micros: 0n, rows: [] }));
    return g;
  };
  const none = { day: null, siteId: null, areaId: null, userTypeId: null, weekday: null, hour: null, reasonId: null };
  const total = group('total', { kind: 'total', ...none });
  const people: IntList[] = [];
  const stays: IntList[] = [];
  let noShows = 0;
  const heat = new Map<number, number>();
  const reasons = (kind: 'late' | 'early', list: string) => {
    if (!list) return;
    for (const id of list.split(',')) group(`${kind}|${id}`, { kind, ...none, reasonId: id }).visits += 1;
  };

  rows.forEach((r, i) => {
    if (r.day < today) noShows += Number(r.expected);
    people.push(parseInts(r.people));
    stays.push(parseInts(r.stays));
    const visits = Number(r.visits);
    if (!(visits > 0)) return;
    const completed = Number(r.completed);
    const micros = BigInt(r.stay_micros);
    const ut = r.user_type_id;
    for (const g of [
      total,
      group(`day|${r.day}`, { kind: 'day', ...none, day: r.day }),
      group(`site|${r.site_id}`, { kind: 'site', ...none, siteId: r.site_id }),
      group(`area|${r.site_id}|${r.area_id}`, { kind: 'area', ...none, siteId: r.site_id, areaId: r.area_id }),
      group(`user_type|${ut ?? ''}`, { kind: 'user_type', ...none, userTypeId: ut }),
    ]) {
      g.visits += visits;
      g.completed += completed;
      g.micros += micros;
      g.rows.push(i);
    }
    const weekday = isoWeekday(r.day);
    parseInts(r.hours).forEach((n, hour) => {
      if (n) heat.set(weekday * 24 + hour, (heat.get(weekday * 24 + hour) ?? 0) + n);
    });
    reasons('late', r.late);
    reasons('early', r.early);
  });
  for (const [slot, visits] of heat) {
    const weekday = Math.floor(slot / 24);
    group(`hour|${slot}`, { kind: 'hour', ...none, weekday, hour: slot % 24 }).visits = visits;
  }

  const list = [...groups.values()];
  const counted = list.filter((g) => g.kind !== 'hour' && g.kind !== 'late' && g.kind !== 'early');
  const averages = await averagesOf(
    tx,
    counted.map((g) => [g.micros, g.completed] as const),
  );
  const average = new Map(counted.map((g, i) => [g, averages[i] ?? null]));
  const distinct = distinctPeople(list, people);
  const median = medianOf(stays);
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

/** The distinct people of each group: a person counted once however many rows of the group name them. */
function distinctPeople(groups: readonly Group[], people: readonly IntList[]): Map<Group, number> {
  let max = 0;
  for (const list of people) for (const ord of list) if (ord > max) max = ord;
  // seen[ord] holds the number of the last group that counted that person.
  const seen = new Int32Array(max + 1);
  const out = new Map<Group, number>();
  let mark = 0;
  for (const g of groups) {
    if (g.rows.length === 0) continue;
    mark += 1;
    let n = 0;
    for (const row of g.rows) {
      for (const ord of people[row]!) {
        if (seen[ord] !== mark) {
          seen[ord] = mark;
          n += 1;
        }
      }
    }
    out.set(g, n);
  }
  return out;
}
