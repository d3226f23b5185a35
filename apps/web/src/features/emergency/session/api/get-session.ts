import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionDetail } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';
import { readLastRoll } from '../utils/mark-queue';
import { mergeEntries } from '../utils/roll';

export const sessionQueryKey = (sessionId: string) => ['emergency', 'session', sessionId] as const;

export const getSession = (sessionId: string, signal?: AbortSignal) =>
  api.get<SessionDetail>(`/emergency/sessions/${encodeURIComponent(sessionId)}`, {
    signal,
    // Without a connection the page shows the roll it last had and says it is offline: no toast.
    handledByCaller: [0],
  });

/**
 * A session read again keeps the entries already on screen that are newer (a warden's mark that
 * arrived by the socket while the read was under way).
 */
function keepNewer(queryClient: QueryClient, sessionId: string, fresh: SessionDetail): SessionDetail {
  const shown = queryClient.getQueryData<SessionDetail>(sessionQueryKey(sessionId));
  if (!shown) return fresh;
  const roll = mergeEntries(
    fresh.roll,
    shown.roll.filter((entry) => fresh.roll.some((f) => f.id === entry.id)),
  );
  return { ...fresh, roll };
}

export const sessionQueryOptions = (queryClient: QueryClient, sessionId: string) =>
  queryOptions({
    queryKey: sessionQueryKey(sessionId),
    queryFn: async ({ signal }) => keepNewer(queryClient, sessionId, await getSession(sessionId, signal)),
    // The roll this browser last showed, at once (and while offline), until the server answers.
    initialData: () => readLastRoll(sessionId)?.detail,
    initialDataUpdatedAt: () => readLastRoll(sessionId)?.saved_at,
    staleTime: 0,
  });

export const useEmergencySession = (sessionId: string) => useQuery(sessionQueryOptions(useQueryClient(), sessionId));
