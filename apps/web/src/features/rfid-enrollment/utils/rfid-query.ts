import { RFID_STATES, type RfidState } from '@app/shared/rfid/schemas';
import type { GridState } from '@/components/data-grid/grid-state';
import type { RfidPeopleQuery } from '../api/list-rfid-people';

/** The grid's only filter: the card state. */
export const RFID_FILTER_KEYS = ['state'] as const;

export const isRfidState = (value: unknown): value is RfidState =>
  typeof value === 'string' && (RFID_STATES as readonly string[]).includes(value);

/** The list query for what the grid shows: its page, page size, search and card state. */
export function rfidPeopleQuery(state: GridState, pageIndex: number, search: string): RfidPeopleQuery {
  const filter = state.filters.state;
  return {
    page: pageIndex + 1,
    limit: state.pageSize,
    search,
    state: isRfidState(filter) ? filter : null,
  };
}
