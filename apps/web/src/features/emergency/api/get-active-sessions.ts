import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionSummary } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';
import { activeSessionsKey } from './emergency-query-keys';

/** GET /check_active_sessions/{entityId}: the running sessions the reader may join. */
export const getActiveSessions = (signal?: AbortSignal) =>
  api.get<{ data: SessionSummary[] }>('/emergency/sessions/active', { signal });

export const activeSessionsQueryOptions = () =>
  queryOptions({
    queryKey: activeSessionsKey,
    queryFn: ({ signal }) => getActiveSessions(signal),
    select: (answer) => answer.data,
  });

export const useActiveSessions = () => useQuery(activeSessionsQueryOptions());
