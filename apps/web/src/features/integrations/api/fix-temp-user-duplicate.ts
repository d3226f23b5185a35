import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { fixDuplicateBodySchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import type { FixResult } from './fix-temp-user-error';
import { integrationScopeKey } from './integration-query-keys';

export type FixDuplicateBody = z.input<typeof fixDuplicateBodySchema>;

/**
 * POST /integrations/{id}/temp-users/{tempId}/duplicate: the record is the person chosen (who then
 * follows the directory), or a new person. A refusal (none chosen, the person already linked, a value
 * another person holds) is said on the card.
 */
export const fixTempUserDuplicate = ({ id, tempId, body }: { id: string; tempId: string; body: FixDuplicateBody }) =>
  api.post<FixResult>(`/integrations/${id}/temp-users/${tempId}/duplicate`, body, {
    handledByCaller: [400, 409, 422],
  });

export const useFixTempUserDuplicate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fixTempUserDuplicate,
    onSuccess: (result, { id }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: integrationScopeKey(id) }),
        result.action && !result.user ? client.invalidateQueries({ queryKey: ['people'] }) : undefined,
      ]),
  });
};
