// The dashboard logbook's filters and sorting, as its saved grid keeps them (on /) or its address
// holds them (on /filtered, the logbook opened with the filter of the count that was clicked), and the
// GET /visits and GET /dashboard queries they make.
import { isIsoDate, isUuid } from '@app/shared/http/formats';
import { DASHBOARD_COUNTS, VISIT_LIMITS, type DashboardCount, type VisitSortField } from '@app/shared/visits/constants';
import type { DashboardQuery, ListVisitsParams } from '@app/shared/visits/schemas';
import { JOURNEY_STAGES, VISIT_STATES } from '@app/shared/visits/stages';
import {
  gridPageQuery,
  type GridFilters,
  type GridOptions,
  type GridQueryInput,
} from '@/components/data-grid/grid-state';

/** The filters of the logbook, each one value (GET /visits takes one of each). */
export const LOGBOOK_FILTER_KEYS = ['from', 'to', 'state', 'site_id', 'area_id', 'user_type_id', 'stage'] as const;
export type LogbookFilterKey = (typeof LOGBOOK_FILTER_KEYS)[number];

/** What /filtered's address may hold: the logbook's filters and the count that was clicked. */
export const FILTERED_KEYS = [...LOGBOOK_FILTER_KEYS, 'count'] as const;
export type FilteredKey = (typeof FILTERED_KEYS)[number];

/** The logbook's columns the server sorts, by column id. */
export const LOGBOOK_SORT_COLUMNS = {
  name: 'name',
  user_type: 'user_type',
  site: 'site',
  signed_in: 'signed_in_at',
  signed_out: 'signed_out_at',
  expected: 'expected_at',
  state: 'state',
} as const satisfies Record<string, VisitSortField>;

/** The logbook opens on today's visits, the latest activity first (no column sorts that). */
export const LOGBOOK_GRID: GridOptions = { defaultSorting: [], filterKeys: LOGBOOK_FILTER_KEYS };

const oneOf = <T extends string>(allowed: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
const idOf = (value: unknown): string | undefined => (isUuid(value) ? value : undefined);
const dateOf = (value: unknown): string | undefined => (isIsoDate(value) ? value : undefined);

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) => new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The range of days as the server takes it: both ends when both are given, in order, and no longer
 * than the server allows (the end moves in). A single end is sent alone (the server fills the other).
 */
export function dayRange(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  if (!from || !to) return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const [first, last] = to < from ? [to, from] : [from, to];
  const latest = addDays(first, VISIT_LIMITS.rangeDaysMax);
  return { from: first, to: last > latest ? latest : last };
}

/** The filters in force, cleaned: a saved or typed value that is no longer valid is left out. */
export type LogbookFilters = {
  from?: string;
  to?: string;
  state?: (typeof VISIT_STATES)[number];
  site_id?: string;
  area_id?: string;
  user_type_id?: string;
  stage?: (typeof JOURNEY_STAGES)[number];
  count?: DashboardCount;
};

export function cleanLogbookFilters(filters: Readonly<Record<string, unknown>>): LogbookFilters {
  const clean: LogbookFilters = {
    ...dayRange(dateOf(filters.from), dateOf(filters.to)),
    state: oneOf(VISIT_STATES, filters.state),
    site_id: idOf(filters.site_id),
    area_id: idOf(filters.area_id),
    user_type_id: idOf(filters.user_type_id),
    stage: oneOf(JOURNEY_STAGES, filters.stage),
    count: oneOf(DASHBOARD_COUNTS, filters.count),
  };
  const defined: LogbookFilters = Object.fromEntries(Object.entries(clean).filter(([, value]) => value !== undefined));
  return defined;
}

/** /filtered's filters from its address. */
export function filteredSearchFilters(searchStr: string): LogbookFilters {
  const params = new URLSearchParams(searchStr);
  return cleanLogbookFilters(Object.fromEntries(FILTERED_KEYS.map((key) => [key, params.get(key) ?? undefined])));
}

/** The saved grid's filters (the saved form keeps only strings and lists). */
export const savedGridFilters = (filters: GridFilters): LogbookFilters =>
  cleanLogbookFilters(Object.fromEntries(Object.entries(filters).filter(([key]) => key !== 'count')));

/** The sort GET /visits is asked for: the sorted column's field, else the latest activity first. */
export function logbookSort(grid: Pick<GridQueryInput, 'state'>): {
  sortField: VisitSortField;
  orderBy: 'asc' | 'desc';
} {
  const sort = grid.state.sorting[0];
  const field =
    sort && Object.hasOwn(LOGBOOK_SORT_COLUMNS, sort.id)
      ? LOGBOOK_SORT_COLUMNS[sort.id as keyof typeof LOGBOOK_SORT_COLUMNS]
      : undefined;
  return field
    ? { sortField: field, orderBy: sort?.desc ? 'desc' : 'asc' }
    : { sortField: 'activity', orderBy: 'desc' };
}

/** GET /visits's query for the grid's page, page size, sorting and search, with the filters in force. */
export function logbookQuery(grid: GridQueryInput, filters: LogbookFilters): ListVisitsParams {
  return { ...gridPageQuery(grid), ...logbookSort(grid), ...filters };
}

/**
 * GET /dashboard's query: the counts follow the logbook's site and area, when the caller may still
 * see them (a saved place since removed would be refused).
 */
export function dashboardQuery(
  filters: LogbookFilters,
  places: { sites: readonly { id: string; areas: readonly { id: string }[] }[] } | undefined,
): DashboardQuery {
  if (!places) return {};
  const site = places.sites.find((s) => s.id === filters.site_id);
  const area = places.sites.flatMap((s) => s.areas).find((a) => a.id === filters.area_id);
  return { ...(site ? { site_id: site.id } : {}), ...(area ? { area_id: area.id } : {}) };
}

/** How many of the filters a person can change are chosen (the filters button shows it). */
export const activeFilterCount = (filters: LogbookFilters): number =>
  LOGBOOK_FILTER_KEYS.filter((key) => filters[key] !== undefined).length;

/** Where a count leads: /filtered with that count, the user type of its row, and the place in force. */
export function countSearch(
  count: DashboardCount,
  filters: Pick<LogbookFilters, 'site_id' | 'area_id'>,
  userTypeId?: string,
): Record<string, string> {
  return {
    count,
    ...(userTypeId ? { user_type_id: userTypeId } : {}),
    ...(filters.site_id ? { site_id: filters.site_id } : {}),
    ...(filters.area_id ? { area_id: filters.area_id } : {}),
  };
}

export type FilterPatch = Partial<Record<FilteredKey, string | null>>;

/**
 * The filters after a change (null or empty removes one). An area belongs to a site: choosing another
 * site forgets the area.
 */
export function applyFilterPatch<T extends Readonly<Record<string, unknown>>>(
  filters: T,
  patch: FilterPatch,
): Record<string, string> {
  const next: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...filters, ...patch })) {
    if (typeof value === 'string' && value !== '') next[key] = value;
  }
  if ('site_id' in patch && patch.site_id !== filters.site_id && !('area_id' in patch)) delete next.area_id;
  return next;
}
