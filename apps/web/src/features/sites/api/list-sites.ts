import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSitesQuery, Site } from '@app/shared/sites/schemas';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

export type SitesQuery = Pick<ListSitesQuery, 'page' | 'limit' | 'sortField' | 'orderBy'> & { search: string };

export const listSites = (query: SitesQuery, signal?: AbortSignal) =>
  api.get<{ data: Site[]; count: number }>('/sites', {
    params: {
      page: query.page,
      limit: query.limit,
      sortField: query.sortField,
      orderBy: query.orderBy,
      ...(query.search ? { search: query.search } : {}),
    },
    signal,
  });

export const sitesListQueryKey = [...sitesRootKey, 'list'] as const;

export const sitesQueryOptions = (query: SitesQuery) =>
  queryOptions({
    queryKey: [...sitesListQueryKey, query],
    queryFn: ({ signal }) => listSites(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference, so the first page is asked for once. */
export const useSites = (query: SitesQuery, enabled: boolean) => useQuery({ ...sitesQueryOptions(query), enabled });
