// What DataGrid needs of the page's list query (a TanStack Query result), so every grid reads its
// query the same way.
/**
 * A page of a server list, as every list endpoint answers it; lists that grow large also say whether
 * the count stopped at its cap, and give the cursor of the next page.
 */
export type ListPage<TData> = { data: TData[]; count: number; count_capped?: boolean; next_cursor?: string | null };

export type GridListProps<TData> = {
  data: TData[] | undefined;
  count: number | undefined;
  /** The count stopped at its cap: there are more rows than it says. */
  countCapped: boolean;
  fetching: boolean;
  loadFailed: boolean;
  onRetry: () => void;
};

/**
 * DataGrid's rows, count and loading state from the list query: while another page loads, the
 * previous one stays dimmed; a failure shows only when there is nothing to show instead.
 */
export function gridListProps<TData>(list: {
  data: ListPage<TData> | undefined;
  isPlaceholderData: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}): GridListProps<TData> {
  return {
    data: list.data?.data,
    count: list.data?.count,
    countCapped: list.data?.count_capped ?? false,
    fetching: list.isPlaceholderData,
    loadFailed: list.isError && !list.data,
    onRetry: () => void list.refetch(),
  };
}
