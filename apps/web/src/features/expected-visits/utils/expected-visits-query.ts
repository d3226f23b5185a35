// The upcoming expected visits grid: which columns the server sorts, its defaults, and the dashboard
// list's query for it (state=expected, from today on the company's clock for a year).
import { JOURNEY_STAGES, type JourneyStage } from '@app/shared/visits/stages';
import { VISIT_LIMITS, type VisitSortField } from '@app/shared/visits/schemas';
import { gridPageQuery, serverSort, type GridOptions, type GridQueryInput } from '@/components/data-grid/grid-state';
import type { ExpectedVisitsQuery } from '../api/list-expected-visits';

/** The grid's columns the server sorts, by column id. */
export const EXPECTED_VISIT_SORT_COLUMNS: Record<string, VisitSortField> = {
  visitor: 'name',
  user_type: 'user_type',
  place: 'site',
  expected: 'expected_at',
};

/** The soonest visit first, every stage. */
export const EXPECTED_VISITS_GRID: GridOptions = {
  defaultSorting: [{ id: 'expected', desc: false }],
  filterKeys: ['stage'],
};

export const isJourneyStage = (value: unknown): value is JourneyStage =>
  typeof value === 'string' && (JOURNEY_STAGES as readonly string[]).includes(value);

/** The stage the grid is narrowed to (saved with the person's grid preference), or null for every stage. */
export const stageFilterOf = (grid: Pick<GridQueryInput, 'state'>): JourneyStage | null => {
  const value = grid.state.filters.stage;
  return isJourneyStage(value) ? value : null;
};

/** A day (YYYY-MM-DD) moved by whole days. */
export function shiftDay(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The visits list's longest range ends a year after today (both days included, at most 366 days). */
const RANGE_DAYS = Math.min(365, VISIT_LIMITS.rangeDaysMax);

/** GET /visits's query for the grid's page, page size, sorting, search and stage, from `today` on. */
export function expectedVisitsQuery(grid: GridQueryInput, today: string): ExpectedVisitsQuery {
  const stage = stageFilterOf(grid);
  const sort = grid.state.sorting.length
    ? serverSort<VisitSortField>(grid.state.sorting, EXPECTED_VISIT_SORT_COLUMNS, 'expected_at')
    : ({ sortField: 'expected_at', orderBy: 'asc' } as const);
  return {
    ...gridPageQuery(grid),
    ...sort,
    state: 'expected',
    from: today,
    to: shiftDay(today, RANGE_DAYS),
    ...(stage ? { stage } : {}),
  };
}

/** A reading of the company's clock (YYYY-MM-DD HH:mm or YYYY-MM-DDTHH:mm) as people read it here: DD/MM/YYYY HH:mm. */
export function formatClockReading(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : value;
}
