import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VisitPermit, VisitPermitBody } from '@app/shared/visit-permits/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

export const updateVisitPermit = ({ id, ...body }: VisitPermitBody & { id: string }) =>
  api.put<VisitPermit>(`/visit-permits/${id}`, body, { handledByCaller: [400, 409, 422] });

export const useUpdateVisitPermit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVisitPermit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitPermitsRootKey }),
  });
};
