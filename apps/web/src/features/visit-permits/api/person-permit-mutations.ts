// A person's own assignments: give a permit, set its status (which can suspend a permit the person has
// through a user type for them alone), take it away.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignmentStatus, PersonPermit } from '@app/shared/visit-permits/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

type Target = { personId: string; permitId: string };

// Already given (409) or refused (422: archived person, unknown permit): shown beside the picker.
export const assignPersonPermit = ({ personId, permitId }: Target) =>
  api.post<PersonPermit>(`/people/${personId}/visit-permits`, { permit_id: permitId }, { handledByCaller: [409, 422] });

export const setPersonPermitStatus = ({ personId, permitId, status }: Target & { status: AssignmentStatus }) =>
  api.put<PersonPermit>(`/people/${personId}/visit-permits/${permitId}/status`, { status });

export const unassignPersonPermit = ({ personId, permitId }: Target) =>
  api.delete<void>(`/people/${personId}/visit-permits/${permitId}`);

function useInvalidating<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitPermitsRootKey }),
  });
}

export const useAssignPersonPermit = () => useInvalidating(assignPersonPermit);
export const useSetPersonPermitStatus = () => useInvalidating(setPersonPermitStatus);
export const useUnassignPersonPermit = () => useInvalidating(unassignPersonPermit);
