import { z } from 'zod';
import type { UsersNotOnSiteFilters } from '@app/shared/reports/presence';
import type { GridOptions, GridQueryInput } from '@/components/data-grid/grid-state';
import { gridPageQuery } from '@/components/data-grid/grid-state';

// The two presence reports keep their filters in the address (a link reproduces the view); the
// not-on-site grid keeps its columns, sort, search and page size as the reader's table preference.

const listOf = z
  .union([z.uuid(), z.array(z.uuid())])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .default([]);

export const notOnSitePageSchema = z.object({
  user_type_id: listOf,
  site_id: z.uuid().optional(),
  day: z.iso.date().optional(),
});
export type NotOnSitePageFilters = z.output<typeof notOnSitePageSchema>;

export const trackTracePageSchema = z.object({
  person_id: z.uuid().optional(),
  date: z.iso.date().optional(),
  depth: z.enum(['1', '2']).optional(),
});
export type TrackTracePageFilters = z.output<typeof trackTracePageSchema>;

/** The grid opens sorted by name; its only filters are in the address. */
export const NOT_ON_SITE_GRID: GridOptions = {
  defaultSorting: [{ id: 'name', desc: false }],
  filterKeys: [],
};

/** The report's filters and sort as the server takes them (what an export stores too). */
export function notOnSiteFilters(page: NotOnSitePageFilters, grid: GridQueryInput): UsersNotOnSiteFilters {
  const sort = grid.state.sorting[0];
  return {
    user_type_id: page.user_type_id,
    ...(page.site_id ? { site_id: page.site_id } : {}),
    ...(page.day ? { day: page.day } : {}),
    ...(grid.search ? { search: grid.search } : {}),
    sortField: 'name',
    orderBy: sort?.id === 'name' && sort.desc ? 'desc' : 'asc',
  };
}

/** GET /reports/users-not-on-site's query for the grid's page. */
export function notOnSiteQuery(page: NotOnSitePageFilters, grid: GridQueryInput) {
  return { ...notOnSiteFilters(page, grid), ...gridPageQuery(grid) };
}
