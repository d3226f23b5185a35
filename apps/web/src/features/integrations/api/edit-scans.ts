import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { editScansBodySchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import type { ScansChanged } from './ignore-scans';
import { scansKey } from './view-query-keys';

export type EditScansBody = z.input<typeof editScansBodySchema>;

/** PUT /integrations/{id}/scans/edit {ids, attendanceCodeId}: these scans are written back with this Wonde code. */
export const editScans = ({ id, body }: { id: string; body: EditScansBody }) =>
  api.put<ScansChanged>(`/integrations/${id}/scans/edit`, body, { handledByCaller: [400] });

export const useEditScans = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editScans,
    onSuccess: (_changed, { id }) => client.invalidateQueries({ queryKey: scansKey(id) }),
  });
};
