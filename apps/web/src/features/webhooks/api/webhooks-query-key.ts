/**
 * Every webhook query sits under this key: a change to an endpoint, a test message or the server's
 * `updateWebhooks` event refreshes what shows it with one invalidation.
 */
export const webhooksRootKey = ['webhooks'] as const;
export const webhookEndpointsKey = [...webhooksRootKey, 'endpoints'] as const;
/** One endpoint's delivery log, each page under it (and each delivery's detail beside it). */
export const webhookLogKey = (endpointId: string) => [...webhooksRootKey, 'deliveries', endpointId] as const;
export const webhookDeliveryKey = (endpointId: string, deliveryId: string) =>
  [...webhooksRootKey, 'delivery', endpointId, deliveryId] as const;
