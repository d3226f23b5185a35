// A search asked as the person types: once the query is long enough, a moment after the last key.
// An answer to an earlier query is never shown as this one's.
import { useEffect, useState } from 'react';

const SEARCH_DELAY_MS = 250;

export type TypedSearch<T> = { found: T[] | null; failed: boolean };

export function useTypedSearch<T>(
  query: string,
  ready: (query: string) => boolean,
  search: (query: string) => Promise<T[]>,
): TypedSearch<T> {
  const [state, setState] = useState<TypedSearch<T> & { query: string }>({ query: '', found: null, failed: false });
  useEffect(() => {
    if (!ready(query)) return;
    let current = true;
    const timer = setTimeout(() => {
      search(query.trim()).then(
        (found) => current && setState({ query, found, failed: false }),
        () => current && setState({ query, found: null, failed: true }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, ready, search]);
  return state.query === query ? state : { found: null, failed: false };
}
