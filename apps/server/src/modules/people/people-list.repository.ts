import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PERSON_STATUSES } from '@app/shared/people/schemas';
import { rowsOf, type Executor } from '../../db/client';
import { containing } from '../../db/like';
import { afterCursor, COUNT_CAP, countCapped, decodeCursor, encodeCursor } from '../../db/keyset';
import { people, roles } from '../../db/schema/index';
import {
  countedSql,
  FOUND,
  FOUND_COLUMNS,
  found,
  isWholeList,
  NOT_COUNTED,
  SORTS,
  byRoleStatement,
  wholeListByRole,
  wholeListPage,
  type CountedRow,
} from './people-list-keys';
import { selectCountedWithRefs, selectWithRefs, type ListPeopleQuery, type PersonWithRefs } from './people.repository';

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

/** What a search looks for: LIKE patterns in lower case, and whether the trigram indexes can find it. */
type SearchTerms = { pattern: string; digitsPattern: string | null; indexed: boolean; byId: boolean };

function searchTerms(search: string, contacts: boolean): SearchTerms {
  const digits = search.replace(/[\s()+-]/g, '');
  const digitsPattern = contacts && /^\d+$/.test(digits) ? containing(digits) : null;
  return {
    pattern: containing(search),
    digitsPattern,
    indexed: search.length >= TRIGRAM_MIN || (digitsPattern !== null && digits.length >= TRIGRAM_MIN),
    // A person's id finds them too.
    byId: contacts && UUID.test(search),
  };
}

/**
 * The people a search finds: those whose name or company contains it, and with `contacts` (what only
 * people management may read) also their email, id number, or phone with or without its code, spaces,
 * dashes or a plus — in the lower-cased `search_name` / `search_text` columns. Searches of three
 * characters or more are found through the trigram indexes (app_people_matching, migration 0020).
 */
export function searchFilter(search: string | undefined, contacts: boolean): SQL | undefined {
  if (!search) return undefined;
  const { pattern, digitsPattern, indexed, byId } = searchTerms(search, contacts);
  const matches = indexed
    ? sql`${people.id} in (select app_people_matching(lower(${pattern}), ${digitsPattern}, ${contacts}))`
    : or(
        sql`${contacts ? people.searchText : people.searchName} like lower(${pattern})`,
        digitsPattern ? sql`${people.searchText} like ${digitsPattern}` : undefined,
      )!;
  return byId ? or(sql`${people.id} = ${search.toLowerCase()}::uuid`, matches) : matches;
}

export function peopleWhere(
  entityId: string,
  scope: SQL | undefined,
  q: Partial<ListPeopleQuery> = {},
  opts: { searchContacts?: boolean } = {},
) {
  return and(
    eq(people.entityId, entityId),
    scope,
    searchFilter(q.search, opts.searchContacts ?? true),
    ...listFilters(q),
  );
}

/** Omitted: every status but the anonymous record of erased people's visits (decision 033). */
const statusFilter = (q: Partial<ListPeopleQuery>, status: SQL) =>
  q.status ? eq(status, q.status) : inArray(status, [...PERSON_STATUSES]);

/** The list's filters other than the search, each a condition on the `people` row (none when unset). */
function listFilters(q: Partial<ListPeopleQuery>, { status = true }: { status?: boolean } = {}): SQL[] {
  const typeIds = q.user_type_id ?? [];
  const siteIds = q.site_id ?? [];
  const roleIds = q.role_id ?? [];
  const labelIds = q.label_id ?? [];
  const departmentIds = q.department_id ?? [];
  return [
    typeIds.length ? hasAny('person_user_types', 'user_type_id', typeIds) : undefined,
    siteIds.length ? hasAny('person_sites', 'site_id', siteIds) : undefined,
    labelIds.length ? hasAny('person_labels', 'label_id', labelIds) : undefined,
    roleIds.length ? inArray(people.roleId, roleIds) : undefined,
    departmentIds.length ? inArray(people.departmentId, departmentIds) : undefined,
    status ? statusFilter(q, sql`${people.status}`) : undefined,
    q.dashboard_access ? eq(people.dashboardAccess, q.dashboard_access) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}

export type PeoplePage = { rows: PersonWithRefs[]; nextCursor: string | null };
export type CountedPeoplePage = PeoplePage & { count: number; capped: boolean };

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
  const search = foundSearch(q, opts);
  if (search) return findFoundPage(tx, entityId, scope, q, search, opts);
  const { total: _total, ...page } = await findListedPage(tx, entityId, scope, q, opts);
  return page;
}

