// The mass sign-in page's people grid: the company's active people, searched and sorted on the server.
import type { PersonSortField } from '@app/shared/people/schemas';
import { gridPageQuery, serverSort, type GridOptions, type GridQueryInput } from '@/components/data-grid/grid-state';
import type { PeopleQuery } from '../api/list-people';

/** The columns the server sorts, by column id. */
export const SIGN_IN_PEOPLE_SORT_COLUMNS = { name: 'name', email: 'email' } as const satisfies Record<
  string,
  PersonSortField
>;

/** The grid opens sorted by name; it has no filters but the search (only active people can be signed in). */
export const SIGN_IN_PEOPLE_GRID: GridOptions = {
  defaultSorting: [{ id: 'name', desc: false }],
  filterKeys: [],
};

/** GET /people's query for the grid's page, sorting and search: active people only. */
export function signInPeopleQuery(grid: GridQueryInput): PeopleQuery {
  return {
    ...gridPageQuery(grid),
    ...serverSort(grid.state.sorting, SIGN_IN_PEOPLE_SORT_COLUMNS, 'name'),
    status: 'active',
  };
}
