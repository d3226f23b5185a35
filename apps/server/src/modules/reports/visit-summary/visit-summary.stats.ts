import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../../db/client';
import {
  GROUP_COLUMNS,
  type SummaryGroupKind,
  type SummaryGroupRow,
  type SummaryWhere,
} from './visit-summary.repository';

// The visit summary from the per-company-day aggregates (decision 038): the additive figures from
// visit_day_stats (a few hundred rows a day however many visits), the distinct people from
// visit_day_people, the median from the stays in whole minutes of visit_day_stays. A period is made of
// whole days on the company's clock, so the aggregates answer it all when they are kept on that clock.

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

/** The company, the period's days, the reader's scope and the filters, on an aggregates table. */
function statsFilters(w: SummaryWhere, table: string): SQL {
  const col = (name: string) => sql.raw(`${table}.${name}`);
  const parts: SQL[] = [
    sql`${col('entity_id')} = ${w.entityId}`,
    sql`${col('day')} >= ${w.from}::date`,
    sql`${col('day')} <= ${w.to}::date`,
  ];
  if (w.scopeSiteIds !== null) {
    parts.push(w.scopeSiteIds.length ? sql`${col('site_id')} = any(${uuidList(w.scopeSiteIds)})` : sql`false`);
  }
  if (w.scopeUserTypeIds !== null) {
    parts.push(
      w.scopeUserTypeIds.length ? sql`${col('user_type_id')} = any(${uuidList(w.scopeUserTypeIds)})` : sql`false`,
    );
  }
  if (w.siteId) parts.push(sql`${col('site_id')} = ${w.siteId}`);
  if (w.areaId) parts.push(sql`${col('area_id')} = ${w.areaId}`);
  if (w.userTypeId) parts.push(sql`${col('user_type_id')} = ${w.userTypeId}`);
  return sql.join(parts, sql` and `);
}

type CountRow = Omit<SummaryGroupRow, 'site_name' | 'area_name' | 'user_type_name' | 'reason_name' | 'people'> & {
  site_name: string | null;
  area_name: string | null;
  user_type_name: string | null;
  reason_name: string | null;
};

type PeopleRow = {
  kind: SummaryGroupKind;
  day: string | null;
  site_id: string | null;
  area_id: string | null;
  user_type_id: string | null;
  people: number;
};

/** Visits, completed stays and their average per group, with the names the groups show. */
async function countGroups(tx: Executor, w: SummaryWhere): Promise<CountRow[]> {
  const res = await tx.execute(sql`
    with grouped as (
      select
        ${GROUP_COLUMNS}
        sum(visits)::int as visits,
        sum(completed)::int as completed,
        sum(stay_micros) as stay_micros
      from (
        select s.*, extract(isodow from s.day)::int as weekday
        from visit_day_stats s
        where ${statsFilters(w, 's')} and s.visits > 0
      ) x
      group by grouping sets (
        (), (day), (site_id), (site_id, area_id), (user_type_id), (weekday, hour), (late_reason_id), (early_reason_id)
      )
    )
    select g.kind, to_char(g.day, 'YYYY-MM-DD') as day, g.site_id, s.name as site_name, g.area_id,
      ar.name as area_name, g.user_type_id, ut.name as user_type_name, g.weekday, g.hour, g.reason_id,
      r.name as reason_name, g.visits, g.completed,
      round(g.stay_micros / nullif(g.completed, 0) / 60000000, 1)::float8 as average_minutes
    from grouped g
    left join sites s on s.entity_id = ${w.entityId} and s.id = g.site_id
    left join areas ar on ar.entity_id = ${w.entityId} and ar.id = g.area_id
    left join user_types ut on ut.entity_id = ${w.entityId} and ut.id = g.user_type_id
    left join attendance_reasons r on r.entity_id = ${w.entityId} and r.id = g.reason_id
    where g.kind not in ('late', 'early') or g.reason_id is not null
  `);
  return rowsOf<CountRow>(res);
}

