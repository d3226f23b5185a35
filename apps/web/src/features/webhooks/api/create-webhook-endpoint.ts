import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointBody, WebhookEndpointWithSecret } from '@app/shared/webhooks/schemas';
import { api } from '@/lib/api-client';
import { webhooksRootKey } from './webhooks-query-key';

// Refused fields (400, 422) are shown under their fields by the form; the secret is answered this once.
export const createWebhookEndpoint = (body: WebhookEndpointBody) =>
  api.post<WebhookEndpointWithSecret>('/webhooks', body, { handledByCaller: [400, 422] });

export const useCreateWebhookEndpoint = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksRootKey }),
  });
};
