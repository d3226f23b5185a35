import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

// What the retention makes due (decision 033). A user type's own retention applies to its people and
// its scans, else the company default; neither: kept for ever. A person of several types keeps their
// data as long as the longest of them says (for ever if any says so); a person of no type follows the
// company default. People who sign in to the dashboard, the company's own record, anyone on site or
// expected, and anyone with a visit within the period (one the retention anonymised included: their
// `retained_visit_at`) are never due. A scan is due when it happened
// before the period of its user type (of the company default without one) and is not on site now.

const NOT_ERASABLE = sql`p.is_default = false and p.dashboard_access not in ('active', 'invited') and p.membership_id is null`;

/**
 * Up to `limit` people whose personal data is due at `now` (of one user type when given), in id order
 * after `afterId`: a run goes through the company once, never reading again the people it kept.
 */
export async function duePeople(
  tx: Executor,
  entityId: string,
  now: Date,
  limit: number,
  userTypeId: string | null,
  afterId: string | null,
): Promise<string[]> {
  const at = now.toISOString();
  const after = afterId ? sql`and p.id > ${afterId}` : sql``;
  const ofType = userTypeId
    ? sql`and exists (select 1 from person_user_types t
                       where t.entity_id = p.entity_id and t.person_id = p.id and t.user_type_id = ${userTypeId})`
    : sql``;
  return rowsOf<{ id: string }>(
    await tx.execute(sql`
      with company as (select data_retention_days as days from privacy_settings where entity_id = ${entityId}),
      kept as (
        select ut.id, coalesce(ut.data_retention_days, (select days from company)) as days
          from user_types ut where ut.entity_id = ${entityId}
      ),
      candidates as (
        select p.id, p.created_at, p.retained_visit_at,
               case when count(put.user_type_id) = 0 then (select days from company)
                    when bool_or(kept.days is null) then null
                    else max(kept.days) end as days
          from people p
          left join person_user_types put on put.entity_id = p.entity_id and put.person_id = p.id
          left join kept on kept.id = put.user_type_id
         where p.entity_id = ${entityId} and p.status in ('active', 'archived') and ${NOT_ERASABLE} ${ofType} ${after}
         group by p.id, p.created_at, p.retained_visit_at
      )
      select c.id from candidates c
       where c.days is not null and c.created_at < ${at}::timestamptz - make_interval(days => c.days)
         and (c.retained_visit_at is null or c.retained_visit_at < ${at}::timestamptz - make_interval(days => c.days))
         and not exists (
           select 1 from visits v
            where v.entity_id = ${entityId} and v.person_id = c.id
              and (v.activity_at >= ${at}::timestamptz - make_interval(days => c.days)
                   or v.state in ('on_site', 'expected')))
       order by c.id
       limit ${limit}`),
  ).map((r) => r.id);
}

export type VisitCursor = { activityAt: string; id: string };

/**
 * Up to `limit` scans (visits) due for anonymising at `now` (of one user type when given), oldest first
 * after `after` (the previous batch's last): each batch starts where the last one ended in the
 * company's activity index instead of stepping again over the visits it anonymised or kept.
 */
export async function dueVisits(
  tx: Executor,
  entityId: string,
  anonymousId: string,
  now: Date,
  limit: number,
  userTypeId: string | null,
  after: VisitCursor | null,
): Promise<{ ids: string[]; last: VisitCursor | null }> {
  const at = now.toISOString();
  const ofType = userTypeId ? sql`and v.user_type_id = ${userTypeId}` : sql``;
  const from = after ? sql`and (v.activity_at, v.id) > (${after.activityAt}::timestamptz, ${after.id}::uuid)` : sql``;
  const rows = rowsOf<{ id: string; activity_at: string }>(
    await tx.execute(sql`
      with company as (select scans_retention_days as days from privacy_settings where entity_id = ${entityId}),
      kept as (
        select ut.id, coalesce(ut.scans_retention_days, (select days from company)) as days
          from user_types ut where ut.entity_id = ${entityId}
      )
      select v.id, to_char(v.activity_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as activity_at
        from visits v
        left join kept on kept.id = v.user_type_id
       where v.entity_id = ${entityId} and v.person_id <> ${anonymousId} and v.state <> 'on_site' ${ofType} ${from}
         and v.activity_at < ${at}::timestamptz
               - make_interval(days => case when v.user_type_id is null then (select days from company) else kept.days end)
       order by v.activity_at, v.id
       limit ${limit}`),
  );
  const last = rows.at(-1);
  return { ids: rows.map((r) => r.id), last: last ? { activityAt: last.activity_at, id: last.id } : after };
}

/** Companies where something may be due: a default retention, or a user type with its own. */
export async function companiesWithRetention(db: Executor) {
  return rowsOf<{ id: string; timezone: string }>(
    await db.execute(sql`
      select e.id, e.timezone from entities e
       where exists (select 1 from privacy_settings s where s.entity_id = e.id and s.data_retention_days is not null)
          or exists (select 1 from user_types ut where ut.entity_id = e.id and ut.data_retention_days is not null)`),
  );
}
