import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { watchlistRootKey } from './watchlist-query-key';

/** Removes an entry; its screenings stay, naming it as removed. */
export const deleteWatchlistEntry = (id: string) => api.delete<void>(`/watchlist/${id}`);

export const useDeleteWatchlistEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWatchlistEntry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchlistRootKey }),
  });
};
