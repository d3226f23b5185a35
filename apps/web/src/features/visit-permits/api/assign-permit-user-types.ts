import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignResult, AssignUserTypesBody } from '@app/shared/visit-permits/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

export const assignPermitUserTypes = ({ permitId, ...body }: AssignUserTypesBody & { permitId: string }) =>
  api.post<AssignResult>(`/visit-permits/${permitId}/user-types`, body);

export const useAssignPermitUserTypes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignPermitUserTypes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitPermitsRootKey }),
  });
};
