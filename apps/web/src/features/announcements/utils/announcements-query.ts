import {
  ANNOUNCEMENT_FILTERS,
  type AnnouncementFilter,
  type AnnouncementSortField,
} from '@app/shared/announcements/schemas';
import { gridPageQuery, serverSort, type GridOptions, type GridQueryInput } from '@/components/data-grid/grid-state';
import type { AnnouncementsQuery } from '../api/list-announcements';

/** The grid's columns the server sorts, by column id. Pinned announcements come first whatever the sort. */
export const ANNOUNCEMENT_SORT_COLUMNS: Record<string, AnnouncementSortField> = {
  publish_at: 'publish_at',
  expires_at: 'expires_at',
  created_at: 'created_at',
};

/** The list opens on every state, the latest publish time first. */
export const ANNOUNCEMENTS_GRID: GridOptions = {
  defaultSorting: [{ id: 'publish_at', desc: true }],
  filterKeys: ['state'],
};

export const isAnnouncementFilter = (value: unknown): value is AnnouncementFilter =>
  typeof value === 'string' && (ANNOUNCEMENT_FILTERS as readonly string[]).includes(value);

/** The state the grid is narrowed to (saved with the person's grid preference). */
export const stateFilterOf = (grid: Pick<GridQueryInput, 'state'>): AnnouncementFilter => {
  const value = grid.state.filters.state;
  return isAnnouncementFilter(value) ? value : 'all';
};

/** GET /announcements's query for the grid's page, page size, sorting, search and state. */
export function announcementsQuery(grid: GridQueryInput): AnnouncementsQuery {
  const sort = serverSort<AnnouncementSortField>(grid.state.sorting, ANNOUNCEMENT_SORT_COLUMNS, 'publish_at');
  return {
    ...gridPageQuery(grid),
    ...(grid.state.sorting.length ? sort : { sortField: 'publish_at', orderBy: 'desc' }),
    state: stateFilterOf(grid),
  };
}
