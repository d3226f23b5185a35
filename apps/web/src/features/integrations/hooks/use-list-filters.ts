import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { useUrlFilters } from '@/lib/url-filters';

/** A list's search and page in its address, beside the page's `?id=` (and `from`), which stay as they are. */
const listFiltersSchema = z.object({
  search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
});

/**
 * A searched, paged list's view: the box shows what is typed at once, the address and the query
 * follow it a moment later.
 */
export function useListFilters() {
  const [filters, setFilters] = useUrlFilters(listFiltersSchema);
  const [search, setSearch] = useState(filters.search ?? '');
  const [term] = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (term !== (filters.search ?? '')) setFilters({ search: term || undefined, page: 1 });
  }, [term, filters.search, setFilters]);
  const setPage = useCallback((page: number) => setFilters({ page }), [setFilters]);
  return {
    search,
    setSearch,
    /** What the query asks for (the address's search). */
    term: filters.search,
    page: filters.page,
    setPage,
  };
}

export type ListFilters = ReturnType<typeof useListFilters>;

/**
 * The number of pages of a list of `count` (once known); a page past the last one (its last record
 * fixed, or ignored) steps back to the last.
 */
export function usePageCount(count: number | undefined, limit: number, page: number, setPage: (page: number) => void) {
  const pages = count === undefined ? 1 : Math.max(1, Math.ceil(count / limit));
  useEffect(() => {
    if (count !== undefined && page > pages) setPage(pages);
  }, [count, page, pages, setPage]);
  return pages;
}
