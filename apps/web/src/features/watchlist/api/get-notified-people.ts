import { useQuery } from '@tanstack/react-query';
import type { Person } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';

export type NotifiedPerson = { id: string; full_name: string | null; email: string | null };

// The settings keep only ids: each chosen person is read for their name. One who left the company (or
// is outside the reader's sites) is no error of the page; the picker still shows them, unnamed.
const getNotifiedPerson = async (id: string, signal?: AbortSignal): Promise<NotifiedPerson> =>
  api
    .get<Person>(`/people/${id}`, { signal, handleErrors: false })
    .then((p) => ({ id, full_name: p.full_name, email: p.email }))
    .catch(() => ({ id, full_name: null, email: null }));

export const getNotifiedPeople = (ids: readonly string[], signal?: AbortSignal) =>
  Promise.all(ids.map((id) => getNotifiedPerson(id, signal)));

/** The people the settings name, read while `enabled` (the reader may search the Users list). */
export const useNotifiedPeople = (ids: readonly string[], enabled: boolean) =>
  useQuery({
    queryKey: ['people', 'watchlist-notified', ids],
    queryFn: ({ signal }) => getNotifiedPeople(ids, signal),
    enabled,
    staleTime: 60_000,
  });
