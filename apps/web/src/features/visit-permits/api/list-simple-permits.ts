import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimpleVisitPermit } from '@app/shared/visit-permits/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

/** Every permit of the company, compact, by name: for the "assign a permit" pickers. */
export const listSimplePermits = (signal?: AbortSignal) =>
  api.get<{ data: SimpleVisitPermit[]; count: number; timezone: string }>('/visit-permits', {
    params: { simple: '1' },
    signal,
  });

export const simplePermitsQueryOptions = () =>
  queryOptions({
    queryKey: [...visitPermitsRootKey, 'simple'],
    queryFn: ({ signal }) => listSimplePermits(signal),
  });

export const useSimplePermits = () => useQuery(simplePermitsQueryOptions());
