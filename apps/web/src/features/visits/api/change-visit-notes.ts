import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit, VisitNotesBody } from '@app/shared/visits/schemas';
import { api } from '@/lib/api-client';
import { visitsRootKey } from './visits-query-key';

// A refused note is shown on its field, not as a toast.
export const changeVisitNotes = ({ id, body }: { id: string; body: VisitNotesBody }) =>
  api.put<Visit>(`/visits/${encodeURIComponent(id)}/notes`, body, { handledByCaller: [400, 422] });

export const useChangeVisitNotes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeVisitNotes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitsRootKey }),
  });
};
