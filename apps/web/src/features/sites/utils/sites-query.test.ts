import { describe, expect, it } from 'vitest';
import { defaultGridState } from '@/components/data-grid/grid-state';
import { SITES_GRID, sitesQuery } from './sites-query';

const state = defaultGridState({ ...SITES_GRID, columns: [] });

describe('sitesQuery', () => {
  it('asks for the first page of ten (spec §9) by name when nothing is chosen', () => {
    expect(sitesQuery(state, 0, '')).toEqual({ page: 1, limit: 10, search: '', sortField: 'name', orderBy: 'asc' });
  });

  it('sends the page, page size, search and the sorted column', () => {
    expect(sitesQuery({ ...state, pageSize: 50, sorting: [{ id: 'area_count', desc: true }] }, 1, 'north')).toEqual({
      page: 2,
      limit: 50,
      search: 'north',
      sortField: 'area_count',
      orderBy: 'desc',
    });
  });

  it('sorts by name for a column the server cannot sort', () => {
    expect(sitesQuery({ ...state, sorting: [{ id: 'location', desc: true }] }, 0, '')).toMatchObject({
      sortField: 'name',
      orderBy: 'asc',
    });
  });
});
