import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, sqlArray, type Executor } from '../../../db/client';
import { afterCursor, countCapped, decodeCursor, encodeCursor } from '../../../db/keyset';
import { people } from '../../../db/schema/index';
import { searchFilter } from '../../people/people-list.repository';

// Users not on site: the active people of some user types with no presence now (no visit on site) or
// on a day (no arrival that day), each with their latest arrival. One statement: the people are found by
// an anti-join (`not exists`) that the person's visit indexes answer (visits_open_person_idx for now,
// visits_person_idx for a day), paged by name through people_entity_name_idx, and the latest visit is
// read by a lateral join for the page's rows only.

export type NotOnSiteFilters = {
  /** The chosen user types with the types below them (typesWithDescendants). */
  userTypeIds: string[];
  siteId?: string;
  /** A day: [start, end) on the company's clock; none: now. */
  day?: { start: Date; end: Date };
  search?: string;
};

export type NotOnSiteScope = {
  /** personInScope: the people the reader may see. */
  people: SQL | undefined;
  /** visitInScope: the visits the reader may see (presence and the last visit are read from these). */
  visits: SQL | undefined;
};

export type NotOnSiteDbRow = {
  id: string;
  first_name: string;
  last_name: string;
  company_name: string | null;
  image: string | null;
  user_types: { id: string; name: string }[] | null;
  visit_id: string | null;
  visit_state: string | null;
  signed_in_at: Date | string | null;
  signed_out_at: Date | string | null;
  site_id: string | null;
  site_name: string | null;
  area_id: string | null;
  area_name: string | null;
};

