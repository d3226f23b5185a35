import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PresenceOptions } from '@app/shared/reports/presence';
import { api } from '@/lib/api-client';

export const getPresenceOptions = (signal?: AbortSignal) =>
  api.get<PresenceOptions>('/reports/presence/options', { signal });

export const presenceOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['sites', 'presence-options'],
    meta: { reads: ['user-types'] },
    queryFn: ({ signal }) => getPresenceOptions(signal),
    staleTime: 5 * 60_000,
  });

/** The sites and user types within the reader's scope, the company's time zone and today. */
export const usePresenceOptions = () => useQuery(presenceOptionsQueryOptions());
