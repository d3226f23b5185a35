import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PERSON_STATUSES, type PersonSortField } from '@app/shared/people/schemas';
import type { Executor } from '../../db/client';
import { COUNT_CAP, type CursorValue } from '../../db/keyset';
import { builtQuery } from '../../db/prepared';
import { people, roles } from '../../db/schema/index';
import { selectCountedWithRefs, type ListPeopleQuery, type PersonWithRefs } from './people.repository';

// The people list's sort keys, its count, and the SQL of its commonest page kept once written: the
// company's whole list (no scope, search or filter but the status), first page or after a cursor.

/**
 * Each sort's keys, in index order (people_entity_*_idx), all going the sort's way and ending with the
 * id, so that a page after a cursor is one index range. Timestamps travel in a cursor as PostgreSQL
 * text, keeping their microseconds. The keys are read from `people` or, for a search, from what
 * app_people_found returned (`found`, which has the same columns).
 */
export type PeopleColumns = typeof people | typeof found;
type KeyedSort = {
  keys: (t: PeopleColumns) => SQL[];
  casts: string[];
  cursorOf: (row: PersonWithRefs) => CursorValue[];
};
export const found = alias(people, 'found');
/** The name of the search's result in its statement (`found` keys refer to it). */
export const FOUND = sql.identifier('found');
/** What the page's statement reads of the search's result by name (through `found`'s columns). */
export const FOUND_COLUMNS = { id: sql<string>`id`.as('id') };
export const SORTS: Record<Exclude<PersonSortField, 'role'>, KeyedSort> = {
  name: {
    keys: (t) => [sql`${t.lastName}`, sql`${t.firstName}`, sql`${t.id}`],
    casts: ['text', 'text', 'uuid'],
    cursorOf: (r) => [r.person.lastName, r.person.firstName, r.person.id],
  },
  email: {
    keys: (t) => [sql`${t.emailMissing}`, sql`${t.emailKey}`, sql`${t.id}`],
    casts: ['boolean', 'text', 'uuid'],
    cursorOf: (r) => [r.person.email === null, r.person.email ?? '', r.person.id],
  },
  status: {
    keys: (t) => [sql`${t.status}`, sql`${t.id}`],
    casts: ['text', 'uuid'],
    cursorOf: (r) => [r.person.status, r.person.id],
  },
  created_at: {
    keys: (t) => [sql`${t.createdAt}`, sql`${t.id}`],
    casts: ['timestamptz', 'uuid'],
    cursorOf: (r) => [r.createdAtText, r.person.id],
  },
};

/** How many people match `where`, up to COUNT_CAP + 1: a subquery of the page's statement, run once. */
export const countedSql = (where: SQL | undefined) =>
  sql<number>`(select count(*)::int from (select 1 from ${people} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) c)`;
export const NOT_COUNTED = sql<number>`null::int`;

/** A page's row with how many the list matches (null when not counted). */
export type CountedRow = PersonWithRefs & { total: number | null };

/** Whether a list is the company's whole list, but for its status: the shape whose SQL is kept. */
export const isWholeList = (scope: SQL | undefined, q: ListPeopleQuery) =>
  !scope &&
  !q.search &&
  !q.user_type_id?.length &&
  !q.site_id?.length &&
  !q.role_id?.length &&
  !q.label_id?.length &&
  !q.department_id?.length &&
  !q.dashboard_access;

type WholeListValues = Record<string, unknown>;

/** The whole list's conditions, the company and the status as placeholders (`status` when one is asked for). */
const wholeListWhere = (byStatus: boolean) =>
  and(
    eq(people.entityId, sql.placeholder('entityId')),
    byStatus ? sql`${people.status} = ${sql.placeholder('status')}` : inArray(people.status, [...PERSON_STATUSES]),
  );
const wholeListPages = new Map<string, (tx: Executor, values: WholeListValues) => Promise<CountedRow[]>>();

/**
 * A page of the company's whole list in an order by columns, with its count when `counted`: the same
 * statement `findListedPage` writes, its SQL written once per shape (drizzle's writing of it cost as
 * much as the database's answer). PostgreSQL still plans it for each call's values.
 */
