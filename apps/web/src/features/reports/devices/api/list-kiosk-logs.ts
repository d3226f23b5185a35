import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { KioskLogsList, KioskLogsQuery } from '@app/shared/reports/kiosk-logs';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';

// Under the sites root: a kiosk added, moved or changed anywhere reads the logs again.
export const kioskLogsKey = ['sites', 'kiosk-logs'] as const;

export type KioskLogsParams = Partial<Omit<KioskLogsQuery, 'page' | 'limit'>> & { page: number; limit: number };

export const listKioskLogs = (query: KioskLogsParams, signal?: AbortSignal) =>
  api.get<KioskLogsList>('/reports/kiosk-logs', { params: query, signal });

export const kioskLogsQueryOptions = (query: KioskLogsParams) =>
  queryOptions({
    queryKey: [...kioskLogsKey, query],
    meta: { reads: ['people', 'visits'] },
    queryFn: ({ signal }) => listKioskLogs(query, signal),
    placeholderData: keepPreviousData,
  });

export const useKioskLogs = (query: KioskLogsParams, enabled: boolean) =>
  useQuery({ ...kioskLogsQueryOptions(useKeysetQuery(kioskLogsKey, query)), enabled });
