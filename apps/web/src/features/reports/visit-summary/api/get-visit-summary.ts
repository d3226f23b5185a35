import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitSummary, VisitSummaryOptions, VisitSummaryQuery } from '@app/shared/reports/visit-summary';
import { api } from '@/lib/api-client';

// Under the visits root: a change to any visit reads the summary again (lib/data-tags.ts).
export const visitSummaryRootKey = ['visits', 'visit-summary'] as const;

export const getVisitSummary = (query: VisitSummaryQuery, signal?: AbortSignal) =>
  api.get<VisitSummary>('/reports/visit-summary', { params: query, signal });

export const visitSummaryQueryOptions = (query: VisitSummaryQuery) =>
  queryOptions({
    queryKey: [...visitSummaryRootKey, 'figures', query],
    // Shows places, user types and reasons by name: read again when they change (lib/data-tags.ts).
    meta: { reads: ['sites', 'user-types', 'attendance'] },
    queryFn: ({ signal }) => getVisitSummary(query, signal),
    placeholderData: keepPreviousData,
  });

export const useVisitSummary = (query: VisitSummaryQuery) => useQuery(visitSummaryQueryOptions(query));

export const getVisitSummaryOptions = (signal?: AbortSignal) =>
  api.get<VisitSummaryOptions>('/reports/visit-summary/options', { signal });

export const visitSummaryOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...visitSummaryRootKey, 'options'],
    meta: { reads: ['sites', 'user-types'] },
    queryFn: ({ signal }) => getVisitSummaryOptions(signal),
    staleTime: 60_000,
  });

export const useVisitSummaryOptions = () => useQuery(visitSummaryOptionsQueryOptions());
