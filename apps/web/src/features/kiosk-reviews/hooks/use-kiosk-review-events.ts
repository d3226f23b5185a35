import { useQueryClient } from '@tanstack/react-query';
import { useLiveView, type LiveView } from '@/lib/live-view';
import { useRealtimeEvent } from '@/lib/socket';
import { kioskReviewsRootKey } from '../api/kiosk-reviews-query-key';

const LIVE_KEYS = [kioskReviewsRootKey];

/**
 * Reads the reviews again when the server says they changed (a kiosk back online replayed its queue,
 * or someone resolved one), so an open list never shows a stale view; after a dropped connection,
 * reads them again (lib/live-view.ts).
 */
export function useKioskReviewEvents(): LiveView {
  useKioskReviewRefresh();
  return useLiveView(LIVE_KEYS);
}

/** Only the refresh on the server's event, for a view that shows no live status (the menu's count). */
export function useKioskReviewRefresh(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('updateKioskReviews', () => {
    void queryClient.invalidateQueries({ queryKey: kioskReviewsRootKey });
  });
}
