// A member's saved grid for one page (spec §3 "Table preference", §7 "Table preferences"): loads it,
// restores columns, widths, filters, sorting, search and page size from it, and saves every change a
// moment after the last one. The page number is not saved: a grid opens on its first page.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { functionalUpdate, type RowData, type Updater } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { emptyTableHead, emptyTableUrl, type TablePreferencePage } from '@app/shared/table-preferences/constants';
import type { SaveTablePreferenceBody, TablePreference } from '@app/shared/table-preferences/schemas';
import { api } from '@/lib/api-client';
import { columnInfo, type GridColumnDef } from './grid-columns';
import {
  defaultGridState,
  isDefaultGridState,
  restoreGridState,
  toPreferenceBody,
  type GridConfig,
  type GridFilters,
  type GridOptions,
  type GridState,
} from './grid-state';

const SAVE_DELAY_MS = 600;
const SEARCH_DELAY_MS = 300;

const preferenceKey = (page: TablePreferencePage) => ['table-preferences', page] as const;

// A preference that cannot be read is not worth an error on the page: the grid opens with its defaults.
const getTablePreference = (page: TablePreferencePage, signal?: AbortSignal) =>
  api.get<TablePreference>(`/table-preferences/${page}`, { signal, handleErrors: false });

// keepalive: the save made as the page is left or reloaded still reaches the server.
const saveTablePreference = (page: TablePreferencePage, body: SaveTablePreferenceBody) =>
  api.put<TablePreference>(`/table-preferences/${page}`, body, { keepalive: true });

const resetTablePreference = (page: TablePreferencePage) => api.delete<void>(`/table-preferences/${page}`);

const tablePreferenceQueryOptions = (page: TablePreferencePage) =>
  queryOptions({
    queryKey: preferenceKey(page),
    queryFn: ({ signal }) => getTablePreference(page, signal),
    // Only this tab changes it; what it saved is written back into the cache.
    staleTime: Infinity,
  });

export type TablePreferenceControl = {
  /** False until the saved preference has been read (or could not be): the list should wait for it. */
  ready: boolean;
  state: GridState;
  /** The search as typed settles: what the list query should use. */
  search: string;
  /** 0-based page; goes back to the first page when filters, search, sorting or page size change. */
  pageIndex: number;
  setPageIndex: (page: number) => void;
  update: (updater: Updater<GridState>) => void;
  setFilter: (key: string, value: GridFilters[string] | null) => void;
  setSearch: (search: string) => void;
  /** Whether the grid differs from the page's defaults. */
  customised: boolean;
  /** Forgets the saved preference and shows the defaults. */
  reset: () => Promise<void>;
  resetting: boolean;
};

/** What resets the page to the first one: anything that changes which rows the list holds. */
const changesRows = (a: GridState, b: GridState) =>
  a.search !== b.search ||
  a.pageSize !== b.pageSize ||
  JSON.stringify(a.sorting) !== JSON.stringify(b.sorting) ||
  JSON.stringify(a.filters) !== JSON.stringify(b.filters);

type Internal = { grid: GridState; pageIndex: number; search: string };