export function wholeListPage(
  tx: Executor,
  entityId: string,
  q: ListPeopleQuery & { sortField: keyof typeof SORTS },
  cursor: CursorValue[] | null,
  counted: boolean,
): Promise<CountedRow[]> {
  const sort = SORTS[q.sortField];
  const key = `${q.sortField}:${q.orderBy}:${cursor ? 'after' : 'first'}:${q.status ? 'status' : 'all'}:${counted}`;
  let query = wholeListPages.get(key);
  if (!query) {
    const dir = q.orderBy;
    query = builtQuery<CountedRow[], WholeListValues>((db) => {
      const where = wholeListWhere(!!q.status);
      const keys = sort.keys(people);
      const after = cursor
        ? sql`(${sql.join(keys, sql`, `)}) ${sql.raw(dir === 'asc' ? '>' : '<')} (${sql.join(
            sort.casts.map((cast, i) => sql`${sql.placeholder(`k${i}`)}::${sql.raw(cast)}`),
            sql`, `,
          )})`
        : undefined;
      return selectCountedWithRefs(db, counted ? countedSql(where) : NOT_COUNTED)
        .where(and(where, after))
        .orderBy(...keys.map((k) => (dir === 'asc' ? asc(k) : desc(k))))
        .limit(sql.placeholder('limit'));
    });
    wholeListPages.set(key, query);
  }
  return query(tx, {
    entityId,
    limit: q.limit + 1,
    ...(q.status ? { status: q.status } : {}),
    ...Object.fromEntries((cursor ?? []).map((value, i) => [`k${i}`, value])),
  });
}

/** The nil and max UUIDs (RFC 9562): never a person's id, so a bound that lets every id of a role through. */
const NO_ID_BELOW = '00000000-0000-0000-0000-000000000000';
const NO_ID_ABOVE = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** A value of the statement, or a placeholder for it (`sql.placeholder`) when its SQL is kept. */
type Value = string | Placeholder;

/**
 * The statement of a page by role (findPeoplePageByRole): for each role in the order of the roles'
 * names, at most a page of its people through the (company, role, id) index, the first `limit` of
 * those in the sort's order, read whole; after a cursor, from its role on, and in its role the people
 * after it.
 */
export function byRoleStatement(
  db: Pick<Executor, 'select'>,
  v: {
    entityId: Value;
    where: SQL | undefined;
    cursor: [Value, Value] | null;
    limit: number | Placeholder;
    asc: boolean;
    total: SQL<number>;
  },
) {
  const dir = sql.raw(v.asc ? 'asc' : 'desc');
  const after = sql.raw(v.asc ? '>' : '<');
  const fromRole = v.cursor
    ? sql`where (o.name, o.id) ${sql.raw(v.asc ? '>=' : '<=')} (select r.name, r.id from ${roles} r where r.entity_id = ${v.entityId} and r.id = ${v.cursor[0]}::uuid)`
    : sql``;
  const afterPerson = v.cursor
    ? sql`and ${people.id} ${after} case when o.id = ${v.cursor[0]}::uuid then ${v.cursor[1]}::uuid else ${v.asc ? NO_ID_BELOW : NO_ID_ABOVE}::uuid end`
    : sql``;
  const pageIds = sql`(${people.roleId}, ${people.id}) in (
    select o.id, p.id from (select r.id, r.name from ${roles} r where r.entity_id = ${v.entityId}) o
    cross join lateral (
      select ${people.id} as id from ${people}
      where ${v.where ?? sql`true`} and ${people.roleId} = o.id ${afterPerson}
      order by ${people.id} ${dir} limit ${v.limit}
    ) p
    ${fromRole}
    order by o.name ${dir}, o.id ${dir}, p.id ${dir}
    limit ${v.limit}
  )`;
  const order = v.asc ? asc : desc;
  return selectCountedWithRefs(db, v.total)
    .where(and(eq(people.entityId, v.entityId), pageIds))
    .orderBy(order(roles.name), order(roles.id), order(people.id))
    .limit(v.limit);
}

/** A page of the company's whole list by role, its SQL written once per shape (as `wholeListPage`). */
export function wholeListByRole(
  tx: Executor,
  entityId: string,
  q: ListPeopleQuery,
  cursor: [string, string] | null,
  counted: boolean,
): Promise<CountedRow[]> {
  const key = `role:${q.orderBy}:${cursor ? 'after' : 'first'}:${q.status ? 'status' : 'all'}:${counted}`;
  let query = wholeListPages.get(key);
  if (!query) {
    query = builtQuery<CountedRow[], WholeListValues>((db) => {
      const where = wholeListWhere(!!q.status);
      return byRoleStatement(db, {
        entityId: sql.placeholder('entityId'),
        where,
        cursor: cursor ? [sql.placeholder('role'), sql.placeholder('person')] : null,
        limit: sql.placeholder('limit'),
        asc: q.orderBy === 'asc',
        total: counted ? countedSql(where) : NOT_COUNTED,
      });
    });
    wholeListPages.set(key, query);
  }
  return query(tx, {
    entityId,
    limit: q.limit + 1,
    ...(q.status ? { status: q.status } : {}),
    ...(cursor ? { role: cursor[0], person: cursor[1] } : {}),
  });
}
