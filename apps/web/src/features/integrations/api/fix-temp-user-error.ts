import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FixErrorBody, fixResultSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { integrationScopeKey } from './integration-query-keys';

export type FixResult = z.infer<typeof fixResultSchema>;

/**
 * PUT /integrations/{id}/temp-users/{tempId}: the corrected record, judged again by the server. The
 * answer's `action` says whether it was fixed (valid, a duplicate now, or a person) or is still wrong;
 * a refused body (a field too long, a user type not the caller's) is shown in the form.
 */
export const fixTempUserError = ({ id, tempId, body }: { id: string; tempId: string; body: FixErrorBody }) =>
  api.put<FixResult>(`/integrations/${id}/temp-users/${tempId}`, body, { handledByCaller: [400, 409, 422] });

/** The record may have moved to another list, and the counts with it; after the migration it may be a person. */
export const useFixTempUserError = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fixTempUserError,
    onSuccess: (result, { id }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: integrationScopeKey(id) }),
        result.action && !result.user ? client.invalidateQueries({ queryKey: ['people'] }) : undefined,
      ]),
  });
};
