import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDeliveries, WebhookDeliveriesQuery } from '@app/shared/webhooks/schemas';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';
import { webhookLogKey } from './webhooks-query-key';

export type WebhookDeliveriesListQuery = Pick<WebhookDeliveriesQuery, 'status' | 'page' | 'limit' | 'cursor'>;

export const listWebhookDeliveries = (endpointId: string, query: WebhookDeliveriesListQuery, signal?: AbortSignal) =>
  api.get<WebhookDeliveries>(`/webhooks/${endpointId}/deliveries`, { params: query, signal });

export const webhookLogQueryOptions = (endpointId: string, query: WebhookDeliveriesListQuery) =>
  queryOptions({
    queryKey: [...webhookLogKey(endpointId), query],
    queryFn: ({ signal }) => listWebhookDeliveries(endpointId, query, signal),
    // Another page of the same status stays on screen (dimmed) while the next one loads; another
    // status's rows never stand in for this one's.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[3] as WebhookDeliveriesListQuery | undefined)?.status === query.status
        ? previous
        : undefined,
  });

/** One page of an endpoint's deliveries, newest first; a page after one already read follows its cursor. */
export const useWebhookDeliveries = (endpointId: string, query: WebhookDeliveriesListQuery, enabled = true) =>
  useQuery({
    ...webhookLogQueryOptions(endpointId, useKeysetQuery(webhookLogKey(endpointId), query)),
    enabled,
  });
