import { describe, expect, it } from 'vitest';
import { gridOf } from '@/components/data-grid/grid-state.fixture';
import { SITES_GRID, sitesQuery } from './sites-query';

const grid = gridOf(SITES_GRID);

describe('sitesQuery', () => {
  it('asks for the first page of ten (spec §9) by name when nothing is chosen', () => {
    expect(sitesQuery(grid())).toEqual({ page: 1, limit: 10, sortField: 'name', orderBy: 'asc' });
  });

  it('sends the page, page size, search and the sorted column', () => {
    expect(sitesQuery(grid({ pageSize: 50, sorting: [{ id: 'area_count', desc: true }] }, 1, 'north'))).toEqual({
      page: 2,
      limit: 50,
      search: 'north',
      sortField: 'area_count',
      orderBy: 'desc',
    });
  });

  it('sorts by name for a column the server cannot sort', () => {
    expect(sitesQuery(grid({ sorting: [{ id: 'location', desc: true }] }))).toMatchObject({
      sortField: 'name',
      orderBy: 'asc',
    });
  });
});
