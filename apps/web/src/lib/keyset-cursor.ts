// Keyset paging in the web app: lists that grow large (people, the logbook, RFID) answer each page
// with `next_cursor`, and the server finds the page after a cursor through its index however deep
// (decision 022). A page's cursor is read from the cached answer for the page before it with exactly
// the same query, so a cursor never crosses into another search, sort or filter; a page with no such
// answer (a jump to page 40) is asked for by its number.
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

type PagedQuery = { page: number; cursor?: string };
type CursorPage = { next_cursor?: string | null };

const sameApartFromPage = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('page');
  keys.delete('cursor');
  for (const key of keys) if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return false;
  return true;
};

/** The cursor leading to `query.page`, from the cached page before it; undefined when there is none. */
export function cursorFromCache<Q extends PagedQuery>(
  client: QueryClient,
  prefix: QueryKey,
  query: Q,
): string | undefined {
  if (query.page <= 1) return undefined;
  for (const [key, data] of client.getQueriesData<CursorPage>({ queryKey: prefix })) {
    const params = key[prefix.length] as (Record<string, unknown> & PagedQuery) | undefined;
    if (key.length !== prefix.length + 1 || !params || params.page !== query.page - 1) continue;
    if (data?.next_cursor && sameApartFromPage(params, query)) return data.next_cursor;
  }
  return undefined;
}

/** The query with the cursor of its page when the page before it is cached (see cursorFromCache). */
export function useKeysetQuery<Q extends PagedQuery>(prefix: QueryKey, query: Q): Q {
  const client = useQueryClient();
  const cursor = cursorFromCache(client, prefix, query);
  return cursor ? { ...query, cursor } : query;
}
