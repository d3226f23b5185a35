import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionPermissions } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';

export const sessionPermissionsKey = (sessionId: string) => ['emergency', 'session', sessionId, 'permissions'] as const;

/** Spec: check_have_premissions_to_emergency_session / _end_session, in one answer. */
export const getSessionPermissions = (sessionId: string, signal?: AbortSignal) =>
  api.get<SessionPermissions>(`/emergency/sessions/${encodeURIComponent(sessionId)}/permissions`, {
    signal,
    handledByCaller: [0],
  });

export const useSessionPermissions = (sessionId: string) =>
  useQuery(
    queryOptions({
      queryKey: sessionPermissionsKey(sessionId),
      queryFn: ({ signal }) => getSessionPermissions(sessionId, signal),
    }),
  );
