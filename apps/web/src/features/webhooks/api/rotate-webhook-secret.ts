import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointWithSecret } from '@app/shared/webhooks/schemas';
import { api } from '@/lib/api-client';
import { webhooksRootKey } from './webhooks-query-key';

/** A new secret, answered this once; the one before it still signs until `previous_secret_until`. */
export const rotateWebhookSecret = (id: string) => api.post<WebhookEndpointWithSecret>(`/webhooks/${id}/rotate-secret`);

export const useRotateWebhookSecret = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksRootKey }),
  });
};
