import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { integrationListKey, integrationScopeKey } from './integration-query-keys';
import type { StartedRun } from './start-run';

/** POST /integrations/{id}/migrate: the valid records become people (a run of kind migrate, followed on sync status). */
export const startMigration = (id: string) =>
  api.post<StartedRun>(`/integrations/${id}/migrate`, undefined, { handledByCaller: [400] });

export const useStartMigration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startMigration,
    onSuccess: (_run, id) =>
      Promise.all([
        client.invalidateQueries({ queryKey: integrationScopeKey(id) }),
        client.invalidateQueries({ queryKey: integrationListKey }),
      ]),
  });
};
