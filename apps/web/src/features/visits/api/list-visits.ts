import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListVisitsParams, VisitList } from '@app/shared/visits/schemas';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';
import { visitsRootKey } from './visits-query-key';

export const listVisits = (query: ListVisitsParams, signal?: AbortSignal) =>
  api.get<VisitList>('/visits', { params: query, signal });

const visitListKey = [...visitsRootKey, 'list'] as const;

export const visitsQueryOptions = (query: ListVisitsParams) =>
  queryOptions({
    queryKey: [...visitListKey, query],
    // Also shows the people, places, user types and journey stages of the visits: read again when they change (lib/data-tags.ts).
    meta: { reads: ['people', 'sites', 'user-types', 'journeys'] },
    queryFn: ({ signal }) => listVisits(query, signal),
    placeholderData: keepPreviousData,
  });

/**
 * `enabled` waits for the grid's saved preference, so the first page is asked for once. A page after
 * one already read follows its cursor.
 */
export const useVisits = (query: ListVisitsParams, enabled: boolean) =>
  useQuery({ ...visitsQueryOptions(useKeysetQuery(visitListKey, query)), enabled });
