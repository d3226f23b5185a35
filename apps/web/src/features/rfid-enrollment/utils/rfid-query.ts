import { RFID_STATES, type RfidState } from '@app/shared/rfid/schemas';
import { gridPageQuery, type GridOptions, type GridQueryInput } from '@/components/data-grid/grid-state';
import type { RfidPeopleQuery } from '../api/list-rfid-people';

/** The grid's only filter: the card state. */
export const RFID_FILTER_KEYS = ['state'] as const;

/** The server keeps one order, by name: the grid has no sorting of its own, and opens unfiltered. */
export const RFID_GRID: GridOptions = { defaultSorting: [], filterKeys: RFID_FILTER_KEYS };

export const isRfidState = (value: unknown): value is RfidState =>
  typeof value === 'string' && (RFID_STATES as readonly string[]).includes(value);

/** The list query for what the grid shows: its page, page size, search and card state. */
export function rfidPeopleQuery(grid: GridQueryInput): RfidPeopleQuery {
  const filter = grid.state.filters.state;
  return { ...gridPageQuery(grid), state: isRfidState(filter) ? filter : null };
}
