import { useQuery } from '@tanstack/react-query';
import type { AnnouncementClock } from '@app/shared/announcements/schemas';
import { api } from '@/lib/api-client';
import { announcementsRootKey } from './announcements-query-key';

export const getAnnouncementClock = (signal?: AbortSignal) =>
  api.get<AnnouncementClock>('/announcements/clock', { signal });

/** The company's time zone and current minute, read when a form opens. */
export const useAnnouncementClock = () =>
  useQuery({
    queryKey: [...announcementsRootKey, 'clock'],
    queryFn: ({ signal }) => getAnnouncementClock(signal),
    staleTime: 0,
    gcTime: 0,
  });
