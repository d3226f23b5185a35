import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryVisit } from '@app/shared/reports/history';
import { api } from '@/lib/api-client';
import { historyRootKey } from './list-history';

export const getHistoryVisit = (visitId: string, signal?: AbortSignal) =>
  api.get<HistoryVisit>(`/reports/history/${visitId}`, { signal });

export const historyVisitQueryOptions = (visitId: string) =>
  queryOptions({
    queryKey: [...historyRootKey, 'visit', visitId],
    queryFn: ({ signal }) => getHistoryVisit(visitId, signal),
  });

/** One visit's whole story, while `visitId` is given. */
export const useHistoryVisit = (visitId: string | null) =>
  useQuery({ ...historyVisitQueryOptions(visitId ?? ''), enabled: visitId !== null });
