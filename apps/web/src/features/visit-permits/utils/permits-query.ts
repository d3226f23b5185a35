import { PERMIT_PERIODS, RECURRENCES, type PermitPeriod, type Recurrence } from '@app/shared/visit-permits/schemas';
import {
  gridPageQuery,
  serverSort,
  type GridFilters,
  type GridOptions,
  type GridQueryInput,
} from '@/components/data-grid/grid-state';
import type { VisitPermitsQuery } from '../api/list-visit-permits';

/** The permits grid's columns the server sorts, by column id. */
export const PERMIT_SORT_COLUMNS = {
  name: 'name',
  dates: 'start_date',
  created_at: 'created_at',
} as const;

export const PERMIT_FILTER_KEYS = ['recurrence', 'period'] as const;
export type PermitFilterKey = (typeof PERMIT_FILTER_KEYS)[number];

/** The permits grid opens sorted by name, with no filters. */
export const PERMITS_GRID: GridOptions = {
  defaultSorting: [{ id: 'name', desc: false }],
  filterKeys: PERMIT_FILTER_KEYS,
};

const listOf = (value: GridFilters[string] | undefined): string[] =>
  Array.isArray(value) ? value : value ? [value] : [];

/** The saved filters the server still understands (an old saved value is dropped, not sent). */
export function permitFilters(filters: GridFilters): { recurrence: Recurrence[]; period: PermitPeriod | undefined } {
  const recurrence = listOf(filters.recurrence).filter((r): r is Recurrence =>
    (RECURRENCES as readonly string[]).includes(r),
  );
  const period = listOf(filters.period)[0];
  return {
    recurrence,
    period: period && (PERMIT_PERIODS as readonly string[]).includes(period) ? (period as PermitPeriod) : undefined,
  };
}

/** GET /visit-permits's query for the grid's page, page size, sorting, search and filters. */
export function permitsQuery(grid: GridQueryInput): VisitPermitsQuery {
  const { recurrence, period } = permitFilters(grid.state.filters);
  return {
    ...gridPageQuery(grid),
    ...serverSort(grid.state.sorting, PERMIT_SORT_COLUMNS, 'name'),
    ...(recurrence.length ? { recurrence } : {}),
    ...(period ? { period } : {}),
  };
}
