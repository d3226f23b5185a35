// The state of a data grid and its saved form (spec §3 "Table preference"). A saved preference may
// be old: columns were added or removed since, a sort column is no longer sortable, a filter is gone.
// Restoring it keeps what still applies and fills the rest from the page's defaults, so a change to a
// page's columns never leaves anyone with a broken grid.
import type { ColumnOrderState, ColumnSizingState, ColumnVisibilityState, SortingState } from '@tanstack/react-table';
import {
  DEFAULT_GRID_PAGE_SIZE,
  GRID_PAGE_SIZES,
  TABLE_PREFERENCE_LIMITS,
  isGridKey,
  type GridPageSize,
} from '@app/shared/table-preferences/constants';
import type {
  GridFilterValue,
  SaveTablePreferenceBody,
  TableHead,
  TableUrl,
} from '@app/shared/table-preferences/schemas';

const L = TABLE_PREFERENCE_LIMITS;

export type GridFilters = Record<string, GridFilterValue>;

export type GridState = {
  columnVisibility: ColumnVisibilityState;
  columnOrder: ColumnOrderState;
  columnSizing: ColumnSizingState;
  sorting: SortingState;
  filters: GridFilters;
  search: string;
  pageSize: GridPageSize;
};

/** What the grid needs to know of one of the page's own columns (not the selection or actions column). */
export type GridColumnInfo = {
  id: string;
  canHide: boolean;
  canSort: boolean;
  minSize: number;
  maxSize: number;
  hiddenByDefault: boolean;
};

export type GridConfig = {
  /** The page's columns in their default order. */
  columns: readonly GridColumnInfo[];
  defaultSorting: SortingState;
  /** The filter keys the page reads; any other saved key is dropped. */
  filterKeys: readonly string[];
  defaultFilters?: GridFilters;
  defaultPageSize?: GridPageSize;
};

/** What a page says of its grid besides the columns. */
export type GridOptions = Omit<GridConfig, 'columns'>;

/** The saved form, as GET /table-preferences answers it (both parts optional for a first visit). */
export type SavedPreference = { table_head?: Partial<TableHead>; url?: Partial<TableUrl> } | null | undefined;

const isPageSize = (value: unknown): value is GridPageSize =>
  typeof value === 'number' && (GRID_PAGE_SIZES as readonly number[]).includes(value);

export function defaultGridState(config: GridConfig): GridState {
  return {
    columnVisibility: Object.fromEntries(
      config.columns.filter((c) => c.hiddenByDefault && c.canHide).map((c) => [c.id, false]),
    ),
    columnOrder: config.columns.map((c) => c.id),
    columnSizing: {},
    sorting: [...config.defaultSorting],
    filters: { ...config.defaultFilters },
    search: '',
    pageSize: config.defaultPageSize ?? DEFAULT_GRID_PAGE_SIZE,
  };
}

/**
 * A saved column order made whole again: columns that no longer exist are dropped, and a column the
 * page added later goes right after the column it follows by default (or first, if it is first).
 */
export function mergeColumnOrder(saved: readonly string[], defaults: readonly string[]): string[] {
  const known = new Set(defaults);
  const result = [...new Set(saved.filter((id) => known.has(id)))];
  defaults.forEach((id, index) => {
    if (result.includes(id)) return;
    const before = defaults
      .slice(0, index)
      .reverse()
      .find((prev) => result.includes(prev));
    result.splice(before === undefined ? 0 : result.indexOf(before) + 1, 0, id);
  });
  return result;
}

const clampWidth = (column: GridColumnInfo, width: number) =>
  Math.round(Math.min(Math.max(width, column.minSize, L.minWidth), column.maxSize, L.maxWidth));

const cleanFilterValue = (value: unknown): GridFilterValue | undefined => {
  if (typeof value === 'string') return value === '' ? undefined : value.slice(0, L.filterValueLength);
  if (Array.isArray(value)) {
    const items = value
      .filter((item): item is string => typeof item === 'string' && item !== '')
      .map((item) => item.slice(0, L.filterValueLength))
      .slice(0, L.filterValues);
    return items.length > 0 ? [...new Set(items)] : undefined;
  }
  return undefined;
};

/** Only the filters the page knows, without empty values. */
export function cleanFilters(filters: Record<string, unknown>, keys: readonly string[]): GridFilters {
  const clean: GridFilters = {};
  for (const key of keys) {
    if (!Object.hasOwn(filters, key)) continue;
    const value = cleanFilterValue(filters[key]);
    if (value !== undefined) clean[key] = value;
  }
  return clean;
}

