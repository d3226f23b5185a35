import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhooksRootKey } from './webhooks-query-key';

/** Removes an endpoint with its delivery log; what still waited for it is never sent. */
export const deleteWebhookEndpoint = (id: string) => api.delete<{ ok: true }>(`/webhooks/${id}`);

export const useDeleteWebhookEndpoint = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksRootKey }),
  });
};
