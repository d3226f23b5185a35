import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrintQueueList, PrintQueueQuery, PrintQueueRow } from '@app/shared/reports/print-queue';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';

// Under the visits root: a badge printed from the logbook, or a visit changed, reads the queue again.
export const printQueueKey = ['visits', 'print-queue'] as const;

export type PrintQueueParams = Partial<Omit<PrintQueueQuery, 'page' | 'limit'>> & { page: number; limit: number };

export const listPrintQueue = (query: PrintQueueParams, signal?: AbortSignal) =>
  api.get<PrintQueueList>('/reports/print-queue', { params: query, signal });

export const printQueueQueryOptions = (query: PrintQueueParams) =>
  queryOptions({
    queryKey: [...printQueueKey, query],
    meta: { reads: ['people', 'sites', 'user-types'] },
    queryFn: ({ signal }) => listPrintQueue(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference; a page after one already read follows its cursor. */
export const usePrintQueue = (query: PrintQueueParams, enabled: boolean) =>
  useQuery({ ...printQueueQueryOptions(useKeysetQuery(printQueueKey, query)), enabled });

const changePrint = (id: string, action: 'cancel' | 'reprint') =>
  api.post<PrintQueueRow>(`/badge-prints/${encodeURIComponent(id)}/${action}`);

/** Cancels a queued print or sends a badge to print again; the queue is read again either way. */
export const useChangePrint = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'cancel' | 'reprint' }) => changePrint(id, action),
    onSettled: () => client.invalidateQueries({ queryKey: printQueueKey }),
  });
};
