import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard, DashboardQuery } from '@app/shared/visits/schemas';
import { api } from '@/lib/api-client';
import { visitsRootKey } from './visits-query-key';

// A place that is gone answers 404: the counts say they could not load rather than leave the page.
export const getDashboard = (query: DashboardQuery, signal?: AbortSignal) =>
  api.get<Dashboard>('/dashboard', { params: query, signal, handledByCaller: [404] });

export const dashboardQueryOptions = (query: DashboardQuery) =>
  queryOptions({
    queryKey: [...visitsRootKey, 'dashboard', query],
    // Counts per user type and place: read again when they change (lib/data-tags.ts).
    meta: { reads: ['sites', 'user-types'] },
    queryFn: ({ signal }) => getDashboard(query, signal),
    placeholderData: keepPreviousData,
  });

/** Today's counts; `enabled` waits until the place they follow is known. */
export const useDashboard = (query: DashboardQuery, enabled: boolean) =>
  useQuery({ ...dashboardQueryOptions(query), enabled });
