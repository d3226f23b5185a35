import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Announcement, AnnouncementBody } from '@app/shared/announcements/schemas';
import { api } from '@/lib/api-client';
import { announcementsRootKey } from './announcements-query-key';

export const updateAnnouncement = ({ id, body }: { id: string; body: AnnouncementBody }) =>
  api.put<Announcement>(`/announcements/${encodeURIComponent(id)}`, body);

export const useUpdateAnnouncement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsRootKey }),
  });
};
