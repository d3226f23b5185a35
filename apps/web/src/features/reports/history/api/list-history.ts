import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryList, HistoryParams } from '@app/shared/reports/history';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';

// Under the visits root: a change to any visit reads the report again (lib/data-tags.ts).
export const historyRootKey = ['visits', 'history'] as const;
const historyListKey = [...historyRootKey, 'list'] as const;

export const listHistory = (query: HistoryParams, signal?: AbortSignal) =>
  api.get<HistoryList>('/reports/history', { params: query, signal });

export const historyQueryOptions = (query: HistoryParams) =>
  queryOptions({
    queryKey: [...historyListKey, query],
    // Shows people, places, user types and reasons by name: read again when they change (lib/data-tags.ts).
    meta: { reads: ['people', 'sites', 'user-types', 'attendance'] },
    queryFn: ({ signal }) => listHistory(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference; a page after one already read follows its cursor. */
export const useHistory = (query: HistoryParams, enabled: boolean) =>
  useQuery({
    ...historyQueryOptions(useKeysetQuery(historyListKey, query)),
    enabled,
  });
