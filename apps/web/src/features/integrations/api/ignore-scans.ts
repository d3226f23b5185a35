import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { scansChangedSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { scansKey } from './view-query-keys';

export type ScansChanged = z.infer<typeof scansChangedSchema>;

/** PUT /integrations/{id}/scans/ignore {ids}: these scans are not written back; the answer counts those changed. */
export const ignoreScans = ({ id, ids }: { id: string; ids: string[] }) =>
  api.put<ScansChanged>(`/integrations/${id}/scans/ignore`, { ids }, { handledByCaller: [400] });

export const useIgnoreScans = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ignoreScans,
    onSuccess: (_changed, { id }) => client.invalidateQueries({ queryKey: scansKey(id) }),
  });
};
