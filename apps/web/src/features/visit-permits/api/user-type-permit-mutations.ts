// A user type's assignments: give a permit, set its status, take it away.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignmentStatus, UserTypePermit } from '@app/shared/visit-permits/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

type Target = { typeId: string; permitId: string };

export const assignUserTypePermit = ({ typeId, permitId }: Target) =>
  api.post<UserTypePermit>(
    `/user-types/${typeId}/visit-permits`,
    { permit_id: permitId },
    { handledByCaller: [409, 422] },
  );

export const setUserTypePermitStatus = ({ typeId, permitId, status }: Target & { status: AssignmentStatus }) =>
  api.put<UserTypePermit>(`/user-types/${typeId}/visit-permits/${permitId}/status`, { status });

export const unassignUserTypePermit = ({ typeId, permitId }: Target) =>
  api.delete<void>(`/user-types/${typeId}/visit-permits/${permitId}`);

function useInvalidating<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitPermitsRootKey }),
  });
}

export const useAssignUserTypePermit = () => useInvalidating(assignUserTypePermit);
export const useSetUserTypePermitStatus = () => useInvalidating(setUserTypePermitStatus);
export const useUnassignUserTypePermit = () => useInvalidating(unassignUserTypePermit);
