import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Journey, ListJourneysQuery } from '@app/shared/journeys/schemas';
import { api } from '@/lib/api-client';
import { journeysRootKey } from './journeys-query-key';

export type JourneysQuery = Pick<ListJourneysQuery, 'page' | 'limit' | 'sortField' | 'orderBy'> & {
  search?: string;
  site_id?: string;
};

export const listJourneys = (query: JourneysQuery, signal?: AbortSignal) =>
  api.get<{ data: Journey[]; count: number }>('/journeys', { params: query, signal });

export const journeysQueryOptions = (query: JourneysQuery) =>
  queryOptions({
    queryKey: [...journeysRootKey, 'list', query],
    // Also shows its sites, user types and what its flows ask: read again when they change (lib/data-tags.ts).
    meta: { reads: ['sites', 'user-types', 'compliances', 'attendance'] },
    queryFn: ({ signal }) => listJourneys(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference, so the first page is asked for once. */
export const useJourneys = (query: JourneysQuery, enabled = true) =>
  useQuery({ ...journeysQueryOptions(query), enabled });
