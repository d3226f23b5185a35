import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListRfidPeopleQuery, RfidPerson } from '@app/shared/rfid/schemas';
import { api } from '@/lib/api-client';
import { rfidRootKey } from './rfid-query-key';

/** No card state chosen is null, and left out of the request. */
export type RfidPeopleQuery = Pick<ListRfidPeopleQuery, 'page' | 'limit' | 'search'> & {
  state: ListRfidPeopleQuery['state'] | null;
};

export const listRfidPeople = (query: RfidPeopleQuery, signal?: AbortSignal) =>
  api.get<{ data: RfidPerson[]; count: number }>('/rfid/people', { params: query, signal });

export const rfidPeopleQueryOptions = (query: RfidPeopleQuery) =>
  queryOptions({
    queryKey: [...rfidRootKey, 'people', query],
    queryFn: ({ signal }) => listRfidPeople(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference, so the first page is asked for once. */
export const useRfidPeople = (query: RfidPeopleQuery, enabled: boolean) =>
  useQuery({ ...rfidPeopleQueryOptions(query), enabled });
