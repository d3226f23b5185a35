import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryOptions } from '@app/shared/reports/history';
import { api } from '@/lib/api-client';
import { historyRootKey } from './list-history';

export const getHistoryOptions = (signal?: AbortSignal) =>
  api.get<HistoryOptions>('/reports/history/options', { signal });

export const historyOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...historyRootKey, 'options'],
    meta: { reads: ['sites', 'user-types', 'attendance', 'custom-fields'] },
    queryFn: ({ signal }) => getHistoryOptions(signal),
    staleTime: 60_000,
  });

export const useHistoryOptions = () => useQuery(historyOptionsQueryOptions());
