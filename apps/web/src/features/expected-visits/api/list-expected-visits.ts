import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitList, VisitSortField } from '@app/shared/visits/schemas';
import type { JourneyStage } from '@app/shared/visits/stages';
import { api } from '@/lib/api-client';
import { expectedVisitsRootKey } from './expected-visits-query-key';

export type ExpectedVisitsQuery = {
  state: 'expected';
  page?: number;
  limit?: number;
  search?: string;
  sortField?: VisitSortField;
  orderBy?: 'asc' | 'desc';
  /** First and last day (YYYY-MM-DD on the company's clock), both included. */
  from?: string;
  to?: string;
  stage?: JourneyStage;
};

/** The dashboard's list of visits, narrowed to those still expected (spec /add-expected-visitors). */
export const listExpectedVisits = (query: ExpectedVisitsQuery, signal?: AbortSignal) =>
  api.get<VisitList>('/visits', { params: query, signal });

export const expectedVisitsQueryOptions = (query: ExpectedVisitsQuery) =>
  queryOptions({
    queryKey: [...expectedVisitsRootKey, 'list', query],
    // Also shows the visits' states, people, places and user types: read again when they change (lib/data-tags.ts).
    meta: { reads: ['visits', 'people', 'sites', 'user-types'] },
    queryFn: ({ signal }) => listExpectedVisits(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference and the company's clock, so the first page is asked for once. */
export const useExpectedVisits = (query: ExpectedVisitsQuery | null) =>
  useQuery({
    ...expectedVisitsQueryOptions(query ?? { state: 'expected' }),
    enabled: query !== null,
  });
