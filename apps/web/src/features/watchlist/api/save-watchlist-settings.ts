import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WatchlistSettings } from '@app/shared/watchlist/schemas';
import { api } from '@/lib/api-client';
import { watchlistSettingsKey } from './watchlist-query-key';

// Refused fields (a person without an email to be told at) are shown under their fields.
export const saveWatchlistSettings = (body: WatchlistSettings) =>
  api.put<WatchlistSettings>('/watchlist/settings', body, { handledByCaller: [400, 422] });

export const useSaveWatchlistSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWatchlistSettings,
    onSuccess: (saved) => queryClient.setQueryData(watchlistSettingsKey, saved),
  });
};
