// Many people and visits at once, written with set-based SQL as the tables' owner: enough rows for the
// planner to prefer an index, in seconds. Names, emails and times are spread so that sorts, searches
// and date ranges behave as in a real company.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';
import type { CreatedEntity } from '../../src/seed/factories';

const FIRST = ['Ada', 'Grace', 'Alan', 'Joan', 'Linus', 'Barbara', 'Dennis', 'Margaret', 'Ken', 'Frances'];
const LAST = ['Smith', 'Lovelace', 'Hopper', 'Turing', 'Clarke', 'Liskov', 'Ritchie', 'Hamilton', 'Thompson', 'Allen'];

/** A uuid v7 made in SQL from a time and a row number, like the app's (time-ordered). */
const uuidV7 = (at: string, n: string) =>
  `(lpad(to_hex((extract(epoch from ${at}) * 1000)::bigint), 12, '0') || '7' || substr(md5(${n}::text || random()::text), 1, 3) || '8' || substr(md5(${n}::text || 'v'), 1, 15))::uuid`;

/** `count` people of the company (Employee role), spread over the names and created over a year. */
export async function bulkPeople(db: Executor, entity: CreatedEntity, count: number): Promise<void> {
  await db.execute(
    sql.raw(`
    insert into people (entity_id, id, first_name, last_name, email, company_name, role_id, qr_code, created_at)
    select '${entity.id}', ${uuidV7("now() - (g || ' minutes')::interval", 'g')},
      (array['${FIRST.join("','")}'])[1 + g % ${FIRST.length}] || g,
      (array['${LAST.join("','")}'])[1 + (g / ${FIRST.length}) % ${LAST.length}],
      case when g % 7 = 0 then null else 'person' || g || '@bulk.example.test' end,
      case when g % 3 = 0 then 'Company ' || (g % 50) else null end,
      '${entity.roles.employee}', md5(random()::text || g), now() - (g || ' minutes')::interval
    from generate_series(1, ${count}) g`),
  );
}

/**
 * `count` visits of the company's people at one area over `days` days before now: all signed out
 * within hours, but for `onSite` still on site.
 */
export async function bulkVisits(
  db: Executor,
  entity: CreatedEntity,
  place: { siteId: string; areaId: string },
  count: number,
  days: number,
  onSite = 20,
): Promise<void> {
  await db.execute(
    sql.raw(`
    with ids as (select array_agg(id) as a from people where entity_id = '${entity.id}'),
    t as (
      select g, now() - ((g::float / ${count}) * ${days} || ' days')::interval as at
      from generate_series(1, ${count}) g
    )
    insert into visits (entity_id, id, person_id, site_id, area_id, login_mode, state, signed_in_at, signed_out_at, created_at)
    select '${entity.id}', ${uuidV7('t.at', 't.g')}, ids.a[1 + t.g % array_length(ids.a, 1)],
      '${place.siteId}', '${place.areaId}', 'signIn_signOut',
      case when t.g <= ${onSite} then 'on_site' else 'left' end,
      t.at, case when t.g <= ${onSite} then null else t.at + interval '3 hours' end, t.at
    from t, ids`),
  );
}

/** Fresh statistics and visibility maps, as autovacuum would leave them. */
export async function vacuumAnalyze(db: Executor): Promise<void> {
  await db.execute(sql`vacuum analyze people`);
  await db.execute(sql`vacuum analyze visits`);
}
