import { useQueryClient } from '@tanstack/react-query';
import { useLiveView, type LiveView } from '@/lib/live-view';
import { useRealtimeEvent } from '@/lib/socket';
import { kioskRequestsKey } from '../api/kiosk-requests';
import { kiosksRootKey } from '../api/kiosks-query-key';

const LIVE_KEYS = [kiosksRootKey];

/**
 * Keeps kiosk lists live: a kiosk that comes online (its first heartbeat after silence) is told by the
 * server at once, and the lists and the site tree read it again; a kiosk that falls silent cannot tell,
 * so lists showing an online kiosk also read again every few seconds (api/list-kiosks.ts). A remote
 * request that is asked or moves on refreshes its kiosk's requests.
 */
export function useKioskEvents(): LiveView {
  const queryClient = useQueryClient();
  useRealtimeEvent('updateKiosks', () => void queryClient.invalidateQueries({ queryKey: kiosksRootKey }));
  useRealtimeEvent(
    'updateKioskRequests',
    ({ kiosk_id }) => void queryClient.invalidateQueries({ queryKey: kioskRequestsKey(kiosk_id) }),
  );
  return useLiveView(LIVE_KEYS);
}
