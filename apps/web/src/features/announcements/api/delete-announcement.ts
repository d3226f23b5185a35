import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { announcementsRootKey } from './announcements-query-key';

export const deleteAnnouncement = (id: string) =>
  api.delete<{ message: string }>(`/announcements/${encodeURIComponent(id)}`);

export const useDeleteAnnouncement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsRootKey }),
  });
};
