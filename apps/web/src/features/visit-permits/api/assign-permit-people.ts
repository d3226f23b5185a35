import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignPeopleBody, AssignResult } from '@app/shared/visit-permits/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

/** Spec "POST /visit-permits/assign-to-users": one permit for several people; answers who was left out. */
export const assignPermitPeople = ({ permitId, ...body }: AssignPeopleBody & { permitId: string }) =>
  api.post<AssignResult>(`/visit-permits/${permitId}/people`, body);

export const useAssignPermitPeople = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignPermitPeople,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitPermitsRootKey }),
  });
};
