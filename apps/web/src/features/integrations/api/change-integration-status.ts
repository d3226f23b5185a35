import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Integration, statusBodySchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { integrationKey, integrationListKey, integrationScopeKey } from './integration-query-keys';

export type IntegrationStatusChange = z.infer<typeof statusBodySchema>['status'];

/**
 * PUT /integrations/{id}/status: deactivating stops the automatic sync (a manual one stays
 * available), reactivating resumes it (spec §4 "Integration status").
 */
export const changeIntegrationStatus = ({ id, status }: { id: string; status: IntegrationStatusChange }) =>
  api.put<Integration>(`/integrations/${id}/status`, { status }, { handledByCaller: [400] });

/** The answer is the integration now; its next sync and the list's status change with it. */
export const useChangeIntegrationStatus = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeIntegrationStatus,
    onSuccess: (integration) => {
      client.setQueryData(integrationKey(integration.id), integration);
      return Promise.all([
        client.invalidateQueries({ queryKey: integrationScopeKey(integration.id) }),
        client.invalidateQueries({ queryKey: integrationListKey }),
      ]);
    },
  });
};
