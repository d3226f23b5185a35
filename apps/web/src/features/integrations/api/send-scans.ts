import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ScansChanged } from './ignore-scans';
import { scansKey } from './view-query-keys';

/** POST /integrations/{id}/scans/send: writes back now the scans waiting or failed; the answer counts those sent. */
export const sendScans = (id: string) =>
  api.post<ScansChanged>(`/integrations/${id}/scans/send`, undefined, { handledByCaller: [400] });

export const useSendScans = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendScans,
    onSuccess: (_changed, id) => client.invalidateQueries({ queryKey: scansKey(id) }),
  });
};
