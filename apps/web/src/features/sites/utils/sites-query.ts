import { gridPageQuery, serverSort, type GridOptions, type GridQueryInput } from '@/components/data-grid/grid-state';
import type { SitesQuery } from '../api/list-sites';

/** The sites grid's columns the server sorts, by column id. */
export const SITE_SORT_COLUMNS = { name: 'name', area_count: 'area_count', created_at: 'created_at' } as const;

/** The sites grid opens sorted by name, and has no filters besides the search. */
export const SITES_GRID: GridOptions = { defaultSorting: [{ id: 'name', desc: false }], filterKeys: [] };

/** GET /sites's query for the grid's page, page size, sorting and search. */
export function sitesQuery(grid: GridQueryInput): SitesQuery {
  return { ...gridPageQuery(grid), ...serverSort(grid.state.sorting, SITE_SORT_COLUMNS, 'name') };
}
