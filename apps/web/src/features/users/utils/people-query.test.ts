import { describe, expect, it } from 'vitest';
import { listPeopleQuerySchema } from '@app/shared/people/schemas';
import { gridOf } from '@/components/data-grid/grid-state.fixture';
import { USERS_GRID, activeFilterCount, peopleQuery } from './people-query';

const A = '0190a0b0-0000-7000-8000-000000000001';
const B = '0190a0b0-0000-7000-8000-000000000002';

const grid = gridOf(USERS_GRID);

describe('peopleQuery', () => {
  it('asks for the page, page size and sort of the grid', () => {
    expect(peopleQuery(grid({ sorting: [{ id: 'created_at', desc: true }], pageSize: 25 }, 2))).toMatchObject({
      page: 3,
      limit: 25,
      sortField: 'created_at',
      orderBy: 'desc',
    });
  });

  it('sorts by name when the grid sorts by a column the server cannot sort', () => {
    expect(peopleQuery(grid({ sorting: [{ id: 'phone', desc: true }] }))).toMatchObject({
      sortField: 'name',
      orderBy: 'asc',
    });
  });

  it('passes the search and the filters, as lists of ids or one value', () => {
    const query = peopleQuery(
      grid({ filters: { site_id: [A, B], user_type_id: A, status: 'archived', dashboard_access: 'active' } }, 0, 'ada'),
    );
    expect(query).toMatchObject({
      search: 'ada',
      site_id: [A, B],
      user_type_id: [A],
      status: 'archived',
      dashboard_access: 'active',
    });
    expect(listPeopleQuerySchema.safeParse(query).success).toBe(true);
  });

  it('leaves out saved filters that are no longer valid', () => {
    const query = peopleQuery(grid({ filters: { site_id: ['nope', A], role_id: ['x'], status: 'gone' } }));
    expect(query.site_id).toEqual([A]);
    expect(query.role_id).toBeUndefined();
    expect(query.status).toBeUndefined();
    expect(listPeopleQuerySchema.safeParse(query).success).toBe(true);
  });
});

describe('activeFilterCount', () => {
  it('counts the chosen filters', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ site_id: [A], status: 'active', label_id: [] })).toBe(2);
  });
});
