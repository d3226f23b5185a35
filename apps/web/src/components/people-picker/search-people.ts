import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission } from '@app/shared/access/permissions';
import type { Person } from '@app/shared/people/schemas';
import type { SignInCandidate } from '@app/shared/visits/schemas';
import { api } from '@/lib/api-client';

/** Searching starts at two characters: one would list half the company. */
export const PEOPLE_SEARCH_MIN = 2;
const RESULTS = 20;

/**
 * Where a picker finds people: `people` is the Users list (needs access to Users); `sign-in` is the
 * dashboard's own search of whom to sign in (needs the dashboard only); `track-trace` the people a
 * report reader may trace (needs that report only).
 */
export type PeopleSource = 'people' | 'sign-in' | 'track-trace';
export const SOURCE_PERMISSION: Record<PeopleSource, Permission> = {
  people: 'users',
  'sign-in': 'dashboard',
  'track-trace': 'show_track_trace_list',
};

type Found = Pick<Person | SignInCandidate, 'id' | 'full_name' | 'email'>;

/** The company's active people matching a search (those the caller manages), for the people pickers. */
export const searchPeople = async (search: string, source: PeopleSource, signal?: AbortSignal) =>
  source === 'sign-in' || source === 'track-trace'
    ? api.get<{ data: Found[] }>(source === 'sign-in' ? '/visits/people' : '/reports/track-trace/people', {
        params: { search, limit: RESULTS },
        signal,
      })
    : api.get<{ data: Found[]; count: number }>('/people', {
        params: { search, status: 'active', limit: RESULTS, sortField: 'name', orderBy: 'asc' },
        signal,
      });

export const searchPeopleQueryOptions = (search: string, source: PeopleSource = 'people') =>
  queryOptions({
    queryKey: ['people', 'search', source, search],
    queryFn: ({ signal }) => searchPeople(search, source, signal),
    enabled: search.length >= PEOPLE_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });

export const useSearchPeople = (search: string, source: PeopleSource = 'people') =>
  useQuery(searchPeopleQueryOptions(search, source));