/** The grid state a saved preference gives, merged with the page's defaults. */
export function restoreGridState(saved: SavedPreference, config: GridConfig): GridState {
  const defaults = defaultGridState(config);
  if (!saved) return defaults;
  const head = saved.table_head ?? {};
  const url = saved.url ?? {};
  const byId = new Map(config.columns.map((c) => [c.id, c]));

  const columnVisibility = { ...defaults.columnVisibility };
  for (const [id, visible] of Object.entries(head.visibility ?? {})) {
    const column = byId.get(id);
    if (column?.canHide && typeof visible === 'boolean') columnVisibility[id] = visible;
  }

  const columnSizing: ColumnSizingState = {};
  for (const [id, width] of Object.entries(head.sizing ?? {})) {
    const column = byId.get(id);
    if (column && typeof width === 'number' && Number.isFinite(width)) columnSizing[id] = clampWidth(column, width);
  }

  const sorting = (url.sorting ?? []).filter((sort) => byId.get(sort.id)?.canSort).slice(0, 1);

  return {
    columnVisibility,
    columnOrder: mergeColumnOrder(head.order ?? [], defaults.columnOrder),
    columnSizing,
    sorting: sorting.length > 0 ? sorting : defaults.sorting,
    // A saved preference holds every filter the person had: none saved means none chosen.
    filters: url.filters ? cleanFilters(url.filters, config.filterKeys) : defaults.filters,
    search: typeof url.search === 'string' ? url.search.slice(0, L.search) : '',
    pageSize: isPageSize(url.limit) ? url.limit : defaults.pageSize,
  };
}

/** The body of PUT /table-preferences/{page}: what the server accepts, whatever the state holds. */
export function toPreferenceBody(state: GridState, config: GridConfig): SaveTablePreferenceBody {
  const byId = new Map(config.columns.map((c) => [c.id, c]));
  const visibility: Record<string, boolean> = {};
  for (const [id, visible] of Object.entries(state.columnVisibility)) {
    if (byId.get(id)?.canHide) visibility[id] = visible;
  }
  const sizing: Record<string, number> = {};
  for (const [id, width] of Object.entries(state.columnSizing)) {
    const column = byId.get(id);
    if (column && Number.isFinite(width)) sizing[id] = clampWidth(column, width);
  }
  const search = state.search.trim().slice(0, L.search);
  return {
    table_head: {
      visibility,
      order: mergeColumnOrder(
        state.columnOrder,
        config.columns.map((c) => c.id),
      ).filter(isGridKey),
      sizing,
    },
    url: {
      filters: Object.fromEntries(Object.entries(cleanFilters(state.filters, config.filterKeys)).slice(0, L.filters)),
      sorting: state.sorting.filter((sort) => byId.get(sort.id)?.canSort).slice(0, L.sorts),
      ...(search ? { search } : {}),
      limit: state.pageSize,
    },
  };
}

/** What a list query reads of a grid: its state, the page shown (0-based) and the search once typing settles. */
export type GridQueryInput = { state: GridState; pageIndex: number; search: string };

/** The part of a list endpoint's query every grid sends: the page (1-based), its size, and the search. */
export type GridPageQuery = { page: number; limit: number; search?: string };

/** The page, page size and search a list endpoint is asked for; no search is left out rather than sent empty. */
export function gridPageQuery({ state, pageIndex, search }: GridQueryInput): GridPageQuery {
  return { page: pageIndex + 1, limit: state.pageSize, ...(search ? { search } : {}) };
}

export type ServerSort<F extends string> = { sortField: F; orderBy: 'asc' | 'desc' };

/**
 * The sort a list endpoint takes for the grid's sorting. `fields` maps each column the server sorts
 * to its sort field; a sort on any other column (an old saved one) falls back to `fallback`, ascending.
 */
export function serverSort<F extends string>(
  sorting: SortingState,
  fields: Readonly<Partial<Record<string, F>>>,
  fallback: F,
): ServerSort<F> {
  const sort = sorting[0];
  const field = sort && Object.hasOwn(fields, sort.id) ? fields[sort.id] : undefined;
  return field ? { sortField: field, orderBy: sort?.desc ? 'desc' : 'asc' } : { sortField: fallback, orderBy: 'asc' };
}

/** The order with `id` moved one place earlier (-1) or later (+1); unchanged at either end. */
export function moveColumn(order: readonly string[], id: string, delta: -1 | 1): string[] {
  const from = order.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** The order with `id` moved to where `target` is (a drag and drop of one column onto another). */
export function moveColumnTo(order: readonly string[], id: string, target: string): string[] {
  const from = order.indexOf(id);
  const to = order.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...order];
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** Whether a state is the page's defaults in every saved part (the reset button has nothing to do). */
export function isDefaultGridState(state: GridState, config: GridConfig): boolean {
  const a = toPreferenceBody(state, config);
  const b = toPreferenceBody(defaultGridState(config), config);
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

const sortKeys = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).sort(([x], [y]) => x.localeCompare(y)));

function normalise(body: SaveTablePreferenceBody) {
  const visibility = Object.fromEntries(Object.entries(body.table_head.visibility ?? {}).filter(([, v]) => !v));
  return {
    visibility: sortKeys(visibility),
    order: body.table_head.order,
    sizing: sortKeys(body.table_head.sizing ?? {}),
    filters: sortKeys(body.url.filters ?? {}),
    sorting: body.url.sorting,
    search: body.url.search ?? '',
    limit: body.url.limit,
  };
}
