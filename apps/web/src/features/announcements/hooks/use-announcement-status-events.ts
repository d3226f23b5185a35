import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/socket';
import { announcementsRootKey } from '../api/announcements-query-key';

/**
 * Redraws announcement lists and pages when the job moves an announcement on time (scheduled →
 * active → expired), so an open screen never needs a reload.
 */
export function useAnnouncementStatusEvents(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('updateAnnouncementStatus', () => {
    void queryClient.invalidateQueries({ queryKey: announcementsRootKey });
  });
}
