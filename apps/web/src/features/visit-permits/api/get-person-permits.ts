import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonPermits } from '@app/shared/visit-permits/schemas';
import { api } from '@/lib/api-client';
import { visitPermitsRootKey } from './visit-permits-query-key';

/** Spec "GET /users/{id}/visit-permits": the person and every permit that applies to them. */
export const getPersonPermits = (personId: string, signal?: AbortSignal) =>
  api.get<PersonPermits>(`/people/${personId}/visit-permits`, { signal });

export const personPermitsQueryOptions = (personId: string) =>
  queryOptions({
    queryKey: [...visitPermitsRootKey, 'person', personId],
    queryFn: ({ signal }) => getPersonPermits(personId, signal),
  });

export const usePersonPermits = (personId: string) => useQuery(personPermitsQueryOptions(personId));
