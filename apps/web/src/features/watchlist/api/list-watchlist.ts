import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WatchlistList, WatchlistQuery } from '@app/shared/watchlist/schemas';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';
import { watchlistEntriesKey } from './watchlist-query-key';

export type WatchlistListQuery = Pick<WatchlistQuery, 'level' | 'search' | 'page' | 'limit' | 'cursor'>;

export const listWatchlist = (query: WatchlistListQuery, signal?: AbortSignal) =>
  api.get<WatchlistList>('/watchlist', { params: query, signal });

export const watchlistQueryOptions = (query: WatchlistListQuery) =>
  queryOptions({
    queryKey: [...watchlistEntriesKey, query],
    queryFn: ({ signal }) => listWatchlist(query, signal),
    // The page shown stays (dimmed) while the next page, search or level loads.
    placeholderData: keepPreviousData,
  });

/** One page of the entries, by name; a page after one already read follows its cursor. */
export const useWatchlist = (query: WatchlistListQuery) =>
  useQuery(watchlistQueryOptions(useKeysetQuery(watchlistEntriesKey, query)));
