// The list cases: what the people list and the dashboard logbook are asked for. The "raw SQL" their
// latency is compared with is the statements the app itself sends for the same request, captured by
// running the app's own list services once (bench/load/raw-sql.ts) and then replayed directly against
// the database as the app's role: nothing here copies the app's SQL by hand.

export type ListCase = 'people' | 'logbook';

/** One request shape of a list case: its query string, and what its SQL needs to know. */
export type ListVariant = {
  case: ListCase;
  name: string;
  /** The query string of GET /api/v1/people or GET /api/v1/visits. */
  query: Record<string, string>;
  /** Page 5,000: driven by a cursor when the list answers one, else by the page number. */
  deep?: boolean;
};

export type PeopleSort = 'name' | 'email' | 'role' | 'status' | 'created_at';
export type PeopleQuery = {
  page: number;
  limit: number;
  sortField: PeopleSort;
  orderBy: 'asc' | 'desc';
  search?: string;
};

export const PAGE_SIZE = 10;
export const DEEP_PAGE = 5_000;
/** Every sort key GET /people allows (PERSON_SORT_FIELDS in packages/shared/src/people/schemas.ts). */
export const PEOPLE_SORTS: PeopleSort[] = ['name', 'email', 'role', 'status', 'created_at'];

const peopleVariant = (name: string, q: PeopleQuery, deep = false): ListVariant => ({
  case: 'people',
  name,
  deep,
  query: {
    page: String(q.page),
    limit: String(q.limit),
    sortField: q.sortField,
    orderBy: q.orderBy,
    ...(q.search ? { search: q.search } : {}),
  },
});

/** First page, page 5,000, a search, and each other sort key: the people list of the big company. */
export function peopleVariants(searches: readonly string[]): ListVariant[] {
  const base = { page: 1, limit: PAGE_SIZE, sortField: 'name', orderBy: 'asc' } as const;
  return [
    peopleVariant('first page', base),
    peopleVariant(`page ${DEEP_PAGE.toLocaleString('en')}`, { ...base, page: DEEP_PAGE }, true),
    ...searches.map((search) => peopleVariant(`search "${search}"`, { ...base, search })),
    ...PEOPLE_SORTS.filter((s) => s !== 'name').map((sortField) =>
      peopleVariant(`sort ${sortField}`, { ...base, sortField, orderBy: sortField === 'created_at' ? 'desc' : 'asc' }),
    ),
  ];
}

/**
 * The logbook as the dashboard first opens it (today, latest activity first: the web app's
 * logbookQuery with a fresh grid), and a day a year back (the date filter).
 */
export function logbookVariants(days: { today: LogbookRange; yearBack: LogbookRange }): ListVariant[] {
  const variant = (name: string, range: LogbookRange, dated: boolean): ListVariant => ({
    case: 'logbook',
    name,
    query: {
      page: '1',
      limit: String(PAGE_SIZE),
      sortField: 'activity',
      orderBy: 'desc',
      ...(dated ? { from: range.day, to: range.day } : {}),
    },
  });
  return [
    variant('first page (today)', days.today, false),
    variant(`a year back (${days.yearBack.day})`, days.yearBack, true),
  ];
}
export type LogbookRange = { day: string; start: string; end: string };

export const listPath = (variant: Pick<ListVariant, 'case'>) =>
  variant.case === 'people' ? '/api/v1/people' : '/api/v1/visits';

/** A list answer's cursor to the next page, under any of the names a keyset list may give it. */
export function nextCursorOf(body: unknown): string | null {
  const b = body as Record<string, unknown> | null;
  const found = b?.next_cursor ?? b?.nextCursor ?? (b?.cursor as Record<string, unknown> | undefined)?.next;
  return typeof found === 'string' && found !== '' ? found : null;
}
