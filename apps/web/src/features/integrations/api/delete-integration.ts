import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { integrationListKey, integrationScopeKey } from './integration-query-keys';

/** DELETE /integrations/{id}: the integration, its runs and records; the people it created stay. */
export const deleteIntegration = (id: string) =>
  api.delete<{ ok: true }>(`/integrations/${id}`, { handledByCaller: [400] });

export const useDeleteIntegration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteIntegration,
    onSuccess: (_done, id) => {
      client.removeQueries({ queryKey: integrationScopeKey(id) });
      return client.invalidateQueries({ queryKey: integrationListKey });
    },
  });
};
