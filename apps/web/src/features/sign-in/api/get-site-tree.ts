import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteTree } from '@app/shared/sites/schemas';
import { api } from '@/lib/api-client';

export const getSiteTree = (signal?: AbortSignal) => api.get<SiteTree>('/sites/tree', { signal });

// The same cache entry as the sites screen's tree, which refreshes it when sites change.
export const siteTreeQueryOptions = () =>
  queryOptions({ queryKey: ['sites', 'tree'], queryFn: ({ signal }) => getSiteTree(signal) });

/** The site → area tree the area choice is made from. */
export const useSiteTree = () => useQuery(siteTreeQueryOptions());
