import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FaceSettings } from '@app/shared/people/faces';
import { api } from '@/lib/api-client';

// The company's face sign-in (decision 050): off by default; its match threshold and gap. Any member may
// read it (the company page sets it; the people list and the person drawer follow it).

export const faceSettingsQueryKey = ['company', 'face-settings'] as const;

export const useFaceSettings = () =>
  useQuery(
    queryOptions({
      queryKey: faceSettingsQueryKey,
      queryFn: ({ signal }) => api.get<FaceSettings>('/face-settings', { signal }),
    }),
  );

export const useUpdateFaceSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FaceSettings) => api.put<FaceSettings>('/face-settings', body, { handledByCaller: [400, 422] }),
    onSuccess: (saved) => queryClient.setQueryData(faceSettingsQueryKey, saved),
  });
};

/** Whether the company has face sign-in on. */
export const useFaceSignInOn = (): boolean => useFaceSettings().data?.enabled === true;
