import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FaceState } from '@app/shared/people/faces';
import { api } from '@/lib/api-client';

// A person's face sign-in (decision 050): the consent, whether a face ID exists, the last failure.

export const personFaceQueryOptions = (personId: string) =>
  queryOptions({
    queryKey: ['people', personId, 'face'],
    queryFn: ({ signal }) => api.get<FaceState>(`/people/${encodeURIComponent(personId)}/face`, { signal }),
    staleTime: 0,
  });

/** While a consenting person's face ID is being made from their photo (a job), asked again every 2 s. */
const making = (state: FaceState | undefined, hasPhoto: boolean) =>
  Boolean(hasPhoto && state?.offered && state.consent && !state.face_id_since && !state.last_error);

export const usePersonFace = (personId: string, hasPhoto: boolean) =>
  useQuery({
    ...personFaceQueryOptions(personId),
    refetchInterval: (query) => (making(query.state.data, hasPhoto) ? 2_000 : false),
  });

type FaceAction = 'record_consent' | 'withdraw_consent' | 'generate';

const call = (personId: string, action: FaceAction) => {
  const base = `/people/${encodeURIComponent(personId)}`;
  if (action === 'record_consent') return api.put<FaceState>(`${base}/face-consent`, { source: 'paper' });
  if (action === 'withdraw_consent') return api.delete<FaceState>(`${base}/face-consent`);
  return api.post<FaceState>(`${base}/face-id`, {});
};

/** Records a paper consent, withdraws consent, or makes the face ID: the answer is the new state. */
export function usePersonFaceAction(personId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: FaceAction) => call(personId, action),
    onSuccess: (state) => queryClient.setQueryData(personFaceQueryOptions(personId).queryKey, state),
    // A photo the model refused is kept as the person's last error: read the state again to show it.
    onError: () => queryClient.invalidateQueries({ queryKey: personFaceQueryOptions(personId).queryKey }),
  });
}