/** A page of people and how many the list's conditions match, up to COUNT_CAP. */
export async function findCountedPeoplePage(
  tx: Executor,
  entityId: string,
  scope: SQL | undefined,
  q: ListPeopleQuery,
  opts: { searchContacts?: boolean } = {},
): Promise<CountedPeoplePage> {
  const search = foundSearch(q, opts);
  if (search) return findFoundPage(tx, entityId, scope, q, search, opts);
  const { total, ...page } = await findListedPage(tx, entityId, scope, q, opts, true);
  // An empty page (past the end) has no row to carry the count.
  return { ...page, ...(total === null ? await countPeople(tx, entityId, scope, q, opts) : capped(total)) };
}

const capped = (total: number) => ({ count: Math.min(total, COUNT_CAP), capped: total > COUNT_CAP });

/** A page, and with `counted` how many the list matches (null when not counted or the page is empty). */
type ListedPage = PeoplePage & { total: number | null };

async function findListedPage(
  tx: Executor,
  entityId: string,
  scope: SQL | undefined,
  q: ListPeopleQuery,
  opts: { searchContacts?: boolean },
  counted = false,
): Promise<ListedPage> {
  const where = peopleWhere(entityId, scope, q, opts);
  const total = counted ? countedSql(where) : NOT_COUNTED;
  if (q.sortField === 'role') {
    return findPeoplePageByRole(tx, entityId, where, q, total, { whole: isWholeList(scope, q), counted });
  }
  const sort = SORTS[q.sortField];
  const keys = sort.keys(people);
  const dir = q.orderBy;
  const sortName = `people:${q.sortField}:${dir}`;
  const after = q.cursor
    ? afterCursor(keys, decodeCursor(q.cursor, sortName, keys.length), sort.casts, dir)
    : undefined;
  const order = keys.map((k) => (dir === 'asc' ? asc(k) : desc(k)));
  const offset = q.cursor ? 0 : (q.page - 1) * q.limit;
  let rows: PersonWithRefs[];
  let pageTotal: number | null;
  if (offset === 0 && isWholeList(scope, q)) {
    const found = await wholeListPage(
      tx,
      entityId,
      { ...q, sortField: q.sortField },
      q.cursor ? decodeCursor(q.cursor, sortName, keys.length) : null,
      counted,
    );
    rows = found;
    pageTotal = found[0]?.total ?? null;
  } else if (offset === 0) {
    const found: CountedRow[] = await selectCountedWithRefs(tx, total)
      .where(and(where, after))
      .orderBy(...order)
      .limit(q.limit + 1);
    rows = found;
    pageTotal = found[0]?.total ?? null;
  } else {
    // A page number: the rows before it are skipped in the index, and only the page's are read whole.
    const ids = await tx
      .select({ id: people.id, total })
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
    pageTotal = ids[0]?.total ?? null;
  }
  return { ...pageOf(rows, q.limit, (last) => encodeCursor(sortName, sort.cursorOf(last))), total: pageTotal };
}

/** The search terms when the list is a search the trigram indexes answer, in an order by columns. */
function foundSearch(q: ListPeopleQuery, opts: { searchContacts?: boolean }): SearchTerms | null {
  if (!q.search || q.sortField === 'role') return null;
  const terms = searchTerms(q.search, opts.searchContacts ?? true);
  return terms.indexed && !terms.byId ? terms : null;
}

/**
 * A search's page and count from one statement: app_people_found returns the matches with their sort
 * keys (read once, for the match check), the other conditions are checked on those people only, and
 * the page is cut from that result. A search matching thousands thus reads each match once, where a
 * page and a count of `people` would each read them all.
 */
