import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListRfidPeopleQuery, RfidPerson } from '@app/shared/rfid/schemas';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';
import { rfidRootKey } from './rfid-query-key';

/** No card state chosen is null, and left out of the request. */
export type RfidPeopleQuery = Pick<ListRfidPeopleQuery, 'page' | 'limit' | 'search' | 'cursor'> & {
  state: ListRfidPeopleQuery['state'] | null;
};

export const listRfidPeople = (query: RfidPeopleQuery, signal?: AbortSignal) =>
  api.get<{ data: RfidPerson[]; count: number; count_capped: boolean; next_cursor: string | null }>('/rfid/people', {
    params: query,
    signal,
  });

const rfidPeopleKey = [...rfidRootKey, 'people'] as const;

export const rfidPeopleQueryOptions = (query: RfidPeopleQuery) =>
  queryOptions({
    queryKey: [...rfidPeopleKey, query],
    queryFn: ({ signal }) => listRfidPeople(query, signal),
    placeholderData: keepPreviousData,
  });

/**
 * `enabled` waits for the grid's saved preference, so the first page is asked for once. A page after
 * one already read follows its cursor.
 */
export const useRfidPeople = (query: RfidPeopleQuery, enabled: boolean) =>
  useQuery({ ...rfidPeopleQueryOptions(useKeysetQuery(rfidPeopleKey, query)), enabled });
