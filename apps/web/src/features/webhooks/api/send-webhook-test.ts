import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@app/shared/webhooks/schemas';
import { api } from '@/lib/api-client';
import { webhooksRootKey } from './webhooks-query-key';

/** Queues a `webhook.test` message to the endpoint, whatever its events (202): its delivery is answered. */
export const sendWebhookTest = (id: string) => api.post<WebhookDelivery>(`/webhooks/${id}/test`);

export const useSendWebhookTest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksRootKey }),
  });
};
