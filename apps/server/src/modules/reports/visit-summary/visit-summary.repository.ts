import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../../db/client';
import { visits } from '../../../db/schema/index';

/**
 * The columns that name each grouping set's row (its kind and its keys), shared by the computation from
 * the visits and the one from the per-day aggregates (visit-summary.stats.ts), so both group alike.
 */
export const GROUP_COLUMNS = sql`
        case
          when grouping(day) = 0 then 'day'
          when grouping(area_id) = 0 then 'area'
          when grouping(site_id) = 0 then 'site'
          when grouping(user_type_id) = 0 then 'user_type'
          when grouping(weekday) = 0 then 'hour'
          when grouping(late_reason_id) = 0 then 'late'
          when grouping(early_reason_id) = 0 then 'early'
          else 'total'
        end as kind,
        day, site_id, area_id, user_type_id, weekday, hour,
        coalesce(late_reason_id, early_reason_id) as reason_id,`;

// The visit summary's SQL from the visits themselves: every figure is an aggregate over the company's
// arrivals of the period, read once through visits_entity_activity_idx (entity_id, signed_in_at) and
// grouped by grouping sets in one statement. The summary reads the per-day aggregates instead
// (visit-summary.stats.ts, decision 038); this is the full computation they are checked against, and
// what answers when the aggregates are kept on another clock than the company's. The median is of the
// stays in whole minutes (rounded), as the aggregates keep them.

export type SummaryWhere = {
  entityId: string;
  /** The period's first and last days (YYYY-MM-DD) on the company's clock. */
  from: string;
  to: string;
  /** The period's instants: [start of the first day, end of the last) on the company's clock. */
  start: Date;
  end: Date;
  timezone: string;
  scope: SQL | undefined;
  /** The reader's scope as lists (null: all), for the aggregates' tables. */
  scopeSiteIds: string[] | null;
  scopeUserTypeIds: string[] | null;
  siteId?: string;
  areaId?: string;
  userTypeId?: string;
};

/** What a group of the grouping sets is grouped by. */
export type SummaryGroupKind = 'total' | 'day' | 'site' | 'area' | 'user_type' | 'hour' | 'late' | 'early';

export type SummaryGroupRow = {
  kind: SummaryGroupKind;
  day: string | null;
  site_id: string | null;
  site_name: string | null;
  area_id: string | null;
  area_name: string | null;
  user_type_id: string | null;
  user_type_name: string | null;
  weekday: number | null;
  hour: number | null;
  reason_id: string | null;
  reason_name: string | null;
  visits: number;
  people: number;
  completed: number;
  average_minutes: number | null;
  median_minutes: number | null;
  no_shows: number;
};

/** The filters every part applies: the company, the reader's scope, the chosen site, area, user type. */
function filtersOf(w: SummaryWhere): SQL | undefined {
  return and(
    eq(visits.entityId, w.entityId),
    w.scope,
    w.siteId ? eq(visits.siteId, w.siteId) : undefined,
    w.areaId ? eq(visits.areaId, w.areaId) : undefined,
    w.userTypeId ? eq(visits.userTypeId, w.userTypeId) : undefined,
  );
}

/**
 * The average stay in minutes (one decimal) of the completed stays `secs` (seconds, exact numeric): the
 * stays are summed in whole microseconds, as the aggregates keep them, so both give the same figure.
 */
export const averageOf = (secs: SQL): SQL =>
  sql`round(sum((${secs} * 1000000)::bigint)::numeric / nullif(count(${secs}), 0) / 60000000, 1)::float8`;

/** Arrivals of the period: plain comparisons on signed_in_at, so the index range serves them. */
function arrivalsOf(w: SummaryWhere): SQL {
  return sql`${filtersOf(w)}
    and ${visits.signedInAt} >= ${w.start.toISOString()}::timestamptz
    and ${visits.signedInAt} < ${w.end.toISOString()}::timestamptz
    and ${visits.state} in ('on_site', 'left', 'checked_in')`;
}

/**
 * Every figure of the summary in one statement: the total (with the median and the no-shows), per day,
 * per site, per area, per user type, per weekday and hour, per late and per early reason.
 * `noShowsBefore`: expected visits count as missed when expected before this instant (the start of
 * today) and within the period.
 */
