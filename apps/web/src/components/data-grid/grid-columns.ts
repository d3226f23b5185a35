// The table features every grid of the product has, and how a page declares its columns. Paging,
// sorting and filtering happen on the server; the table keeps the column state the preferences save.
import {
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import type { GridColumnInfo } from './grid-state';

export type GridColumnMeta = {
  /** The column's name in the column menu (and the header unless the column has its own). */
  label: string;
  /** Not shown until the person shows it. */
  hiddenByDefault?: boolean;
  /** Where the cell's content sits: numbers and dates read better at the end. */
  align?: 'start' | 'end';
};

export const gridFeatures = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
  columnMeta: {} as GridColumnMeta,
});

export type GridFeatures = typeof gridFeatures;
// Cells render anything: each column's value type is its own business.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type GridColumnDef<TData extends RowData> = ColumnDef<GridFeatures, TData, any>;

/** The column helper of a page's grid rows. */
export const gridColumnHelper = <TData extends RowData>() => createColumnHelper<GridFeatures, TData>();

/** Column sizes when a column does not say. */
export const GRID_COLUMN_DEFAULTS = { size: 160, minSize: 60, maxSize: 800 } as const;

/** The id the table gives a column definition. */
export function columnId<TData extends RowData>(column: GridColumnDef<TData>): string {
  if (column.id) return column.id;
  if ('accessorKey' in column && column.accessorKey !== undefined) return String(column.accessorKey);
  throw new Error('A grid column needs an id or an accessor key');
}

/** What the preference needs to know of the page's columns. */
export function columnInfo<TData extends RowData>(columns: readonly GridColumnDef<TData>[]): GridColumnInfo[] {
  return columns.map((column) => ({
    id: columnId(column),
    canHide: column.enableHiding !== false,
    canSort: column.enableSorting === true,
    minSize: column.minSize ?? GRID_COLUMN_DEFAULTS.minSize,
    maxSize: column.maxSize ?? GRID_COLUMN_DEFAULTS.maxSize,
    hiddenByDefault: column.meta?.hiddenByDefault === true,
  }));
}

/**
 * The columns with sorting on for exactly those the server sorts: `fields` maps a column id to the
 * list endpoint's sort field (see `serverSort`), so the headers and the query cannot disagree.
 */
export function withServerSorting<TData extends RowData>(
  columns: readonly GridColumnDef<TData>[],
  fields: Readonly<Record<string, string>>,
): GridColumnDef<TData>[] {
  return columns.map((column) => {
    const id = columnId(column);
    const sortable = Object.hasOwn(fields, id);
    // The table never sorts a column without a value, whatever it is told: say so rather than show no sort.
    if (sortable && !('accessorFn' in column) && !('accessorKey' in column))
      throw new Error(`Grid column ${id} is sorted by the server but has no accessor`);
    return { ...column, enableSorting: sortable };
  });
}
