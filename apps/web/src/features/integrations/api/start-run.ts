import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { startRunBodySchema, startRunResponseSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { integrationListKey, integrationScopeKey } from './integration-query-keys';

export type StartRunKind = z.input<typeof startRunBodySchema>['kind'];
export type StartedRun = z.infer<typeof startRunResponseSchema>;

/**
 * POST /integrations/{id}/runs: reads the directory again (the first sync before the migration, a
 * manual or automatic one after; the server decides which). One already running is answered again.
 */
export const startRun = ({ id, kind }: { id: string; kind: StartRunKind }) =>
  api.post<StartedRun>(`/integrations/${id}/runs`, { kind });

export const useStartRun = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startRun,
    onSuccess: (_run, { id }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: integrationScopeKey(id) }),
        client.invalidateQueries({ queryKey: integrationListKey }),
      ]),
  });
};
