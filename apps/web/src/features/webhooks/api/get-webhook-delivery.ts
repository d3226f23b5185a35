import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDeliveryDetail } from '@app/shared/webhooks/schemas';
import { api } from '@/lib/api-client';
import { webhookDeliveryKey } from './webhooks-query-key';

// A delivery gone meanwhile (the log keeps 30 days; the endpoint deleted elsewhere) is said in the
// drawer, not by leaving the page.
export const getWebhookDelivery = (endpointId: string, deliveryId: string, signal?: AbortSignal) =>
  api.get<WebhookDeliveryDetail>(`/webhooks/${endpointId}/deliveries/${deliveryId}`, {
    signal,
    handledByCaller: [404],
  });

export const webhookDeliveryQueryOptions = (endpointId: string, deliveryId: string) =>
  queryOptions({
    queryKey: webhookDeliveryKey(endpointId, deliveryId),
    queryFn: ({ signal }) => getWebhookDelivery(endpointId, deliveryId, signal),
    retry: false,
  });

/** What was sent (headers and body) and every attempt with its answer, while `deliveryId` is given. */
export const useWebhookDelivery = (endpointId: string, deliveryId: string | null) =>
  useQuery({ ...webhookDeliveryQueryOptions(endpointId, deliveryId ?? ''), enabled: deliveryId !== null });
