import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PersonSortField } from '@app/shared/people/schemas';
import type { Executor } from '../../db/client';
import { containing } from '../../db/like';
import { afterCursor, countCapped, decodeCursor, encodeCursor, type CursorValue } from '../../db/keyset';
import { people, roles } from '../../db/schema/index';
import { selectWithRefs, type ListPeopleQuery, type PersonWithRefs } from './people.repository';

// Listing and searching a company's people, fast at any size (decision 022): each sort key has an
// index ending with the id, pages after the first follow a cursor through it, search finds its
// candidates through a trigram index, and counting stops at COUNT_CAP.

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

// Correlated on the outer "people" row, written out so no column binds to the wrong table.
const hasAny = (table: 'person_sites' | 'person_user_types' | 'person_labels', column: string, ids: string[]) =>
  sql`exists (
    select 1 from ${sql.identifier(table)} x
    where x.entity_id = "people"."entity_id" and x.person_id = "people"."id"
      and x.${sql.identifier(column)} in (${uuidList(ids)})
  )`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A trigram index needs three characters to look anything up; shorter searches are plain filters. */
const TRIGRAM_MIN = 3;

/**
 * The people a search finds: those whose name or company contains it, and with `contacts` (what only
 * people management may read) also their email, id number, or phone with or without its code, spaces,
 * dashes or a plus — in the lower-cased `search_name` / `search_text` columns. Searches of three
 * characters or more are found through the trigram indexes (app_people_matching, migration 0020).
 */
export function searchFilter(search: string | undefined, contacts: boolean): SQL | undefined {
  if (!search) return undefined;
  const pattern = containing(search);
  const digits = search.replace(/[\s()+-]/g, '');
  const digitsPattern = contacts && /^\d+$/.test(digits) ? containing(digits) : null;
  const indexed = search.length >= TRIGRAM_MIN || (digitsPattern !== null && digits.length >= TRIGRAM_MIN);
  const matches = indexed
    ? sql`${people.id} in (select app_people_matching(lower(${pattern}), ${digitsPattern}, ${contacts}))`
    : or(
        sql`${contacts ? people.searchText : people.searchName} like lower(${pattern})`,
        digitsPattern ? sql`${people.searchText} like ${digitsPattern}` : undefined,
      )!;
  // A person's id finds them too.
  return contacts && UUID.test(search) ? or(sql`${people.id} = ${search.toLowerCase()}::uuid`, matches) : matches;
}

export function peopleWhere(
  entityId: string,
  scope: SQL | undefined,
  q: Partial<ListPeopleQuery> = {},
  opts: { searchContacts?: boolean } = {},
) {
  const typeIds = q.user_type_id ?? [];
  const siteIds = q.site_id ?? [];
  const roleIds = q.role_id ?? [];
  const labelIds = q.label_id ?? [];
  const departmentIds = q.department_id ?? [];
  return and(
    eq(people.entityId, entityId),
    scope,
    searchFilter(q.search, opts.searchContacts ?? true),
    typeIds.length ? hasAny('person_user_types', 'user_type_id', typeIds) : undefined,
    siteIds.length ? hasAny('person_sites', 'site_id', siteIds) : undefined,
    labelIds.length ? hasAny('person_labels', 'label_id', labelIds) : undefined,
    roleIds.length ? inArray(people.roleId, roleIds) : undefined,
    departmentIds.length ? inArray(people.departmentId, departmentIds) : undefined,
    q.status ? eq(people.status, q.status) : undefined,
    q.dashboard_access ? eq(people.dashboardAccess, q.dashboard_access) : undefined,
  );
}

/**
 * Each sort's keys, in index order (people_entity_*_idx), all going the sort's way and ending with the
 * id, so that a page after a cursor is one index range. Timestamps travel in a cursor as PostgreSQL
 * text, keeping their microseconds.
 */
type KeyedSort = { keys: SQL[]; casts: string[]; cursorOf: (row: PersonWithRefs) => CursorValue[] };
const SORTS: Record<Exclude<PersonSortField, 'role'>, KeyedSort> = {
  name: {
    keys: [sql`${people.lastName}`, sql`${people.firstName}`, sql`${people.id}`],
    casts: ['text', 'text', 'uuid'],
    cursorOf: (r) => [r.person.lastName, r.person.firstName, r.person.id],
  },
  email: {
    keys: [sql`${people.emailMissing}`, sql`${people.emailKey}`, sql`${people.id}`],
    casts: ['boolean', 'text', 'uuid'],
    cursorOf: (r) => [r.person.email === null, r.person.email ?? '', r.person.id],
  },
  status: {
    keys: [sql`${people.status}`, sql`${people.id}`],
    casts: ['text', 'uuid'],
    cursorOf: (r) => [r.person.status, r.person.id],
  },
  created_at: {
    keys: [sql`${people.createdAt}`, sql`${people.id}`],
    casts: ['timestamptz', 'uuid'],
    cursorOf: (r) => [r.createdAtText, r.person.id],
  },
};