export async function summaryGroups(tx: Executor, w: SummaryWhere, noShowsBefore: Date): Promise<SummaryGroupRow[]> {
  const missedUntil = new Date(Math.min(w.end.getTime(), noShowsBefore.getTime())).toISOString();
  const res = await tx.execute(sql`
    with arrived as materialized (
      select ${visits.personId} as person_id, ${visits.siteId} as site_id, ${visits.areaId} as area_id,
        ${visits.userTypeId} as user_type_id, ${visits.lateReasonId} as late_reason_id,
        ${visits.earlyReasonId} as early_reason_id,
        (${visits.signedInAt} at time zone ${w.timezone}::text) as local_in,
        case when ${visits.state} = 'left' and ${visits.signedOutAt} is not null
          then extract(epoch from ${visits.signedOutAt} - ${visits.signedInAt}) end as secs
      from ${visits}
      where ${arrivalsOf(w)}
    ),
    timed as (
      select a.*, a.local_in::date as day, extract(isodow from a.local_in)::int as weekday,
        extract(hour from a.local_in)::int as hour
      from arrived a
    ),
    grouped as (
      select
        ${GROUP_COLUMNS}
        count(*)::int as visits,
        count(distinct person_id)::int as people,
        count(secs)::int as completed,
        ${averageOf(sql`secs`)} as average_minutes
      from timed
      group by grouping sets (
        (), (day), (site_id), (site_id, area_id), (user_type_id), (weekday, hour), (late_reason_id), (early_reason_id)
      )
    )
    select g.kind, to_char(g.day, 'YYYY-MM-DD') as day, g.site_id, s.name as site_name, g.area_id,
      ar.name as area_name, g.user_type_id, ut.name as user_type_name, g.weekday, g.hour, g.reason_id,
      r.name as reason_name, g.visits, g.people, g.completed, g.average_minutes,
      case when g.kind = 'total' then (
        select round((percentile_cont(0.5) within group (order by round(secs / 60)::int))::numeric, 1)::float8
        from arrived where secs is not null
      ) end as median_minutes,
      case when g.kind = 'total' then (
        select count(*)::int from ${visits}
        where ${filtersOf(w)}
          and ${visits.expectedAt} >= ${w.start.toISOString()}::timestamptz
          and ${visits.expectedAt} < ${missedUntil}::timestamptz
          and ${visits.state} = 'expected'
      ) else 0 end as no_shows
    from grouped g
    left join sites s on s.entity_id = ${w.entityId} and s.id = g.site_id
    left join areas ar on ar.entity_id = ${w.entityId} and ar.id = g.area_id
    left join user_types ut on ut.entity_id = ${w.entityId} and ut.id = g.user_type_id
    left join attendance_reasons r on r.entity_id = ${w.entityId} and r.id = g.reason_id
    where g.kind not in ('late', 'early') or g.reason_id is not null
  `);
  return rowsOf<SummaryGroupRow>(res).map((r) => ({
    ...r,
    visits: Number(r.visits),
    people: Number(r.people),
    completed: Number(r.completed),
    weekday: r.weekday === null ? null : Number(r.weekday),
    hour: r.hour === null ? null : Number(r.hour),
    average_minutes: r.average_minutes === null ? null : Number(r.average_minutes),
    median_minutes: r.median_minutes === null ? null : Number(r.median_minutes),
    no_shows: Number(r.no_shows),
  }));
}

export type SummaryDayRow = { day: string; visits: number; people: number; average_minutes: number | null };

/** The per-day figures of the days with arrivals, in order (an export reads a few weeks at a time). */
export async function summaryDays(tx: Executor, w: SummaryWhere): Promise<SummaryDayRow[]> {
  const res = await tx.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as visits, count(distinct person_id)::int as people,
      ${averageOf(sql`secs`)} as average_minutes
    from (
      select ${visits.personId} as person_id,
        (${visits.signedInAt} at time zone ${w.timezone}::text)::date as day,
        case when ${visits.state} = 'left' and ${visits.signedOutAt} is not null
          then extract(epoch from ${visits.signedOutAt} - ${visits.signedInAt}) end as secs
      from ${visits}
      where ${arrivalsOf(w)}
    ) a
    group by day
    order by day
  `);
  return rowsOf<SummaryDayRow>(res).map((r) => ({
    day: r.day,
    visits: Number(r.visits),
    people: Number(r.people),
    average_minutes: r.average_minutes === null ? null : Number(r.average_minutes),
  }));
}
