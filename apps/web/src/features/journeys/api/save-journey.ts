import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Journey, JourneyBodyInput } from '@app/shared/journeys/schemas';
import { api } from '@/lib/api-client';
import { journeyQueryKey } from './get-journey';
import { journeysRootKey } from './journeys-query-key';

// A taken name (409) and a broken rule (422: touch mode, sites with kiosks) are shown on their fields.
const handled = { handledByCaller: [409, 422] } as const;

export const createJourney = (body: JourneyBodyInput) => api.post<Journey>('/journeys', body, handled);

export const updateJourney = ({ id, body }: { id: string; body: JourneyBodyInput }) =>
  api.put<Journey>(`/journeys/${id}`, body, handled);

export const uploadJourneyLogo = ({ id, file }: { id: string; file: File }) => {
  const body = new FormData();
  body.append('file', file);
  return api.upload<Journey>(`/journeys/${id}/logo`, body, 'PUT', { handledByCaller: [413, 422] });
};

export const deleteJourneyLogo = (id: string) => api.delete<Journey>(`/journeys/${id}/logo`);

export const deleteJourney = (id: string) => api.delete<void>(`/journeys/${id}`);

function useJourneyMutation<TVars>(mutationFn: (vars: TVars) => Promise<Journey>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (journey) => {
      queryClient.setQueryData(journeyQueryKey(journey.id), journey);
      await queryClient.invalidateQueries({ queryKey: journeysRootKey });
    },
  });
}

export const useCreateJourney = () => useJourneyMutation(createJourney);
export const useUpdateJourney = () => useJourneyMutation(updateJourney);
export const useUploadJourneyLogo = () => useJourneyMutation(uploadJourneyLogo);
export const useDeleteJourneyLogo = () => useJourneyMutation(deleteJourneyLogo);

export const useDeleteJourney = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJourney,
    onSuccess: (_done, id) => {
      queryClient.removeQueries({ queryKey: journeyQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: journeysRootKey });
    },
  });
};
