import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateIntegrationBody, createIntegrationResponseSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { integrationKey, integrationListKey } from './integration-query-keys';

export type CreatedIntegration = z.infer<typeof createIntegrationResponseSchema>;

/**
 * POST /integrations: connects the directory (the server checks the credentials by connecting) and
 * creates the integration as a draft. A refusal names its field (a wrong secret, a taken name): the
 * form shows it, so no toast for 409 and 422.
 */
export const createIntegration = (body: CreateIntegrationBody) =>
  api.post<CreatedIntegration>('/integrations', body, { handledByCaller: [409, 422] });

export const useCreateIntegration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createIntegration,
    onSuccess: (created) =>
      Promise.all([
        client.setQueryData(integrationKey(created.integration.id), created.integration),
        client.invalidateQueries({ queryKey: integrationListKey }),
      ]),
  });
};
