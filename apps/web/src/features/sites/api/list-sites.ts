import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSitesQuery, Site } from '@app/shared/sites/schemas';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

export type SitesQuery = Pick<ListSitesQuery, 'page' | 'limit' | 'search' | 'sortField' | 'orderBy'>;

export const listSites = (query: SitesQuery, signal?: AbortSignal) =>
  api.get<{ data: Site[]; count: number }>('/sites', { params: query, signal });

export const sitesListQueryKey = [...sitesRootKey, 'list'] as const;

export const sitesQueryOptions = (query: SitesQuery) =>
  queryOptions({
    queryKey: [...sitesListQueryKey, query],
    queryFn: ({ signal }) => listSites(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference, so the first page is asked for once. */
export const useSites = (query: SitesQuery, enabled: boolean) => useQuery({ ...sitesQueryOptions(query), enabled });
