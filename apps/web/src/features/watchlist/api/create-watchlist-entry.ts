import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WatchlistEntry, WatchlistEntryBody } from '@app/shared/watchlist/schemas';
import { api } from '@/lib/api-client';
import { watchlistRootKey } from './watchlist-query-key';

// Refused fields (400, 422) are shown under their fields by the form.
export const createWatchlistEntry = (body: WatchlistEntryBody) =>
  api.post<WatchlistEntry>('/watchlist', body, { handledByCaller: [400, 422] });

export const useCreateWatchlistEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWatchlistEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchlistRootKey }),
  });
};
