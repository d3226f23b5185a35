import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { coalescedRefresh } from '@/lib/coalesced-refresh';
import { useLiveView, type LiveView } from '@/lib/live-view';
import { useRealtimeEvent } from '@/lib/socket';
import { emergencyListRootKey, emergencyPlacesKey, emergencySessionsRootKey } from '../../api/emergency-query-keys';

const LIVE_KEYS = [emergencyListRootKey, emergencyPlacesKey, emergencySessionsRootKey];

/**
 * Keeps the emergency list live: anyone signing in or out anywhere in the company reads the list again
 * (soon after, once a burst of sign-outs pauses: an evacuation signs many people out at once); after a
 * dropped connection everything shown is read again (lib/live-view.ts).
 */
export function useLiveEmergencyList(): LiveView {
  const queryClient = useQueryClient();
  const refresh = useMemo(
    () =>
      coalescedRefresh(
        () => {
          void queryClient.invalidateQueries({ queryKey: emergencyListRootKey });
          void queryClient.invalidateQueries({ queryKey: emergencyPlacesKey });
        },
        { quietMs: 400, maxWaitMs: 2000 },
      ),
    [queryClient],
  );
  useEffect(() => () => refresh.stop(), [refresh]);
  useRealtimeEvent('updateVisits', () => refresh.schedule());
  return useLiveView(LIVE_KEYS);
}
