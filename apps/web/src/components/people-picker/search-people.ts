import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Person } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';

/** Searching starts at two characters: one would list half the company. */
export const PEOPLE_SEARCH_MIN = 2;
const RESULTS = 20;

/** The company's active people matching a search (those the caller manages), for the people pickers. */
export const searchPeople = (search: string, signal?: AbortSignal) =>
  api.get<{ data: Person[]; count: number }>('/people', {
    params: { search, status: 'active', limit: RESULTS, sortField: 'name', orderBy: 'asc' },
    signal,
  });

export const searchPeopleQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['people', 'search', search],
    queryFn: ({ signal }) => searchPeople(search, signal),
    enabled: search.length >= PEOPLE_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });

export const useSearchPeople = (search: string) => useQuery(searchPeopleQueryOptions(search));
