import { gridPageQuery, serverSort, type GridOptions, type GridQueryInput } from '@/components/data-grid/grid-state';
import type { JourneysQuery } from '../api/list-journeys';

/** The journeys grid's columns the server sorts, by column id. */
export const JOURNEY_SORT_COLUMNS = {
  name: 'name',
  flow_count: 'flow_count',
  kiosk_count: 'kiosk_count',
  created_at: 'created_at',
} as const;

/** The journeys grid opens sorted by name, and has no filters besides the search. */
export const JOURNEYS_GRID: GridOptions = { defaultSorting: [{ id: 'name', desc: false }], filterKeys: [] };

/** GET /journeys's query for the grid's page, page size, sorting and search. */
export function journeysQuery(grid: GridQueryInput): JourneysQuery {
  return { ...gridPageQuery(grid), ...serverSort(grid.state.sorting, JOURNEY_SORT_COLUMNS, 'name') };
}
