import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@app/shared/webhooks/schemas';
import { api } from '@/lib/api-client';
import { webhooksRootKey } from './webhooks-query-key';

/** "Send again": the same message (same `webhook-id`) is queued again at the end of the endpoint's order. */
export const resendWebhookDelivery = ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
  api.post<WebhookDelivery>(`/webhooks/${endpointId}/deliveries/${deliveryId}/resend`);

export const useResendWebhookDelivery = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksRootKey }),
  });
};
