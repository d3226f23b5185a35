import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Person } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';
import type { PeopleQuery } from '../utils/people-query';
import { peopleRootKey } from './people-query-key';

export const listPeople = (query: PeopleQuery, signal?: AbortSignal) =>
  api.get<{ data: Person[]; count: number; count_capped: boolean; next_cursor: string | null }>('/people', {
    params: query,
    signal,
  });

export const peopleListQueryKey = [...peopleRootKey, 'list'] as const;

export const peopleQueryOptions = (query: PeopleQuery) =>
  queryOptions({
    queryKey: [...peopleListQueryKey, query],
    // Also shows each person's sites, user types and last visit: read again when they change (lib/data-tags.ts).
    meta: { reads: ['sites', 'user-types', 'visits'] },
    queryFn: ({ signal }) => listPeople(query, signal),
    placeholderData: keepPreviousData,
  });

/**
 * `enabled` waits for the grid's saved preference, so the first page is asked for once. A page after
 * one already read follows its cursor.
 */
export const usePeople = (query: PeopleQuery, enabled: boolean) =>
  useQuery({ ...peopleQueryOptions(useKeysetQuery(peopleListQueryKey, query)), enabled });
