import { useQueryClient } from '@tanstack/react-query';
import { useLiveView, type LiveView } from '@/lib/live-view';
import { useRealtimeEvent } from '@/lib/socket';
import { announcementsRootKey } from '../api/announcements-query-key';

const LIVE_KEYS = [announcementsRootKey];

/**
 * Redraws announcement lists and pages when the job moves an announcement on time (scheduled →
 * active → expired), so an open screen never needs a reload; after a dropped connection, reads them
 * again (lib/live-view.ts).
 */
export function useAnnouncementStatusEvents(): LiveView {
  const queryClient = useQueryClient();
  useRealtimeEvent('updateAnnouncementStatus', () => {
    void queryClient.invalidateQueries({ queryKey: announcementsRootKey });
  });
  return useLiveView(LIVE_KEYS);
}
