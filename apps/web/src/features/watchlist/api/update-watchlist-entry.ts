import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WatchlistEntry, WatchlistEntryBody } from '@app/shared/watchlist/schemas';
import { api } from '@/lib/api-client';
import { watchlistRootKey } from './watchlist-query-key';

// Every field is replaced; refused fields (400, 422) are shown under their fields by the form.
export const updateWatchlistEntry = ({ id, body }: { id: string; body: WatchlistEntryBody }) =>
  api.put<WatchlistEntry>(`/watchlist/${id}`, body, { handledByCaller: [400, 422] });

export const useUpdateWatchlistEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWatchlistEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchlistRootKey }),
  });
};
