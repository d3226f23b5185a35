import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WatchlistSettings } from '@app/shared/watchlist/schemas';
import { api } from '@/lib/api-client';
import { watchlistSettingsKey } from './watchlist-query-key';

export const getWatchlistSettings = (signal?: AbortSignal) =>
  api.get<WatchlistSettings>('/watchlist/settings', { signal });

export const watchlistSettingsQueryOptions = () =>
  queryOptions({ queryKey: watchlistSettingsKey, queryFn: ({ signal }) => getWatchlistSettings(signal) });

/** How alike names must be to match, and whom matches are mailed to; read while `enabled`. */
export const useWatchlistSettings = (enabled: boolean) => useQuery({ ...watchlistSettingsQueryOptions(), enabled });
