import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { coalescedRefresh } from '@/lib/coalesced-refresh';
import { useRealtimeEvent } from '@/lib/socket';
import { occupancyKey, occupancyRootKey } from '../api/capacity-query-keys';

/** A sign-in should show on the card within a moment: a short pause, and never more than a second. */
const REFRESH = { quietMs: 300, maxWaitMs: 1000 };

/**
 * Keeps occupancy and the waiting requests live (decision 054). A member who sees the whole company is
 * sent the whole company's occupancy after visits change (`occupancy`, to that room only), which is
 * what they read: it is shown as it comes. Everyone else is told only that visits changed, and reads
 * their own again once events pause; so does everyone when requests are asked or decided, or limits or
 * settings change (`updateCapacity`). After a dropped connection, the dashboard reads everything under
 * the visits root again (lib/live-view.ts).
 */
export function useLiveOccupancy(): void {
  const queryClient = useQueryClient();
  const refresh = useMemo(
    () => coalescedRefresh(() => void queryClient.invalidateQueries({ queryKey: occupancyRootKey }), REFRESH),
    [queryClient],
  );
  useEffect(() => () => refresh.stop(), [refresh]);

  useRealtimeEvent('occupancy', (occupancy) => queryClient.setQueryData(occupancyKey, occupancy));
  // Rows come to those who see the whole company, and their occupancy with them.
  useRealtimeEvent('updateVisits', (event) => {
    if (!event.visits) refresh.schedule();
  });
  useRealtimeEvent('updateCapacity', () => refresh.schedule());
}
