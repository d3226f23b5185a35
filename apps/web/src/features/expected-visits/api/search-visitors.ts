import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { VISITOR_SEARCH_MIN, type ExpectedVisitPersonOption } from '@app/shared/expected-visits/form-options';
import { api } from '@/lib/api-client';
import { expectedVisitsRootKey } from './expected-visits-query-key';

export const searchVisitors = (query: string, signal?: AbortSignal) =>
  api.post<{ data: ExpectedVisitPersonOption[] }>('/expected-visits/people/search', { query }, { signal });

/** The active people the admin may expect, by name, email, phone or company, from two characters on. */
export const useVisitorSearch = (query: string) =>
  useQuery({
    queryKey: [...expectedVisitsRootKey, 'people', query],
    queryFn: ({ signal }) => searchVisitors(query, signal),
    enabled: query.length >= VISITOR_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