async function findFoundPage(
  tx: Executor,
  entityId: string,
  scope: SQL | undefined,
  q: ListPeopleQuery,
  terms: SearchTerms,
  opts: { searchContacts?: boolean },
): Promise<CountedPeoplePage> {
  const contacts = opts.searchContacts ?? true;
  const sort = SORTS[q.sortField as keyof typeof SORTS];
  const keys = sort.keys(found);
  const dir = q.orderBy;
  const sortName = `people:${q.sortField}:${dir}`;
  const after = q.cursor
    ? afterCursor(keys, decodeCursor(q.cursor, sortName, keys.length), sort.casts, dir)
    : undefined;
  // The status is checked on what the function returned; the list's other conditions (scope, user
  // types, sites…) on the found person's row.
  const others = [scope, ...listFilters(q, { status: false })].filter(
    (condition): condition is SQL => condition !== undefined,
  );
  const matches = sql`select f.* from app_people_found(lower(${terms.pattern}), ${terms.digitsPattern}, ${contacts}) f
    where ${statusFilter(q, sql`f.status`)}
    ${
      others.length
        ? sql`and exists (select 1 from ${people} where ${people.entityId} = ${entityId} and ${people.id} = f.id and ${and(...others)})`
        : sql``
    }`;
  const counted = sql<number>`(select count(*)::int from (select 1 from ${FOUND} limit ${COUNT_CAP + 1}) c)`;
  // The page's people by their keys in the result, read whole in the same statement. The result is
  // read twice (the page and the count), so PostgreSQL keeps it rather than calling the search again.
  const pageIds = sql`${people.id} in (select ${found.id} from ${FOUND} ${after ? sql`where ${after}` : sql``}
    order by ${sql.join(
      keys.map((k) => sql`${k} ${sql.raw(dir)}`),
      sql`, `,
    )}
    limit ${q.limit + 1} offset ${q.cursor ? 0 : (q.page - 1) * q.limit})`;
  const rows: CountedRow[] = await selectCountedWithRefs(tx.with(tx.$with('found', FOUND_COLUMNS).as(matches)), counted)
    .where(and(eq(people.entityId, entityId), pageIds))
    .orderBy(...sort.keys(people).map((k) => (dir === 'asc' ? asc(k) : desc(k))));
  const total =
    rows[0]?.total ??
    (q.cursor || q.page > 1
      ? (rowsOf<{ total: number }>(
          await tx.execute(sql`with ${FOUND} as materialized (${matches}) select ${counted} as total`),
        )[0]?.total ?? 0)
      : 0);
  return { ...pageOf(rows, q.limit, (last) => encodeCursor(sortName, sort.cursorOf(last))), ...capped(total) };
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
 * By role, in the order of the roles' names (unique in a company), then by id. A first page or a page
 * after a cursor is one statement: for each role in order, at most a page of its people through the
 * (company, role, id) index (a lateral subquery), the first page's worth of those in the sort's
 * order, then their rows. The roles are few, so this reads a few index entries per role whatever the
 * company's size. A page number (no cursor) skips whole roles by counting them.
 */
async function findPeoplePageByRole(
  tx: Executor,
  entityId: string,
  where: SQL | undefined,
  q: ListPeopleQuery,
  total: SQL<number>,
  { whole, counted }: { whole: boolean; counted: boolean },
): Promise<ListedPage> {
  const sortName = `people:role:${q.orderBy}`;
  const cursorOf = (last: PersonWithRefs) => encodeCursor(sortName, [last.person.roleId, last.person.id]);
  if (!q.cursor && q.page > 1) {
    return { ...pageOf(await roleByRolePage(tx, entityId, where, q), q.limit, cursorOf), total: null };
  }
  const cursor = q.cursor ? (decodeCursor(q.cursor, sortName, 2) as [string, string]) : null;
  const rows = whole
    ? await wholeListByRole(tx, entityId, q, cursor, counted)
    : await byRoleStatement(tx, { entityId, where, cursor, limit: q.limit + 1, asc: q.orderBy === 'asc', total });
  return { ...pageOf(rows, q.limit, cursorOf), total: rows[0]?.total ?? null };
}

/** A page number by role: the roles in order, whole roles skipped by counting their people. */
async function roleByRolePage(
  tx: Executor,
  entityId: string,
  where: SQL | undefined,
  q: ListPeopleQuery,
): Promise<PersonWithRefs[]> {
  const dir = q.orderBy === 'asc' ? asc : desc;
  const order = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.entityId, entityId))
    .orderBy(dir(roles.name), dir(roles.id));
  let skip = (q.page - 1) * q.limit;
  const rows: PersonWithRefs[] = [];
  for (let i = 0; i < order.length && rows.length <= q.limit; i++) {
    const inRole = and(where, eq(people.roleId, order[i]!.id));
    if (skip > 0) {
      const [counted] = await tx.select({ n: count() }).from(people).where(inRole);
      const n = Number(counted?.n ?? 0);
      if (n <= skip) {
        skip -= n;
        continue;
      }
    }
    rows.push(
      ...(await selectWithRefs(tx)
        .where(inRole)
        .orderBy(dir(people.id))
        .limit(q.limit + 1 - rows.length)
        .offset(skip)),
    );
    skip = 0;
  }
  return rows;
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
