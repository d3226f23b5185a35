import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

export type SiteOption = { id: string; name: string };

/** The sites the caller manages, by name, for the checker's site picker. */
export const listSiteOptions = (signal?: AbortSignal) =>
  api.get<{ data: SiteOption[]; count: number }>('/sites', {
    params: { limit: 500, sortField: 'name', orderBy: 'asc' },
    signal,
    handledByCaller: [403],
  });

export const siteOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...visitPermitsRootKey, 'site-options'],
    queryFn: ({ signal }) => listSiteOptions(signal),
  });

export const useSiteOptions = (enabled = true) => useQuery({ ...siteOptionsQueryOptions(), enabled });
