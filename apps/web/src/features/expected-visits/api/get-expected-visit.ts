import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpectedVisit } from '@app/shared/expected-visits/schemas';
import { api } from '@/lib/api-client';
import { expectedVisitsRootKey } from './expected-visits-query-key';

export const getExpectedVisit = (id: string, signal?: AbortSignal) =>
  api.get<ExpectedVisit>(`/expected-visits/${encodeURIComponent(id)}`, { signal });

export const expectedVisitQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...expectedVisitsRootKey, 'one', id],
    // Also shows the visit's state and person: read again when they change (lib/data-tags.ts).
    meta: { reads: ['visits', 'people'] },
    queryFn: ({ signal }) => getExpectedVisit(id, signal),
    // Opened to be changed: always as it is now.
    staleTime: 0,
  });

/** One expected visit; nothing is asked for without an id. */
export const useExpectedVisit = (id: string | null) =>
  useQuery({ ...expectedVisitQueryOptions(id ?? ''), enabled: id !== null });
