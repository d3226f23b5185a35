import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Announcement } from '@app/shared/announcements/schemas';
import { api } from '@/lib/api-client';
import { announcementsRootKey } from './announcements-query-key';

export const getAnnouncement = (id: string, signal?: AbortSignal) =>
  api.get<Announcement>(`/announcements/${encodeURIComponent(id)}`, { signal });

export const announcementQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...announcementsRootKey, 'one', id],
    queryFn: ({ signal }) => getAnnouncement(id, signal),
  });

/** One announcement; nothing is asked for without an id. */
export const useAnnouncement = (id: string | null) =>
  useQuery({ ...announcementQueryOptions(id ?? ''), enabled: id !== null });
