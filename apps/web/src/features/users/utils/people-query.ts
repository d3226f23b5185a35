import { z } from 'zod';
import {
  DASHBOARD_ACCESS,
  PERSON_STATUSES,
  type listPeopleQuerySchema,
  type PersonSortField,
} from '@app/shared/people/schemas';
import {
  gridPageQuery,
  serverSort,
  type GridFilters,
  type GridOptions,
  type GridQueryInput,
} from '@/components/data-grid/grid-state';

/** GET /people's query as the grid sends it. */
export type PeopleQuery = z.output<typeof listPeopleQuerySchema>;

/** The users grid's filters, as its saved preference keeps them. */
export const PEOPLE_FILTERS = {
  multi: ['user_type_id', 'site_id', 'role_id', 'label_id', 'department_id'],
  single: ['status', 'dashboard_access'],
} as const;
export const PEOPLE_FILTER_KEYS = [...PEOPLE_FILTERS.multi, ...PEOPLE_FILTERS.single] as const;
export type PeopleFilterKey = (typeof PEOPLE_FILTER_KEYS)[number];

/** The users grid's columns the server sorts, by column id. */
export const PEOPLE_SORT_COLUMNS = {
  name: 'name',
  email: 'email',
  role: 'role',
  status: 'status',
  created_at: 'created_at',
} as const satisfies Record<string, PersonSortField>;

/** The users grid opens sorted by name, unfiltered. */
export const USERS_GRID: GridOptions = {
  defaultSorting: [{ id: 'name', desc: false }],
  filterKeys: PEOPLE_FILTER_KEYS,
};

const uuid = z.uuid();
const ids = (value: GridFilters[string] | undefined): string[] | undefined => {
  const list = (Array.isArray(value) ? value : value ? [value] : []).filter((id) => uuid.safeParse(id).success);
  return list.length > 0 ? list : undefined;
};
const oneOf = <T extends string>(allowed: readonly T[], value: GridFilters[string] | undefined): T | undefined =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * GET /people's query for the grid's page, sorting, search and filters. A saved filter that is no
 * longer valid (not an id, an unknown status) is left out rather than refused by the server.
 */
export function peopleQuery(grid: GridQueryInput): PeopleQuery {
  const { filters } = grid.state;
  return {
    ...gridPageQuery(grid),
    ...serverSort(grid.state.sorting, PEOPLE_SORT_COLUMNS, 'name'),
    user_type_id: ids(filters.user_type_id),
    site_id: ids(filters.site_id),
    role_id: ids(filters.role_id),
    label_id: ids(filters.label_id),
    department_id: ids(filters.department_id),
    status: oneOf(PERSON_STATUSES, filters.status),
    dashboard_access: oneOf(DASHBOARD_ACCESS, filters.dashboard_access),
  };
}

/** How many filters are chosen (the filters button shows it). */
export const activeFilterCount = (filters: GridFilters): number =>
  PEOPLE_FILTER_KEYS.filter((key) => {
    const value = filters[key];
    return Array.isArray(value) ? value.length > 0 : !!value;
  }).length;
