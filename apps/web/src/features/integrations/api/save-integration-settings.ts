import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SettingsBody, settingsResponseSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { integrationKey, integrationListKey, integrationScopeKey } from './integration-query-keys';

export type SavedSettings = z.infer<typeof settingsResponseSchema>;

/**
 * PUT /integrations/{id}/settings: sites, mapping, fields, frequency, write-back. `sync: true` saves
 * and starts a sync (its run in `run_id`); a changed mapping after the first migration starts one too.
 * Refusals name their field (sites, groups, user type): the form shows them.
 */
export const saveIntegrationSettings = ({ id, body }: { id: string; body: SettingsBody }) =>
  api.put<SavedSettings>(`/integrations/${id}/settings`, body, { handledByCaller: [409, 422] });

export const useSaveIntegrationSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveIntegrationSettings,
    onSuccess: async (saved) => {
      const id = saved.integration.id;
      client.setQueryData(integrationKey(id), saved.integration);
      await Promise.all([
        // What the directory offers is read live and did not change: only the rest of the scope.
        client.invalidateQueries({
          queryKey: integrationScopeKey(id),
          predicate: (query) => query.queryKey[2] !== 'directory-options' && query.queryKey[2] !== 'detail',
        }),
        client.invalidateQueries({ queryKey: integrationListKey }),
      ]);
    },
  });
};
