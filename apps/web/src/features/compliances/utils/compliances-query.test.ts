import { describe, expect, it } from 'vitest';
import { defaultGridState, type GridConfig } from '@/components/data-grid/grid-state';
import { COMPLIANCES_GRID, complianceFilters, compliancesQuery } from './compliances-query';

const config: GridConfig = { ...COMPLIANCES_GRID, columns: [] };

describe('the compliance grid’s query', () => {
  it('keeps only known filter values', () => {
    expect(complianceFilters({ format: 'agreement', frequency: 'yearly' })).toEqual({
      format: 'agreement',
      frequency: null,
    });
    expect(complianceFilters({ format: ['question'] })).toEqual({ format: null, frequency: null });
  });

  it('asks for the page, the sort, the search and the chosen format', () => {
    const state = { ...defaultGridState(config), sorting: [{ id: 'version', desc: true }], pageSize: 25 as const };
    expect(compliancesQuery({ state, pageIndex: 1, search: 'nda' }, { format: 'agreement', frequency: null })).toEqual({
      page: 2,
      limit: 25,
      search: 'nda',
      sortField: 'version',
      orderBy: 'desc',
      format: 'agreement',
    });
    // An old saved sort on a column the server does not sort falls back to the name.
    const old = { ...state, sorting: [{ id: 'journeys', desc: true }] };
    expect(compliancesQuery({ state: old, pageIndex: 0, search: '' }, { format: null, frequency: 'daily' })).toEqual({
      page: 1,
      limit: 25,
      sortField: 'name',
      orderBy: 'asc',
      frequency: 'daily',
    });
  });
});
