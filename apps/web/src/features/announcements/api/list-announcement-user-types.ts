import { useQuery } from '@tanstack/react-query';
import type { AnnouncementTargets } from '@app/shared/announcements/schemas';
import { api } from '@/lib/api-client';
import { announcementsRootKey } from './announcements-query-key';

export const listAnnouncementUserTypes = (signal?: AbortSignal) =>
  api.get<AnnouncementTargets>('/announcements/user-types', { signal });

/** The user types the person may address an announcement to. */
export const useAnnouncementUserTypes = () =>
  useQuery({
    queryKey: [...announcementsRootKey, 'user-types'],
    // Also shows the company's user types: read again when they change (lib/data-tags.ts).
    meta: { reads: ['user-types'] },
    queryFn: ({ signal }) => listAnnouncementUserTypes(signal),
  });
