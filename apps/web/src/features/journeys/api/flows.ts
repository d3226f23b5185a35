import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateFlowsBodyInput,
  Flow,
  JourneyUserTypeOption,
  UpdateFlowBodyInput,
} from '@app/shared/journeys/schemas';
import { api } from '@/lib/api-client';
import { journeysRootKey } from './journeys-query-key';

export const journeyFlowsQueryKey = (journeyId: string) => [...journeysRootKey, 'flows', journeyId] as const;

export const useJourneyFlows = (journeyId: string | undefined) =>
  useQuery({
    queryKey: journeyFlowsQueryKey(journeyId ?? ''),
    queryFn: ({ signal }) => api.get<{ data: Flow[] }>(`/journeys/${journeyId}/flows`, { signal }),
    enabled: Boolean(journeyId),
  });

export const flowQueryOptions = (flowId: string) =>
  queryOptions({
    queryKey: [...journeysRootKey, 'flow', flowId],
    queryFn: ({ signal }) => api.get<Flow>(`/journey-flows/${flowId}`, { signal }),
  });

export const useFlow = (flowId: string | undefined) =>
  useQuery({ ...flowQueryOptions(flowId ?? ''), enabled: Boolean(flowId) });

/** The company's user types, and whether each may get a flow in the journey (`flowId`: the one edited). */
export const useJourneyUserTypes = (journeyId: string | undefined, flowId?: string) =>
  useQuery({
    queryKey: [...journeysRootKey, 'user-types', journeyId ?? '', flowId ?? null],
    queryFn: ({ signal }) =>
      api.get<{ data: JourneyUserTypeOption[] }>(`/journeys/${journeyId}/user-types`, {
        params: { journey_flow_id: flowId },
        signal,
      }),
    enabled: Boolean(journeyId),
  });

// Refused settings (400, 422) and a type already in the journey (409) are shown on their fields;
// a compliance deleted meanwhile (404) too, rather than leaving the editor.
const handled = { handledByCaller: [400, 404, 409, 422] } as const;

export const createFlows = ({ journeyId, body }: { journeyId: string; body: CreateFlowsBodyInput }) =>
  api.post<{ data: Flow[] }>(`/journeys/${journeyId}/flows`, body, handled);

export const updateFlow = ({ flowId, body }: { flowId: string; body: UpdateFlowBodyInput }) =>
  api.put<Flow>(`/journey-flows/${flowId}`, body, handled);

export const deleteFlow = (flowId: string) => api.delete<void>(`/journey-flows/${flowId}`);

function useFlowMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: journeysRootKey }) });
}

export const useCreateFlows = () => useFlowMutation(createFlows);
export const useUpdateFlow = () => useFlowMutation(updateFlow);
export const useDeleteFlow = () => useFlowMutation(deleteFlow);
