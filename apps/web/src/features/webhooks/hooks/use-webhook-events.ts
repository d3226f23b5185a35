import { useQueryClient } from '@tanstack/react-query';
import { useLiveView, type LiveView } from '@/lib/live-view';
import { useRealtimeEvent } from '@/lib/socket';
import { webhookEndpointsKey, webhooksRootKey } from '../api/webhooks-query-key';

const LIVE_KEYS = [webhooksRootKey];

/**
 * Reads the endpoints again, and the delivery logs of the endpoints named, when the server says their
 * deliveries were attempted or their state changed (`updateWebhooks`), so neither the list nor an open
 * log ever shows a stale attempt; after a dropped connection, reads them all again (lib/live-view.ts).
 */
export function useWebhookEvents(): LiveView {
  const queryClient = useQueryClient();
  useRealtimeEvent('updateWebhooks', ({ endpoint_ids }) => {
    void queryClient.invalidateQueries({ queryKey: webhookEndpointsKey });
    for (const id of endpoint_ids) {
      void queryClient.invalidateQueries({ queryKey: [...webhooksRootKey, 'deliveries', id] });
      void queryClient.invalidateQueries({ queryKey: [...webhooksRootKey, 'delivery', id] });
    }
  });
  return useLiveView(LIVE_KEYS);
}
