import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteTree } from '@app/shared/sites/schemas';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

export const getSiteTree = (signal?: AbortSignal) => api.get<SiteTree>('/sites/tree', { signal });

export const siteTreeQueryKey = [...sitesRootKey, 'tree'] as const;

export const siteTreeQueryOptions = () =>
  queryOptions({ queryKey: siteTreeQueryKey, queryFn: ({ signal }) => getSiteTree(signal) });

export const useSiteTree = () => useQuery(siteTreeQueryOptions());
