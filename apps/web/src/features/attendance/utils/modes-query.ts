import { gridPageQuery, serverSort, type GridOptions, type GridQueryInput } from '@/components/data-grid/grid-state';
import type { AttendanceModesQuery } from '../api/list-attendance-modes';

/** The modes grid's columns the server sorts, by column id. */
export const MODE_SORT_COLUMNS = { name: 'name', hours: 'start_time', created_at: 'created_at' } as const;

/** The modes grid opens sorted by name, and has no filters besides the search. */
export const MODES_GRID: GridOptions = { defaultSorting: [{ id: 'name', desc: false }], filterKeys: [] };

/** GET /attendance-modes's query for the grid's page, page size, sorting and search. */
export function modesQuery(grid: GridQueryInput): AttendanceModesQuery {
  return { ...gridPageQuery(grid), ...serverSort(grid.state.sorting, MODE_SORT_COLUMNS, 'name') };
}
