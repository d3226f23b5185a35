import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicFaceState } from '@app/shared/people/faces';
import { api } from '@/lib/api-client';
import { preRegistrationRootKey } from './pre-registration-query-key';

// The visitor's own face sign-in consent on their visit's link (decision 050).
const faceUrl = (token: string) => `/public/visits/${encodeURIComponent(token)}/face`;
const consentUrl = (token: string) => `/public/visits/${encodeURIComponent(token)}/face-consent`;

export const visitFaceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...preRegistrationRootKey, 'face', token],
    queryFn: ({ signal }) => api.get<PublicFaceState>(faceUrl(token), { handleErrors: false, signal }),
    staleTime: 0,
  });

export const useVisitFace = (token: string) => useQuery({ ...visitFaceQueryOptions(token), enabled: token !== '' });

/** Gives (true) or withdraws (false) the visitor's consent; the answer is the new state. */
export function useSetVisitFaceConsent(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (give: boolean) =>
      give ? api.put<PublicFaceState>(consentUrl(token), {}) : api.delete<PublicFaceState>(consentUrl(token)),
    onSuccess: (state) => queryClient.setQueryData(visitFaceQueryOptions(token).queryKey, state),
  });
}
