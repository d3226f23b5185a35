import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignOutBody, VisitActionResult } from '@app/shared/visits/schemas';
import { api } from '@/lib/api-client';
import { visitQueryKeys } from './visit-query-keys';

export const signOutVisits = (body: SignOutBody) =>
  api.post<VisitActionResult>('/visits/sign-out', body, { handledByCaller: [404, 422] });

/** POST /visits/sign-out (spec /user_action): visits or people on site, with an early sign-out reason. */
export const useSignOutVisits = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutVisits,
    onSuccess: () => Promise.all(visitQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
