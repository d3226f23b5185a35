import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionDetail, SessionSummary } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from './get-session';

/** Spec PUT /end_emergency/{id}. A refusal naming the blocking areas is shown in the confirmation itself. */
export const endSession = (sessionId: string) =>
  api.post<SessionSummary>(`/emergency/sessions/${encodeURIComponent(sessionId)}/end`, undefined, {
    handledByCaller: [422],
  });

export const useEndSession = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endSession(sessionId),
    onSuccess: (session) => {
      queryClient.setQueryData<SessionDetail>(sessionQueryKey(sessionId), (detail) =>
        detail ? { ...detail, session } : detail,
      );
      // The sessions lists and the active sessions show it ended.
      void queryClient.invalidateQueries({ queryKey: ['emergency'], refetchType: 'active' });
    },
  });
};
