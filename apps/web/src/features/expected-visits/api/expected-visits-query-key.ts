import type { QueryClient } from '@tanstack/react-query';

/** Every expected-visits query starts with this key. */
export const expectedVisitsRootKey = ['expected-visits'] as const;

/** The queries a visit's change makes stale: the lists, single visits and live checks (not the form's choices). */
const CHANGING = new Set(['list', 'one', 'check']);

export const invalidateExpectedVisits = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === expectedVisitsRootKey[0] && CHANGING.has(String(query.queryKey[1])),
  });
