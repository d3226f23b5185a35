import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { integrationsRootKey } from './integration-query-keys';

export type SiteOption = { id: string; name: string };

/** The sites the caller may give an integration (their own), by name. */
export const listSiteOptions = (signal?: AbortSignal) =>
  api.get<{ data: SiteOption[]; count: number }>('/sites', {
    params: { limit: 500, sortField: 'name', orderBy: 'asc' },
    signal,
    // An admin of integrations without access to the sites list sees the settings fail in place.
    handledByCaller: [403],
  });

export const siteOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...integrationsRootKey, 'site-options'],
    // Shows the company's sites: read again when they change (lib/data-tags.ts).
    meta: { reads: ['sites'] },
    queryFn: ({ signal }) => listSiteOptions(signal),
    select: (answer) => answer.data,
  });

export const useSiteOptions = () => useQuery(siteOptionsQueryOptions());
