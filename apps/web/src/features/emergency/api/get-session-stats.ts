import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionStats } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';
import { sessionStatsKey } from './emergency-query-keys';

/** Drills and real emergencies counted apart. */
export const getSessionStats = (signal?: AbortSignal) => api.get<SessionStats>('/emergency/sessions/stats', { signal });

export const sessionStatsQueryOptions = () =>
  queryOptions({
    queryKey: sessionStatsKey,
    queryFn: ({ signal }) => getSessionStats(signal),
  });

export const useSessionStats = () => useQuery(sessionStatsQueryOptions());
