import { z } from 'zod';
import {
  DASHBOARD_ACCESS,
  PERSON_SORT_FIELDS,
  PERSON_STATUSES,
  type listPeopleQuerySchema,
  type PersonSortField,
} from '@app/shared/people/schemas';
import type { GridFilters, GridState } from '@/components/data-grid/grid-state';

/** GET /people's query as the grid sends it. */
export type PeopleQuery = z.output<typeof listPeopleQuerySchema>;

/** The users grid's filters, as its saved preference keeps them. */
export const PEOPLE_FILTERS = {
  multi: ['user_type_id', 'site_id', 'role_id', 'label_id', 'department_id'],
  single: ['status', 'dashboard_access'],
} as const;
export const PEOPLE_FILTER_KEYS = [...PEOPLE_FILTERS.multi, ...PEOPLE_FILTERS.single] as const;
export type PeopleFilterKey = (typeof PEOPLE_FILTER_KEYS)[number];

/** The grid columns the server can sort by, by column id. */
export const SORTABLE_PEOPLE_COLUMNS: Readonly<Record<string, PersonSortField>> = Object.fromEntries(
  PERSON_SORT_FIELDS.map((field) => [field, field]),
);

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
export function peopleQuery(state: GridState, pageIndex: number, search: string): PeopleQuery {
  const sort = state.sorting[0];
  const sortField = sort ? SORTABLE_PEOPLE_COLUMNS[sort.id] : undefined;
  const { filters } = state;
  return {
    page: pageIndex + 1,
    limit: state.pageSize,
    sortField: sortField ?? 'name',
    orderBy: sortField && sort?.desc ? 'desc' : 'asc',
    ...(search ? { search } : {}),
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
