import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Person } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

// The form explains a person who is gone (deleted meanwhile) itself, rather than leaving the page.
export const getPerson = (id: string, signal?: AbortSignal) =>
  api.get<Person>(`/people/${id}`, { signal, handledByCaller: [404] });

export const personQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...peopleRootKey, 'one', id],
    // Also shows the person's sites and user types: read again when they change (lib/data-tags.ts).
    meta: { reads: ['sites', 'user-types'] },
    queryFn: ({ signal }) => getPerson(id, signal),
    // The form edits what the server has now, not what the list showed a while ago.
    staleTime: 0,
  });

export const usePerson = (id: string | null) => useQuery({ ...personQueryOptions(id ?? ''), enabled: id !== null });
