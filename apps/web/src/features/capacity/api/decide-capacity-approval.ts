import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CapacityApproval, CapacityDecisionBody } from '@app/shared/capacity/schemas';
import { api } from '@/lib/api-client';
import { occupancyRootKey } from './capacity-query-keys';

// A request decided meanwhile (422) or gone (404) is said by the caller, and the list is read again.
export const decideCapacityApproval = ({ id, decision }: { id: string } & CapacityDecisionBody) =>
  api.post<CapacityApproval>(`/capacity/approvals/${id}/decision`, { decision }, { handledByCaller: [404, 422] });

type DecideCallbacks = { onDecided: (approval: CapacityApproval) => void; onFailed: (error: Error) => void };

/**
 * Decides a request. The callbacks are the mutation's own, so they run even once the decided row (or the
 * whole list, its last request decided) is gone; then the waiting list and its count are read again.
 */
export const useDecideCapacityApproval = ({ onDecided, onFailed }: DecideCallbacks) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCapacityApproval,
    onSuccess: onDecided,
    onError: onFailed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: occupancyRootKey }),
  });
};
