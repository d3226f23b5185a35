import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@app/shared/webhooks/schemas';
import { api } from '@/lib/api-client';
import { webhookEndpointsKey } from './webhooks-query-key';

export const listWebhookEndpoints = (signal?: AbortSignal) =>
  api.get<{ data: WebhookEndpoint[] }>('/webhooks', { signal }).then((answer) => answer.data);

export const webhookEndpointsQueryOptions = () =>
  queryOptions({ queryKey: webhookEndpointsKey, queryFn: ({ signal }) => listWebhookEndpoints(signal) });

/** The company's endpoints (at most 20), oldest first, each with what waits and its last attempt. */
export const useWebhookEndpoints = () => useQuery(webhookEndpointsQueryOptions());
