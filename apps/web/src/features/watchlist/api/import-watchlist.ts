import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WatchlistImportResult } from '@app/shared/watchlist/schemas';
import { api } from '@/lib/api-client';
import { watchlistEntriesKey } from './watchlist-query-key';

// A file refused whole (not a CSV, a column missing, too large) is said in the import dialog.
export const importWatchlist = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.upload<WatchlistImportResult>('/watchlist/import', form, 'POST', {
    handledByCaller: [400, 413, 415, 422],
  });
};

export const useImportWatchlist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importWatchlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchlistEntriesKey }),
  });
};
