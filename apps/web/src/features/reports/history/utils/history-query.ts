// The History report's view: its filters as the page's address holds them (a reload or a copied link
// opens the same view), and GET /reports/history's query for them and the grid's page and sort.
import { z } from 'zod';
import { REPORT_LIMITS } from '@app/shared/reports/common';
import {
  HISTORY_ARRIVED,
  type HistoryFilters,
  type HistoryParams,
  type HistorySortField,
} from '@app/shared/reports/history';
import { SIGN_SOURCES } from '@app/shared/visits/schemas';
import { JOURNEY_STAGES, VISIT_STATES } from '@app/shared/visits/stages';
import { gridPageQuery, type GridOptions, type GridQueryInput } from '@/components/data-grid/grid-state';

/** The grid's columns the server sorts, by column id. */
export const HISTORY_SORT_COLUMNS = {
  person: 'name',
  site: 'site',
  area: 'area',
  user_type: 'user_type',
  state: 'state',
  expected: 'expected_at',
  signed_in: 'signed_in_at',
  signed_out: 'signed_out_at',
  duration: 'duration',
} as const satisfies Record<string, HistorySortField>;

/** The filters live in the address, not in the saved grid: the grid keeps columns, sort and page size. */
export const HISTORY_GRID: GridOptions = { defaultSorting: [], filterKeys: [] };

/**
 * What the address may hold. The picked person's and host's names ride along so a reloaded picker can
 * show them; they are never sent.
 */
export const historyPageFiltersSchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  site_id: z.uuid().optional(),
  area_id: z.uuid().optional(),
  user_type_id: z.uuid().optional(),
  person_id: z.uuid().optional(),
  person_name: z.string().max(200).optional(),
  host_id: z.uuid().optional(),
  host_name: z.string().max(200).optional(),
  stage: z.enum(JOURNEY_STAGES).optional(),
  state: z.enum([...VISIT_STATES, HISTORY_ARRIVED]).optional(),
  weekday: z.coerce.number().int().min(1).max(7).optional(),
  hour: z.coerce.number().int().min(0).max(23).optional(),
  signed_in_by: z.enum(SIGN_SOURCES).optional(),
  late_reason_id: z.uuid().optional(),
  early_reason_id: z.uuid().optional(),
  field_id: z.uuid().optional(),
  field_value: z.string().trim().min(1).max(200).optional(),
});
export type HistoryPageFilters = z.output<typeof historyPageFiltersSchema>;
export type HistoryFilterKey = keyof HistoryPageFilters;

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);

/** Today on this browser's calendar, YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The range of days the report covers: the address's when given (in order, at most a year: the end
 * moves in), else the last seven days.
 */
export function rangeOf(
  filters: Pick<HistoryPageFilters, 'from' | 'to'>,
  now = new Date(),
): { from: string; to: string } {
  const end = filters.to ?? filters.from ?? today(now);
  const start = filters.from ?? addDays(end, -6);
  const [first, last] = end < start ? [end, start] : [start, end];
  const latest = addDays(first, REPORT_LIMITS.screenRangeDays);
  return { from: first, to: last > latest ? latest : last };
}

/** The filters as the API takes them (the range filled in, names and empty values left out). */
export function historyFilters(filters: HistoryPageFilters, sort: Pick<HistoryFilters, 'sortField' | 'orderBy'>) {
  const { person_name: _person, host_name: _host, from: _from, to: _to, ...rest } = filters;
  const kept = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''));
  const field = filters.field_id && filters.field_value ? {} : { field_id: undefined, field_value: undefined };
  return JSON.parse(JSON.stringify({ ...rangeOf(filters), ...kept, ...field, ...sort })) as HistoryFilters;
}

/** The grid's sort as the API takes it: latest activity first when no column is sorted. */
export function historySort(grid: GridQueryInput): Pick<HistoryFilters, 'sortField' | 'orderBy'> {
  const sort = grid.state.sorting[0];
  const field =
    sort && Object.hasOwn(HISTORY_SORT_COLUMNS, sort.id)
      ? HISTORY_SORT_COLUMNS[sort.id as keyof typeof HISTORY_SORT_COLUMNS]
      : undefined;
  return field
    ? { sortField: field, orderBy: sort?.desc ? 'desc' : 'asc' }
    : { sortField: 'activity', orderBy: 'desc' };
}

/** GET /reports/history's query for the grid's page, its sort, its search and the address's filters. */
export function historyQuery(filters: HistoryPageFilters, grid: GridQueryInput): HistoryParams {
  return { ...historyFilters(filters, historySort(grid)), ...gridPageQuery(grid) };
}

/** How many filters narrow the view beyond its days. */
export const activeFilterCount = (filters: HistoryPageFilters): number =>
  (
    [
      'site_id',
      'area_id',
      'user_type_id',
      'person_id',
      'host_id',
      'stage',
      'state',
      'weekday',
      'hour',
      'signed_in_by',
      'late_reason_id',
      'early_reason_id',
      'field_id',
    ] as const
  ).filter((key) => filters[key] !== undefined).length;
