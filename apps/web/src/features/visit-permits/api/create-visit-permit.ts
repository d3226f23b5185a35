import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VisitPermit, VisitPermitBody } from '@app/shared/visit-permits/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

// A taken name (409) and refused fields (400, 422) are shown on the form's fields.
export const createVisitPermit = (body: VisitPermitBody) =>
  api.post<VisitPermit>('/visit-permits', body, { handledByCaller: [400, 409, 422] });

export const useCreateVisitPermit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVisitPermit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitPermitsRootKey }),
  });
};
