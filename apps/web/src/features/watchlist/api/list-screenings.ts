import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ScreeningsList, ScreeningsQuery } from '@app/shared/watchlist/schemas';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';
import { watchlistScreeningsKey } from './watchlist-query-key';

export type ScreeningsListQuery = Pick<
  ScreeningsQuery,
  'outcome' | 'entry_id' | 'person_id' | 'page' | 'limit' | 'cursor'
>;

export const listScreenings = (query: ScreeningsListQuery, signal?: AbortSignal) =>
  api.get<ScreeningsList>('/watchlist/screenings', { params: query, signal });

export const screeningsQueryOptions = (query: ScreeningsListQuery) =>
  queryOptions({
    queryKey: [...watchlistScreeningsKey, query],
    // Every sign-in is screened: a visit signed in (or refused) anywhere may add a screening.
    meta: { reads: ['visits', 'expected-visits'] },
    queryFn: ({ signal }) => listScreenings(query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the screenings, newest first; a page after one already read follows its cursor. */
export const useScreenings = (query: ScreeningsListQuery) =>
  useQuery(screeningsQueryOptions(useKeysetQuery(watchlistScreeningsKey, query)));
