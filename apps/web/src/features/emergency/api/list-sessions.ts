import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionsList, SessionsQuery } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';
import { sessionsListKey } from './emergency-query-keys';

export type SessionsParams = SessionsQuery & { page: number; limit: number };

/** GET /emergencies/{entityId}: the sessions the reader may join, newest first. */
export const listSessions = (query: SessionsParams, signal?: AbortSignal) =>
  api.get<SessionsList>('/emergency/sessions', { params: query, signal });

export const sessionsQueryOptions = (query: SessionsParams) =>
  queryOptions({
    queryKey: [...sessionsListKey, query],
    queryFn: ({ signal }) => listSessions(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference; a page after one already read follows its cursor. */
export const useSessions = (query: SessionsParams, enabled: boolean) =>
  useQuery({ ...sessionsQueryOptions(useKeysetQuery(sessionsListKey, query)), enabled });
