import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PHOTO_FIELD } from '@app/shared/people/schemas';
import type { WatchlistEntry } from '@app/shared/watchlist/schemas';
import { api } from '@/lib/api-client';
import { watchlistEntriesKey } from './watchlist-query-key';

// A photo the server refuses (400, 413, 415, 422) is explained beside the photo, not in a toast.
export const uploadWatchlistPhoto = ({ id, file }: { id: string; file: File }) => {
  const form = new FormData();
  form.append(PHOTO_FIELD, file);
  return api.upload<WatchlistEntry>(`/watchlist/${id}/photo`, form, 'PUT', {
    handledByCaller: [400, 413, 415, 422],
  });
};

export const useUploadWatchlistPhoto = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadWatchlistPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchlistEntriesKey }),
  });
};