/** The chosen types and every type below them in the tree (ids of the company only). */
export async function typesWithDescendants(tx: Executor, entityId: string, typeIds: string[]): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with recursive tree(id) as (
        select ut.id from user_types ut
        where ut.entity_id = ${entityId}::uuid and ut.id = any(${sqlArray(typeIds, 'uuid')})
        union
        select c.id from user_types c join tree on c.parent_id = tree.id where c.entity_id = ${entityId}::uuid
      )
      select id from tree`),
  );
  return rows.map((r) => r.id);
}

/** Presence that takes a person off the list: on site now, or an arrival within the day. */
function presence(f: NotOnSiteFilters, scope: SQL | undefined): SQL {
  const site = f.siteId ? sql` and "visits"."site_id" = ${f.siteId}::uuid` : sql``;
  const inScope = scope ? sql` and ${scope}` : sql``;
  const when = f.day
    ? // Arrived that day: activity_at is the arrival of a visit that has one (visits_person_idx range).
      sql`"visits"."activity_at" >= ${f.day.start.toISOString()}::timestamptz
        and "visits"."activity_at" < ${f.day.end.toISOString()}::timestamptz
        and "visits"."signed_in_at" is not null and "visits"."state" in ('on_site', 'left', 'checked_in')`
    : sql`"visits"."state" = 'on_site'`;
  return sql`not exists (
    select 1 from visits
    where "visits"."entity_id" = "people"."entity_id" and "visits"."person_id" = "people"."id"
      and ${when}${site}${inScope}
  )`;
}

const uuids = (ids: string[]) =>
  ids.length
    ? sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )
    : sql`null`;

function where(entityId: string, f: NotOnSiteFilters, scope: NotOnSiteScope): SQL {
  const parts: SQL[] = [
    sql`"people"."entity_id" = ${entityId}::uuid`,
    sql`"people"."status" = 'active'`,
    // Driven from the types' people (person_user_types_type_idx), not from the whole company.
    sql`"people"."id" in (
      select put.person_id from person_user_types put
      where put.entity_id = ${entityId}::uuid and put.user_type_id in (${uuids(f.userTypeIds)})
    )`,
    presence(f, scope.visits),
  ];
  if (scope.people) parts.push(scope.people);
  const search = searchFilter(f.search, false);
  if (search) parts.push(search);
  return sql.join(parts, sql` and `);
}

const NAME_KEYS = [sql`"people"."last_name"`, sql`"people"."first_name"`, sql`"people"."id"`];
const NAME_CASTS = ['text', 'text', 'uuid'];

export type NotOnSitePage = { rows: NotOnSiteDbRow[]; nextCursor: string | null };

/**
 * One page by name (`dir`), after `cursor` when given (keyset), else at `offset`; `limit + 1` people are
 * read to know whether another page follows.
 */
export async function findNotOnSitePage(
  tx: Executor,
  entityId: string,
  f: NotOnSiteFilters,
  scope: NotOnSiteScope,
  q: { limit: number; offset: number; cursor?: string; dir: 'asc' | 'desc' },
): Promise<NotOnSitePage> {
  const sortName = `users_not_on_site:name:${q.dir}`;
  const after = q.cursor ? afterCursor(NAME_KEYS, decodeCursor(q.cursor, sortName, 3), NAME_CASTS, q.dir) : undefined;
  const order = sql.join(
    NAME_KEYS.map((k) => sql`${k} ${sql.raw(q.dir)}`),
    sql`, `,
  );
  const pageOrder = sql.join(
    ['last_name', 'first_name', 'id'].map((c) => sql`page.${sql.identifier(c)} ${sql.raw(q.dir)}`),
    sql`, `,
  );
  const lastVisitEnd = f.day ? sql` and "visits"."activity_at" < ${f.day.end.toISOString()}::timestamptz` : sql``;
  const visitScope = scope.visits ? sql` and ${scope.visits}` : sql``;
  const rows = rowsOf<NotOnSiteDbRow>(
    await tx.execute(sql`
      select page.id, page.first_name, page.last_name, page.company_name, page.image,
        types.list as user_types,
        lv.id as visit_id, lv.state as visit_state, lv.signed_in_at, lv.signed_out_at,
        s.id as site_id, s.name as site_name, a.id as area_id, a.name as area_name
      from (
        select "people"."id", "people"."first_name", "people"."last_name", "people"."company_name", "people"."image",
          "people"."entity_id"
        from people
        where ${where(entityId, f, scope)}${after ? sql` and ${after}` : sql``}
        order by ${order}
        limit ${q.limit + 1} offset ${q.cursor ? 0 : q.offset}
      ) page
      left join lateral (
        select "visits"."id", "visits"."state", "visits"."signed_in_at", "visits"."signed_out_at",
          "visits"."site_id", "visits"."area_id"
        from visits
        where "visits"."entity_id" = page.entity_id and "visits"."person_id" = page.id
          and "visits"."signed_in_at" is not null${lastVisitEnd}${visitScope}
        order by "visits"."activity_at" desc
        limit 1
      ) lv on true
      left join sites s on s.entity_id = page.entity_id and s.id = lv.site_id
      left join areas a on a.entity_id = page.entity_id and a.id = lv.area_id
      left join lateral (
        select json_agg(json_build_object('id', ut.id, 'name', ut.name) order by ut.name) as list
        from person_user_types put
        join user_types ut on ut.entity_id = put.entity_id and ut.id = put.user_type_id
        where put.entity_id = page.entity_id and put.person_id = page.id
      ) types on true
      order by ${pageOrder}`),
  );
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      rows.length > q.limit && last ? encodeCursor(sortName, [last.last_name, last.first_name, last.id]) : null,
  };
}

export function countNotOnSite(tx: Executor, entityId: string, f: NotOnSiteFilters, scope: NotOnSiteScope) {
  return countCapped(tx, sql`${people}`, where(entityId, f, scope));
}

/** Whether a site is the company's (and, for a reader limited to some sites, one of theirs). */
export async function siteVisible(tx: Executor, entityId: string, siteId: string, siteIds: string[] | null) {
  if (siteIds !== null && !siteIds.includes(siteId)) return false;
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from sites where entity_id = ${entityId}::uuid and id = ${siteId}::uuid`),
  );
  return row !== undefined;
}
