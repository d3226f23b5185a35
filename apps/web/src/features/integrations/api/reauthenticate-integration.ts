import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Integration, reauthBodySchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { integrationListKey, integrationScopeKey } from './integration-query-keys';

export type ReauthBody = z.input<typeof reauthBodySchema>;

/**
 * POST /integrations/{id}/reauth: new credentials (a key left empty keeps its stored value) or a
 * Google consent. Wrong credentials are a 422 naming the field: the caller shows it.
 */
export const reauthenticateIntegration = ({ id, body }: { id: string; body: ReauthBody }) =>
  api.post<Integration>(`/integrations/${id}/reauth`, body, { handledByCaller: [422] });

export const useReauthenticateIntegration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reauthenticateIntegration,
    onSuccess: (integration) =>
      Promise.all([
        client.invalidateQueries({ queryKey: integrationScopeKey(integration.id) }),
        client.invalidateQueries({ queryKey: integrationListKey }),
      ]),
  });
};
