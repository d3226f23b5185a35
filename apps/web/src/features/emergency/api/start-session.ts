import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionDetail, StartSessionInput } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';
import { refreshSessionQueries } from './emergency-query-keys';

// The form shows the refusals that name its fields (nothing to cover, areas already in a session).
export const startSession = (body: StartSessionInput) =>
  api.post<SessionDetail>('/emergency/sessions', body, { handledByCaller: [409, 422] });

/** POST /start_emergency; starting refreshes the sessions, the areas with a session and the active ones. */
export const useStartSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSession,
    onSuccess: () => refreshSessionQueries(queryClient),
  });
};
