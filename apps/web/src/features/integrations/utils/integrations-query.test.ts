import { describe, expect, it } from 'vitest';
import type { GridState } from '@/components/data-grid/grid-state';
import { directoryFilterOf, integrationsQuery } from './integrations-query';

const state = (extra: Partial<GridState> = {}): GridState => ({
  columnVisibility: {},
  columnOrder: [],
  columnSizing: {},
  sorting: [],
  filters: {},
  search: '',
  pageSize: 10,
  ...extra,
});

describe('integrationsQuery', () => {
  it('asks for the page of 10 by default', () => {
    expect(integrationsQuery({ state: state(), pageIndex: 0, search: '' }, null)).toEqual({ page: 1, limit: 10 });
  });

  it('sends the settled search and the directory', () => {
    expect(integrationsQuery({ state: state({ pageSize: 25 }), pageIndex: 2, search: 'staff' }, 'wonde')).toEqual({
      page: 3,
      limit: 25,
      search: 'staff',
      dir_code: 'wonde',
    });
  });
});

describe('directoryFilterOf', () => {
  it('drops a saved directory that no longer exists', () => {
    expect(directoryFilterOf({ dir_code: 'azureAD' })).toBe('azureAD');
    expect(directoryFilterOf({ dir_code: 'okta' })).toBeNull();
    expect(directoryFilterOf({})).toBeNull();
  });
});
