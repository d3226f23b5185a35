import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JourneyKiosk } from '@app/shared/journeys/schemas';
import { api } from '@/lib/api-client';
import { journeysRootKey } from './journeys-query-key';

export const useJourneyKiosks = (journeyId: string) =>
  useQuery({
    queryKey: [...journeysRootKey, 'kiosks', journeyId],
    queryFn: ({ signal }) => api.get<{ data: JourneyKiosk[] }>(`/journeys/${journeyId}/kiosks`, { signal }),
  });

export const assignKiosks = ({ journeyId, kioskIds }: { journeyId: string; kioskIds: string[] }) =>
  api.put<{ data: JourneyKiosk[] }>(`/journeys/${journeyId}/kiosks`, { kiosk_ids: kioskIds });

export const releaseKiosk = ({ journeyId, kioskId }: { journeyId: string; kioskId: string }) =>
  api.delete<void>(`/journeys/${journeyId}/kiosks/${kioskId}`);

export const useAssignKiosks = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignKiosks,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journeysRootKey }),
  });
};

export const useReleaseKiosk = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseKiosk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journeysRootKey }),
  });
};