/** The distinct people per day, and over the period in all, per site, area and user type. */
async function peopleGroups(tx: Executor, w: SummaryWhere): Promise<PeopleRow[]> {
  const res = await tx.execute(sql`
    select 'day' as kind, to_char(p.day, 'YYYY-MM-DD') as day, null::uuid as site_id, null::uuid as area_id,
      null::uuid as user_type_id, count(distinct p.person_id)::int as people
    from visit_day_people p
    where ${statsFilters(w, 'p')}
    group by p.day
    union all
    select
      case
        when grouping(area_id) = 0 then 'area'
        when grouping(site_id) = 0 then 'site'
        when grouping(user_type_id) = 0 then 'user_type'
        else 'total'
      end,
      null, site_id, area_id, user_type_id, count(distinct person_id)::int
    from (
      select distinct p.person_id, p.site_id, p.area_id, p.user_type_id
      from visit_day_people p
      where ${statsFilters(w, 'p')}
    ) r
    group by grouping sets ((), (site_id), (site_id, area_id), (user_type_id))
  `);
  return rowsOf<PeopleRow>(res);
}

/** The median of the period's completed stays in whole minutes, as percentile_cont(0.5) gives it. */
async function medianStay(tx: Executor, w: SummaryWhere): Promise<number | null> {
  const res = await tx.execute(sql`
    select s.minutes, sum(s.visits)::int as visits
    from visit_day_stays s
    where ${statsFilters(w, 's')}
    group by s.minutes
    order by s.minutes
  `);
  const rows = rowsOf<{ minutes: number; visits: number }>(res).map((r) => ({
    minutes: Number(r.minutes),
    visits: Number(r.visits),
  }));
  const n = rows.reduce((sum, r) => sum + r.visits, 0);
  if (n === 0) return null;
  // The values at 0-based positions lo and hi of the sorted stays.
  const valueAt = (position: number) => {
    let seen = 0;
    for (const r of rows) {
      seen += r.visits;
      if (position < seen) return r.minutes;
    }
    return rows[rows.length - 1]!.minutes;
  };
  const middle = (n - 1) / 2;
  const lo = valueAt(Math.floor(middle));
  const hi = valueAt(Math.ceil(middle));
  return Math.round((lo + (hi - lo) * (middle - Math.floor(middle))) * 10) / 10;
}

/** Expected visits of the period's days before `today` that never arrived. */
async function noShows(tx: Executor, w: SummaryWhere, today: string): Promise<number> {
  const res = await tx.execute(sql`
    select coalesce(sum(s.expected), 0)::int as n
    from visit_day_stats s
    where ${statsFilters(w, 's')} and s.day < ${today}::date and s.expected > 0
  `);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

const groupKey = (r: {
  kind: string;
  day: string | null;
  site_id: string | null;
  area_id: string | null;
  user_type_id: string | null;
}) =>
  // prettier-ignore
  `${r.kind}|${r.day ?? ''}|${r.site_id ?? ''}|${r.area_id ?? ''}|${r.user_type_id ?? ''}`;

/**
 * The summary's groups from the aggregates, in the shape of the full computation (`summaryGroups`).
 * `today`: the company's day now; expected visits of earlier days count as no-shows.
 */
export async function summaryGroupsFromStats(tx: Executor, w: SummaryWhere, today: string): Promise<SummaryGroupRow[]> {
  const counts = await countGroups(tx, w);
  const people = new Map((await peopleGroups(tx, w)).map((r) => [groupKey(r), Number(r.people)]));
  const median = await medianStay(tx, w);
  const missed = await noShows(tx, w, today);
  // The empty grouping set answers one total row even over no rows, as the full computation does.
  return counts.map((r) => ({
    ...r,
    visits: Number(r.visits ?? 0),
    completed: Number(r.completed ?? 0),
    weekday: r.weekday === null ? null : Number(r.weekday),
    hour: r.hour === null ? null : Number(r.hour),
    average_minutes: r.average_minutes === null ? null : Number(r.average_minutes),
    people: people.get(groupKey(r)) ?? 0,
    median_minutes: r.kind === 'total' ? median : null,
    no_shows: r.kind === 'total' ? missed : 0,
  }));
}
