import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AreasWithSession } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';
import { areasWithSessionKey } from './emergency-query-keys';

/** GET /areas_with_session/{entityId}: the areas a running session covers (a new one cannot). */
export const getAreasWithSession = (signal?: AbortSignal) =>
  api.get<AreasWithSession>('/emergency/areas-with-session', { signal });

export const areasWithSessionQueryOptions = () =>
  queryOptions({
    queryKey: areasWithSessionKey,
    queryFn: ({ signal }) => getAreasWithSession(signal),
    select: (answer) => answer.areas,
  });

export const useAreasWithSession = (enabled = true) => useQuery({ ...areasWithSessionQueryOptions(), enabled });
