import { describe, expect, it } from 'vitest';
import { gridOf } from '@/components/data-grid/grid-state.fixture';
import { RFID_GRID, rfidPeopleQuery } from './rfid-query';

const grid = gridOf(RFID_GRID);

describe('rfidPeopleQuery', () => {
  it('asks for the page shown, with its size, search and card state', () => {
    expect(rfidPeopleQuery(grid({ filters: { state: 'pending' }, pageSize: 25 }, 2, 'ann'))).toEqual({
      page: 3,
      limit: 25,
      search: 'ann',
      state: 'pending',
    });
  });

  it('drops a saved state the server does not know', () => {
    expect(rfidPeopleQuery(grid({ filters: { state: 'lost' } })).state).toBeNull();
    expect(rfidPeopleQuery(grid({ filters: { state: ['enrolled'] } })).state).toBeNull();
    expect(rfidPeopleQuery(grid()).state).toBeNull();
  });
});
