import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LogbookFilterOptions } from '@app/shared/visits/schemas';
import { api } from '@/lib/api-client';

export const getFilterOptions = (signal?: AbortSignal) =>
  api.get<LogbookFilterOptions>('/visits/filter-options', { signal });

export const filterOptionsQueryOptions = () =>
  queryOptions({
    // Outside the visits key: visits changing (the live refresh) does not change them.
    queryKey: ['visit-filter-options'],
    // The sites, areas and user types to filter by: read again when they change (lib/data-tags.ts).
    meta: { reads: ['sites', 'user-types'] },
    queryFn: ({ signal }) => getFilterOptions(signal),
    staleTime: 5 * 60_000,
  });

/** The sites (with areas) and user types the logbook can be filtered by, within the caller's scope. */
export const useFilterOptions = () => useQuery(filterOptionsQueryOptions());
