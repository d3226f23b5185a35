// What the visit summary's aggregates hold (decision 038), for tests that compare what the triggers
// kept with a rebuild from the visits.
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../src/db/client';

/**
 * A company's aggregates per day, site, area and user type, whatever rows hold them (slots or a folded
 * row): the counts and hours added up, the arrays' elements together and sorted (a trigger appends
 * where a rebuild aggregates in any order). Summed in plain SQL, apart from the functions the fold uses.
 */
export async function aggregatesByKey(db: Executor, entityId: string) {
  const same = sql.raw(`b.entity_id = k.entity_id and b.day = k.day and b.site_id = k.site_id
    and b.area_id = k.area_id and b.user_type_id is not distinct from k.user_type_id`);
  const elements = (column: string) =>
    sql`array(select x from visit_day_arrivals b, unnest(b.${sql.raw(column)}) x where ${same} order by x) as ${sql.raw(column)}`; // prettier-ignore
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with k as (
        select entity_id, day, site_id, area_id, user_type_id, sum(visits)::int as visits,
          sum(completed)::int as completed, sum(stay_micros)::text as stay_micros, sum(expected)::int as expected
        from visit_day_arrivals where entity_id = ${entityId}
        group by entity_id, day, site_id, area_id, user_type_id
      )
      select k.*,
        array(select sum(h)::int from visit_day_arrivals b, unnest(b.hours) with ordinality u(h, i) where ${same}
          group by i order by i) as hours,
        ${elements('people')}, ${elements('stays')}, ${elements('late_reasons')}, ${elements('early_reasons')}
      from k
      order by k.day, k.site_id, k.area_id, k.user_type_id nulls first`),
  );
}

/**
 * The aggregates' rows that break their rules: a row at zero or below, counts that disagree with the
 * arrays, or a day, site, area and user type with both slot rows and a folded row.
 */
export async function brokenAggregateRows(db: Executor, entityId: string): Promise<number> {
  const [row] = rowsOf<{ n: string }>(
    await db.execute(sql`
      select count(*) as n from visit_day_arrivals a
      where a.entity_id = ${entityId} and (
        (a.visits <= 0 and a.expected <= 0) or a.visits < 0 or a.expected < 0
        or a.visits <> cardinality(a.people) or a.completed <> cardinality(a.stays)
        or a.visits <> (select sum(h) from unnest(a.hours) h) or cardinality(a.hours) <> 24
        or (a.slot >= 0 and exists (
          select 1 from visit_day_arrivals f where f.entity_id = a.entity_id and f.day = a.day
            and f.site_id = a.site_id and f.area_id = a.area_id
            and f.user_type_id is not distinct from a.user_type_id and f.slot = -1)))`),
  );
  return Number(row?.n ?? 0);
}

/** The slots of a company's rows on a day: -1 is a folded row. */
export async function slotsOf(db: Executor, entityId: string, day: string): Promise<number[]> {
  const rows = rowsOf<{ slot: number }>(
    await db.execute(sql`
      select distinct slot from visit_day_arrivals where entity_id = ${entityId} and day = ${day}::date order by slot`),
  );
  return rows.map((r) => Number(r.slot));
}
