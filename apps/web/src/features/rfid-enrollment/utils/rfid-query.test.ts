import { describe, expect, it } from 'vitest';
import type { GridState } from '@/components/data-grid/grid-state';
import { rfidPeopleQuery } from './rfid-query';

const grid = (filters: GridState['filters'], pageSize: GridState['pageSize'] = 25): GridState => ({
  columnVisibility: {},
  columnOrder: [],
  columnSizing: {},
  sorting: [],
  filters,
  search: '',
  pageSize,
});

describe('rfidPeopleQuery', () => {
  it('asks for the page shown, with its size, search and card state', () => {
    expect(rfidPeopleQuery(grid({ state: 'pending' }), 2, 'ann')).toEqual({
      page: 3,
      limit: 25,
      search: 'ann',
      state: 'pending',
    });
  });

  it('drops a saved state the server does not know', () => {
    expect(rfidPeopleQuery(grid({ state: 'lost' }), 0, '').state).toBeNull();
    expect(rfidPeopleQuery(grid({ state: ['enrolled'] }), 0, '').state).toBeNull();
    expect(rfidPeopleQuery(grid({}), 0, '').state).toBeNull();
  });
});
