import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpectedVisitOptions } from '@app/shared/expected-visits/form-options';
import { api } from '@/lib/api-client';
import { expectedVisitsRootKey } from './expected-visits-query-key';

export const getExpectedVisitOptions = (signal?: AbortSignal) =>
  api.get<ExpectedVisitOptions>('/expected-visits/options', { signal });

export const expectedVisitOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...expectedVisitsRootKey, 'options'],
    queryFn: ({ signal }) => getExpectedVisitOptions(signal),
  });

/** The company's time zone, its sites with active areas and its user types, as far as the caller's scope reaches. */
export const useExpectedVisitOptions = () => useQuery(expectedVisitOptionsQueryOptions());
