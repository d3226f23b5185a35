import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListVisitPermitsQuery, VisitPermit } from '@app/shared/visit-permits/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

export type VisitPermitsQuery = Omit<ListVisitPermitsQuery, 'simple'>;
export type VisitPermitsPage = { data: VisitPermit[]; count: number; timezone: string };

export const listVisitPermits = (query: VisitPermitsQuery, signal?: AbortSignal) =>
  api.get<VisitPermitsPage>('/visit-permits', { params: query, signal });

export const visitPermitsQueryOptions = (query: VisitPermitsQuery) =>
  queryOptions({
    queryKey: [...visitPermitsRootKey, 'list', query],
    // Also shows the people and user types each permit is given to: read again when they change (lib/data-tags.ts).
    meta: { reads: ['people', 'user-types'] },
    queryFn: ({ signal }) => listVisitPermits(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference, so the first page is asked for once. */
export const useVisitPermits = (query: VisitPermitsQuery, enabled: boolean) =>
  useQuery({ ...visitPermitsQueryOptions(query), enabled });
