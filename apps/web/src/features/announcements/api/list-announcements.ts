import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnnouncementList, ListAnnouncementsQuery } from '@app/shared/announcements/schemas';
import { api } from '@/lib/api-client';
import { announcementsRootKey } from './announcements-query-key';

export type AnnouncementsQuery = Pick<
  ListAnnouncementsQuery,
  'page' | 'limit' | 'search' | 'state' | 'sortField' | 'orderBy'
>;

export const listAnnouncements = (query: AnnouncementsQuery, signal?: AbortSignal) =>
  api.get<AnnouncementList>('/announcements', { params: query, signal });

export const announcementsQueryOptions = (query: AnnouncementsQuery) =>
  queryOptions({
    queryKey: [...announcementsRootKey, 'list', query],
    // Also shows the user types each announcement is for: read again when they change (lib/data-tags.ts).
    meta: { reads: ['user-types'] },
    queryFn: ({ signal }) => listAnnouncements(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference, so the first page is asked for once. */
export const useAnnouncements = (query: AnnouncementsQuery, enabled: boolean) =>
  useQuery({ ...announcementsQueryOptions(query), enabled });
