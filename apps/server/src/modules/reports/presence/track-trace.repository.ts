import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, sqlArray, type Executor } from '../../../db/client';

// Track and trace: who was in the same area as some people at overlapping times on one day, found in
// one statement. A visit is present over [signed_in_at, end), clipped to the day and to now, where end
// is its departure, now for a visit still on site, and for a check-in (a check-in-only area records no
// departure) one minute after it: two check-ins in the same area within a minute of each other meet.
// Intervals are half-open, so one leaving exactly when the other arrives is no overlap. The day's visits
// are read by index ranges on activity (those that began within a day before it or in it, and the few
// long visits that began earlier), as the logbook reads a range (decision 022).

const DAY_MS = 86_400_000;

export type ContactDbRow = {
  person_id: string;
  first_name: string;
  last_name: string;
  company_name: string | null;
  image: string | null;
  area_id: string;
  area_name: string;
  site_id: string;
  site_name: string;
  via: string;
  seconds: number | string;
  first_at: Date | string;
  last_at: Date | string;
};

export type DayWindow = { start: Date; end: Date; now: Date };

/** The day's presences of the visits a condition picks, clipped to the day and to now. */
function presences(w: DayWindow, pick: SQL, scope: SQL | undefined): SQL {
  const start = w.start.toISOString();
  const end = w.end.toISOString();
  const now = w.now.toISOString();
  const dayBefore = new Date(w.start.getTime() - DAY_MS).toISOString();
  return sql`
    select "visits"."person_id", "visits"."area_id",
      greatest("visits"."signed_in_at", ${start}::timestamptz) as s,
      least(
        case when "visits"."state" = 'checked_in' then "visits"."signed_in_at" + interval '1 minute'
          else coalesce("visits"."signed_out_at",
            case when "visits"."state" = 'on_site' then ${now}::timestamptz else "visits"."signed_in_at" end)
        end,
        ${end}::timestamptz, ${now}::timestamptz
      ) as e
    from visits
    where ${pick}
      and "visits"."signed_in_at" is not null and "visits"."state" in ('on_site', 'left', 'checked_in')
      and "visits"."activity_at" < ${end}::timestamptz
      and ("visits"."activity_at" >= ${dayBefore}::timestamptz or "visits"."long_visit")
      and "visits"."active_until" > ${start}::timestamptz
      ${scope ? sql`and ${scope}` : sql``}`;
}

/**
 * The people who shared an area with any of `subjectIds` on the day, except `excludeIds`: per contact,
 * area and subject met (`via`), the seconds together and the first and last moment of it.
 */
export async function findContacts(
  tx: Executor,
  entityId: string,
  w: DayWindow,
  subjectIds: string[],
  excludeIds: string[],
  scope: SQL | undefined,
  limit: number,
): Promise<ContactDbRow[]> {
  if (subjectIds.length === 0) return [];
  const entity = sql`"visits"."entity_id" = ${entityId}::uuid`;
  const subjects = sqlArray(subjectIds, 'uuid');
  const excluded = sqlArray([...subjectIds, ...excludeIds], 'uuid');
  return rowsOf<ContactDbRow>(
    await tx.execute(sql`
      with subject as (
        ${presences(w, sql`${entity} and "visits"."person_id" = any(${subjects})`, scope)}
      ),
      others as (
        ${presences(
          w,
          sql`${entity} and "visits"."area_id" in (select area_id from subject)
            and not ("visits"."person_id" = any(${excluded}))`,
          scope,
        )}
      ),
      met as (
        select o.person_id, o.area_id, sub.person_id as via,
          sum(extract(epoch from least(o.e, sub.e) - greatest(o.s, sub.s))) as seconds,
          min(greatest(o.s, sub.s)) as first_at, max(least(o.e, sub.e)) as last_at
        from others o
        join subject sub on sub.area_id = o.area_id and o.s < sub.e and sub.s < o.e
        where o.s < o.e and sub.s < sub.e
        group by o.person_id, o.area_id, sub.person_id
      )
      select met.person_id, p.first_name, p.last_name, p.company_name, p.image,
        met.area_id, a.name as area_name, st.id as site_id, st.name as site_name,
        met.via, met.seconds, met.first_at, met.last_at
      from met
      join people p on p.entity_id = ${entityId}::uuid and p.id = met.person_id and p.status <> 'anonymous'
      join areas a on a.entity_id = ${entityId}::uuid and a.id = met.area_id
      join sites st on st.entity_id = ${entityId}::uuid and st.id = a.site_id
      order by met.seconds desc, p.last_name, p.first_name, p.id, a.name, met.via
      limit ${limit}`),
  );
}

/** A person of the company the reader may see, or nothing. */
export async function findSubject(tx: Executor, entityId: string, personId: string, scope: SQL | undefined) {
  const [row] = rowsOf<{
    id: string;
    first_name: string;
    last_name: string;
    company_name: string | null;
    image: string | null;
  }>(
    await tx.execute(sql`
      select "people"."id", "people"."first_name", "people"."last_name", "people"."company_name", "people"."image"
      from people
      where "people"."entity_id" = ${entityId}::uuid and "people"."id" = ${personId}::uuid
        ${scope ? sql`and ${scope}` : sql``}`),
  );
  return row;
}

/** People of the company the reader may see whose name or company matches, by name. */
export async function searchTracePeople(
  tx: Executor,
  entityId: string,
  search: SQL | undefined,
  scope: SQL | undefined,
  limit: number,
) {
  return rowsOf<{
    id: string;
    first_name: string;
    last_name: string;
    company_name: string | null;
  }>(
    await tx.execute(sql`
      select "people"."id", "people"."first_name", "people"."last_name", "people"."company_name"
      from people
      where "people"."entity_id" = ${entityId}::uuid
        ${search ? sql`and ${search}` : sql``}
        ${scope ? sql`and ${scope}` : sql``}
      order by "people"."last_name", "people"."first_name", "people"."id"
      limit ${limit}`),
  );
}