export function useTablePreference(page: TablePreferencePage, config: GridConfig): TablePreferenceControl {
  const queryClient = useQueryClient();
  const saved = useQuery({ ...tablePreferenceQueryOptions(page), retry: false });
  const loaded = saved.isSuccess || saved.isError;

  const [internal, setInternal] = useState<Internal | null>(null);
  // Restore once, when the saved preference arrives; afterwards the person's changes own the state.
  if (internal === null && loaded) {
    const grid = restoreGridState(saved.data, config);
    setInternal({ grid, pageIndex: 0, search: grid.search.trim() });
  }
  const state = internal?.grid ?? defaultGridState(config);
  const [resetting, setResetting] = useState(false);

  const ready = internal !== null;
  // The latest state and config for the delayed save, which runs outside a render.
  const latest = useRef({ state, config, ready });
  useEffect(() => {
    latest.current = { state, config, ready };
  });
  // Changes asked for before the saved preference is read (a link elsewhere on the page that opens the
  // grid with a filter) wait for it: applied to the defaults, they would replace it.
  const early = useRef<Updater<GridState>[]>([]);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const save = useCallback(() => {
    saveTimer.current = null;
    const body = toPreferenceBody(latest.current.state, latest.current.config);
    // A failure was reported by the API client; the grid keeps working with what is on screen.
    saveTablePreference(page, body)
      .then((stored) => queryClient.setQueryData(preferenceKey(page), stored))
      .catch(() => undefined);
  }, [page, queryClient]);

  const scheduleSave = useCallback(() => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(save, SAVE_DELAY_MS);
  }, [save]);

  // Leaving the page (or the tab going to the background, which comes before a reload or close)
  // saves a change still waiting for its delay.
  useEffect(() => {
    const flush = () => {
      if (!saveTimer.current) return;
      clearTimeout(saveTimer.current);
      save();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
      flush();
      if (searchTimer.current) clearTimeout(searchTimer.current);
    };
  }, [save]);

  const update = useCallback(
    (updater: Updater<GridState>) => {
      if (!latest.current.ready) {
        early.current.push(updater);
        return;
      }
      setInternal((current) => {
        if (current === null) return current;
        const grid = functionalUpdate(updater, current.grid);
        if (grid === current.grid) return current;
        // A change of which rows the list holds starts again from the first page.
        return { ...current, grid, pageIndex: changesRows(current.grid, grid) ? 0 : current.pageIndex };
      });
      scheduleSave();
    },
    [scheduleSave],
  );

  useEffect(() => {
    if (!ready || early.current.length === 0) return;
    const waiting = early.current;
    early.current = [];
    for (const updater of waiting) update(updater);
  }, [ready, update]);

  const setFilter = useCallback(
    (key: string, value: GridFilters[string] | null) =>
      update((current) => {
        const filters = { ...current.filters };
        if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) delete filters[key];
        else filters[key] = value;
        return { ...current, filters };
      }),
    [update],
  );

  const setSearch = useCallback(
    (search: string) => {
      update((current) => ({ ...current, search }));
      // The list asks the server once typing pauses.
      if (searchTimer.current) clearTimeout(searchTimer.current);
      searchTimer.current = setTimeout(
        () => setInternal((current) => current && { ...current, search: current.grid.search.trim() }),
        SEARCH_DELAY_MS,
      );
    },
    [update],
  );

  const setPageIndex = useCallback(
    (pageIndex: number) => setInternal((current) => current && { ...current, pageIndex }),
    [],
  );

  const reset = useCallback(async () => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = null;
    setResetting(true);
    try {
      await resetTablePreference(page);
      queryClient.setQueryData<TablePreference>(preferenceKey(page), {
        id: null,
        page_url: page,
        table_head: emptyTableHead(),
        url: emptyTableUrl(),
        updated_at: null,
      });
      setInternal({ grid: defaultGridState(latest.current.config), pageIndex: 0, search: '' });
    } catch {
      // Reported by the API client; the grid stays as it was.
    } finally {
      setResetting(false);
    }
  }, [page, queryClient]);

  const customised = useMemo(() => !isDefaultGridState(state, config), [state, config]);

  return {
    ready,
    state,
    search: internal?.search ?? '',
    pageIndex: internal?.pageIndex ?? 0,
    setPageIndex,
    update,
    setFilter,
    setSearch,
    customised,
    reset,
    resetting,
  };
}

/** A page's grid: its columns and the member's saved preference for them, as DataGrid takes them. */
export type PreferredGrid<TData extends RowData> = {
  columns: readonly GridColumnDef<TData>[];
  preference: TablePreferenceControl;
};

/**
 * The grid of `page` with the member's saved preference. `columns` must be stable (useMemo) and
 * `options` a constant: a new one each render would restore nothing new but recompute everything.
 */
export function usePreferredGrid<TData extends RowData>(
  page: TablePreferencePage,
  columns: readonly GridColumnDef<TData>[],
  options: GridOptions,
): PreferredGrid<TData> {
  const config = useMemo<GridConfig>(() => ({ ...options, columns: columnInfo(columns) }), [columns, options]);
  return { columns, preference: useTablePreference(page, config) };
}