export type PeoplePage = { rows: PersonWithRefs[]; nextCursor: string | null };

/**
 * One page of people in the list's order: after `q.cursor` when given (keyset), else at `q.page`.
 * `limit + 1` rows are read to know whether another page follows.
 */
export async function findPeoplePage(
  tx: Executor,
  entityId: string,
  scope: SQL | undefined,
  q: ListPeopleQuery,
  opts: { searchContacts?: boolean } = {},
): Promise<PeoplePage> {
  const where = peopleWhere(entityId, scope, q, opts);
  if (q.sortField === 'role') return findPeoplePageByRole(tx, entityId, where, q);
  const sort = SORTS[q.sortField];
  const dir = q.orderBy;
  const sortName = `people:${q.sortField}:${dir}`;
  const after = q.cursor
    ? afterCursor(sort.keys, decodeCursor(q.cursor, sortName, sort.keys.length), sort.casts, dir)
    : undefined;
  const order = sort.keys.map((k) => (dir === 'asc' ? asc(k) : desc(k)));
  const offset = q.cursor ? 0 : (q.page - 1) * q.limit;
  let rows: PersonWithRefs[];
  if (offset === 0) {
    rows = await selectWithRefs(tx)
      .where(and(where, after))
      .orderBy(...order)
      .limit(q.limit + 1);
  } else {
    // A page number: the rows before it are skipped in the index, and only the page's are read whole.
    const ids = await tx
      .select({ id: people.id })
      .from(people)
      .where(where)
      .orderBy(...order)
      .limit(q.limit + 1)
      .offset(offset);
    rows = await peopleInOrder(
      tx,
      entityId,
      ids.map((r) => r.id),
    );
  }
  return pageOf(rows, q.limit, (last) => encodeCursor(sortName, sort.cursorOf(last)));
}

/** People by id with their names of things, in the order of the ids. */
async function peopleInOrder(tx: Executor, entityId: string, ids: string[]): Promise<PersonWithRefs[]> {
  if (ids.length === 0) return [];
  const rows = await selectWithRefs(tx).where(and(eq(people.entityId, entityId), inArray(people.id, ids)));
  const byId = new Map(rows.map((r) => [r.person.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is PersonWithRefs => r !== undefined);
}

function pageOf<T>(rows: T[], limit: number, cursorOf: (last: T) => string): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: cursorOf(page[page.length - 1]!) };
}

/**
 * By role: the roles are few, so their people are read role by role in the order of the roles'
 * names, each through the (company, role, id) index. A page number skips whole roles by counting them.
 */
async function findPeoplePageByRole(
  tx: Executor,
  entityId: string,
  where: SQL | undefined,
  q: ListPeopleQuery,
): Promise<PeoplePage> {
  const dir = q.orderBy === 'asc' ? asc : desc;
  const sortName = `people:role:${q.orderBy}`;
  const cursor = q.cursor ? (decodeCursor(q.cursor, sortName, 2) as [string, string]) : null;
  const order = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.entityId, entityId))
    .orderBy(dir(roles.name), dir(roles.id));
  const from = cursor ? order.findIndex((r) => r.id === cursor[0]) : 0;
  let skip = cursor ? 0 : (q.page - 1) * q.limit;
  const rows: PersonWithRefs[] = [];
  for (let i = Math.max(from, 0); i < order.length && rows.length <= q.limit; i++) {
    const inRole = and(where, eq(people.roleId, order[i]!.id));
    if (skip > 0) {
      const [counted] = await tx.select({ n: count() }).from(people).where(inRole);
      const n = Number(counted?.n ?? 0);
      if (n <= skip) {
        skip -= n;
        continue;
      }
    }
    const afterPerson =
      cursor && i === from
        ? sql`${people.id} ${sql.raw(q.orderBy === 'asc' ? '>' : '<')} ${cursor[1]}::uuid`
        : undefined;
    rows.push(
      ...(await selectWithRefs(tx)
        .where(and(inRole, afterPerson))
        .orderBy(dir(people.id))
        .limit(q.limit + 1 - rows.length)
        .offset(skip)),
    );
    skip = 0;
  }
  return pageOf(rows, q.limit, (last) => encodeCursor(sortName, [last.person.roleId, last.person.id]));
}

/** How many people the list's conditions match, up to COUNT_CAP. */
export function countPeople(
  tx: Executor,
  entityId: string,
  scope: SQL | undefined,
  q: Partial<ListPeopleQuery>,
  opts: { searchContacts?: boolean } = {},
) {
  return countCapped(tx, sql`${people}`, peopleWhere(entityId, scope, q, opts));
}
