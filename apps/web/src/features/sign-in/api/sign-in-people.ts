import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInBody, VisitActionResult } from '@app/shared/visits/schemas';
import { api } from '@/lib/api-client';
import { visitQueryKeys } from './visit-query-keys';

// A refusal (422) names each person's fields: the form shows it in place, so the client leaves it alone.
export const signInPeople = ({ body, idempotencyKey }: { body: SignInBody; idempotencyKey: string }) =>
  api.post<VisitActionResult>('/visits/sign-in', body, {
    headers: { 'idempotency-key': idempotencyKey },
    handledByCaller: [404, 422],
  });

/** POST /visits/sign-in (spec /mass-action-apply-signin, /checkin_users, user_visiting). */
export const useSignInPeople = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInPeople,
    onSuccess: () => Promise.all(visitQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
