// What DataGrid needs of the page's list query (a TanStack Query result), so every grid reads its
// query the same way.
/** A page of a server list, as every list endpoint answers it. */
export type ListPage<TData> = { data: TData[]; count: number };

export type GridListProps<TData> = {
  data: TData[] | undefined;
  count: number | undefined;
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
    fetching: list.isPlaceholderData,
    loadFailed: list.isError && !list.data,
    onRetry: () => void list.refetch(),
  };
}
