import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Announcement, AnnouncementBody } from '@app/shared/announcements/schemas';
import { api } from '@/lib/api-client';
import { announcementsRootKey } from './announcements-query-key';

// Spec §8: a refusal shows its message (the API client's toast) and, on the form, on its field.
export const createAnnouncement = (body: AnnouncementBody) =>
  api.post<{ message: string; data: Announcement }>('/announcements', body);

export const useCreateAnnouncement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsRootKey }),
  });
};
