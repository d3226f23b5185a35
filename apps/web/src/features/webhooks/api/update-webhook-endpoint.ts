import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint, WebhookEndpointPatch } from '@app/shared/webhooks/schemas';
import { api } from '@/lib/api-client';
import { webhooksRootKey } from './webhooks-query-key';

// Only the fields sent change: the form sends its fields, the list's switch `enabled` alone (enabling
// again sends what waited meanwhile, in order). Refused fields (400, 422) are shown by the caller.
export const updateWebhookEndpoint = ({ id, body }: { id: string; body: WebhookEndpointPatch }) =>
  api.patch<WebhookEndpoint>(`/webhooks/${id}`, body, { handledByCaller: [400, 422] });

export const useUpdateWebhookEndpoint = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEndpoint,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksRootKey }),
  });
};
