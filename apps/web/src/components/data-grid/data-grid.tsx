// The one data grid of the product: server-side pages, sorting, search and the page's own filters;
// row selection across pages for mass actions; a column menu (show, hide, reorder, reset); column
// widths by dragging the header edge; each person's choices saved as their table preference.
import {
  Button,
  Checkbox,
  EmptyState,
  Group,
  NativeSelect,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
  useDirection,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector, IconX, type Icon } from '@tabler/icons-react';
import {
  functionalUpdate,
  useTable,
  type Header,
  type OnChangeFn,
  type RowData,
  type RowSelectionState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GRID_PAGE_SIZES } from '@app/shared/table-preferences/constants';
import { PagedListCard } from '@/components/ui/paged-list-card';
import { ColumnMenu, type ColumnMenuItem } from './column-menu';
import { GridRowNameContext } from './grid-row-action';
import { GRID_COLUMN_DEFAULTS, columnId, gridFeatures, type GridColumnDef, type GridFeatures } from './grid-columns';
import { useScrollEdges } from './use-scroll-edges';
import type { TablePreferenceControl } from './use-table-preference';
import classes from './data-grid.module.css';

const SELECT_COLUMN = '_select';
const ACTIONS_COLUMN = '_actions';
const ROW_HEIGHT_ESTIMATE = 53;
const RESIZE_STEP = 16;
const SKELETON_ROWS_MAX = 10;

export type GridSelection<TData> = {
  selected: RowSelectionState;
  onChange: (selected: RowSelectionState) => void;
  /** The mass actions for the selected rows (rows of other pages included). */
  actions: (rows: TData[]) => ReactNode;
  /** Rows that cannot be selected at all. */
  canSelect?: (row: TData) => boolean;
};

/** What the grid says instead of rows when there are none: that there is nothing yet, or nothing matching. */
export type GridEmpty = {
  icon: Icon;
  title: string;
  description: string;
  /** A way forward, e.g. "Add the first site". */
  action?: ReactNode;
};

export type DataGridProps<TData extends RowData> = {
  /** Prefix of every data-testid: `<id>-table`, `<id>-row`, `<id>-search`, `<id>-columns`, … */
  testId: string;
  /** The page's columns; keep the array stable (useMemo). */
  columns: readonly GridColumnDef<TData>[];
  /** The current page's rows; undefined while the first page loads. */
  data: readonly TData[] | undefined;
  /** All rows matching the filters, on every page. */
  count: number | undefined;
  /** The count stopped at its cap: there are more rows than it says ("More than 10,000"). */
  countCapped?: boolean;
  getRowId: (row: TData) => string;
  /** The row's name for screen readers ("Select Ada Lovelace"). */
  getRowLabel: (row: TData) => string;
  preference: TablePreferenceControl;
  /** A newer page is being fetched while the previous one is still shown. */
  fetching?: boolean;
  loadFailed: boolean;
  loadFailedTitle: string;
  onRetry: () => void;
  searchLabel: string;
  countLabel: (count: number) => string;
  /** Shown instead of the rows when there are none, as `<id>-empty`. */
  empty: GridEmpty;
  /** The page's filter controls, beside the search. */
  filters?: ReactNode;
  selection?: GridSelection<TData>;
  rowActions?: (row: TData) => ReactNode;
  /** Width of the row actions column, in pixels. */
  rowActionsWidth?: number;
  /** Extra attributes of a row element, e.g. `data-name` for tests. */
  rowProps?: (row: TData) => Record<string, string | undefined>;
};

const EMPTY_ROWS: never[] = [];

function GridEmptyState({ testId, icon: EmptyIcon, title, description, action }: GridEmpty & { testId: string }) {
  return (
    <EmptyState
      icon={<EmptyIcon size={28} />}
      title={title}
      description={description}
      py="xl"
      data-testid={`${testId}-empty`}
    >
      {action}
    </EmptyState>
  );
}

export function DataGrid<TData extends RowData>(props: DataGridProps<TData>) {
  const { t, i18n } = useTranslation('grid');
  const { dir } = useDirection();
  const { preference, selection, rowActions, getRowId } = props;
  const { state } = preference;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The box comes and goes with the rows (an empty grid shows a message instead): the cue follows it.
  const [scrollBox, setScrollBox] = useState<HTMLDivElement | null>(null);
  const scrollBoxRef = useCallback((box: HTMLDivElement | null) => {
    scrollRef.current = box;
    setScrollBox(box);
  }, []);
  const edges = useScrollEdges(scrollBox);

  // Rows of other pages stay selected: keep the data of each selected row for the mass actions.
  const [known, setKnown] = useState<{ data: readonly TData[] | undefined; rows: ReadonlyMap<string, TData> }>({
    data: undefined,
    rows: new Map(),
  });
  if (known.data !== props.data) {
    const rows = new Map([...known.rows].filter(([id]) => selection?.selected[id]));
    for (const row of props.data ?? EMPTY_ROWS) rows.set(getRowId(row), row);
    setKnown({ data: props.data, rows });
  }

  const pageColumnIds = useMemo(() => props.columns.map((column) => columnId(column)), [props.columns]);
  // The table's column model depends on whether these columns exist, not on the callbacks themselves.
  const selectable = selection !== undefined;
  const withActions = rowActions !== undefined;
  const actionsWidth = props.rowActionsWidth ?? 110;

  const columns = useMemo<GridColumnDef<TData>[]>(() => {
    const all: GridColumnDef<TData>[] = [];
    if (selectable)
      all.push({
        id: SELECT_COLUMN,
        size: 44,
        enableHiding: false,
        enableSorting: false,
        enableResizing: false,
        meta: { label: t('select_page') },
      });
    all.push(
      ...props.columns.map((column) => ({
        ...GRID_COLUMN_DEFAULTS,
        ...column,
        // A column without a header of its own is headed by its label.
        ...(column.header === undefined ? { header: column.meta?.label } : {}),
        // The server sorts only the columns that say so.
        enableSorting: column.enableSorting === true,
      })),
    );
    if (withActions)
      all.push({
        id: ACTIONS_COLUMN,
        size: actionsWidth,
        enableHiding: false,
        enableSorting: false,
        enableResizing: false,
        meta: { label: t('actions'), align: 'end' },
      });
    return all;
  }, [props.columns, selectable, withActions, actionsWidth, t]);

  const columnOrder = useMemo(
    () => [...(selectable ? [SELECT_COLUMN] : []), ...state.columnOrder, ...(withActions ? [ACTIONS_COLUMN] : [])],
    [selectable, withActions, state.columnOrder],
  );

  const onSelectionChange: OnChangeFn<RowSelectionState> = (updater) =>
    selection?.onChange(functionalUpdate(updater, selection.selected));

  const table = useTable<GridFeatures, TData>({
    features: gridFeatures,
    columns,
    data: props.data ?? EMPTY_ROWS,
    getRowId: (row) => getRowId(row),
    state: {
      columnVisibility: state.columnVisibility,
      columnOrder,
      columnSizing: state.columnSizing,
      sorting: state.sorting,
      rowSelection: selection?.selected ?? {},
    },
    onColumnVisibilityChange: (updater) =>
      preference.update((s) => ({ ...s, columnVisibility: functionalUpdate(updater, s.columnVisibility) })),
    onColumnSizingChange: (updater) =>
      preference.update((s) => ({ ...s, columnSizing: functionalUpdate(updater, s.columnSizing) })),
    onSortingChange: (updater) => preference.update((s) => ({ ...s, sorting: functionalUpdate(updater, s.sorting) })),
    onRowSelectionChange: onSelectionChange,
    enableRowSelection: (row) => !!selection && (selection.canSelect?.(row.original) ?? true),
    // Shift ranges cannot reach rows of pages that are not loaded: selection is row by row.
    enableRowRangeSelection: false,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    columnResizeMode: 'onChange',
    columnResizeDirection: dir,
  });

  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders this component itself.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 10,
  });

  const count = props.count ?? 0;
  const pageSize = state.pageSize;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const { pageIndex, setPageIndex } = preference;

  // Deleting or archiving the last rows of the last page steps back to a page that has rows.
  useEffect(() => {
    if (props.count !== undefined && pageIndex > 0 && pageIndex >= pages) setPageIndex(pages - 1);
  }, [props.count, pageIndex, pages, setPageIndex]);

  // A new page starts at its top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [pageIndex, pageSize]);

  const selectedIds = Object.keys(selection?.selected ?? {});
  const selectedRows = selectedIds.map((id) => known.rows.get(id)).filter((row): row is TData => !!row);

  const menuColumns: ColumnMenuItem[] = state.columnOrder
    .filter((id) => pageColumnIds.includes(id))
    .map((id) => {
      const column = table.getColumn(id);
      return {
        id,
        label: column?.columnDef.meta?.label ?? id,
        visible: column?.getIsVisible() ?? true,
        canHide: column?.getCanHide() ?? false,
      };
    });

  const onResizeKey = (event: KeyboardEvent, header: Header<GridFeatures, TData, unknown>) => {
    const grow = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const shrink = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key !== grow && event.key !== shrink) return;
    event.preventDefault();
    const { minSize = GRID_COLUMN_DEFAULTS.minSize, maxSize = GRID_COLUMN_DEFAULTS.maxSize } = header.column.columnDef;
    const width = Math.min(
      maxSize,
      Math.max(minSize, header.getSize() + (event.key === grow ? RESIZE_STEP : -RESIZE_STEP)),
    );
    preference.update((s) => ({ ...s, columnSizing: { ...s.columnSizing, [header.column.id]: width } }));
  };

  const headerCell = (header: Header<GridFeatures, TData, unknown>) => {
    const column = header.column;
    const meta = column.columnDef.meta;
    const label = meta?.label ?? column.id;
    if (column.id === SELECT_COLUMN) {
      const all = table.getIsAllPageRowsSelected();
      const some = table.getIsSomePageRowsSelected();
      return (
        <Checkbox
          size="xs"
          aria-label={t('select_page')}
          checked={all && rows.length > 0}
          indeterminate={some && !all}
          disabled={rows.length === 0}
          onChange={(event) => table.toggleAllPageRowsSelected(event.currentTarget.checked)}
          data-testid={`${props.testId}-select-page`}
        />
      );
    }
    if (column.id === ACTIONS_COLUMN) return <VisuallyHidden>{label}</VisuallyHidden>;
    const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
    if (!column.getCanSort())
      return (
        <span className={classes.label} title={label}>
          {content}
        </span>
      );
    const sorted = column.getIsSorted();
    const Icon = sorted === 'asc' ? IconChevronUp : sorted === 'desc' ? IconChevronDown : IconSelector;
    return (
      <UnstyledButton
        className={classes.sortButton}
        onClick={column.getToggleSortingHandler()}
        title={t('sort', { column: label })}
        data-testid={`${props.testId}-sort-${column.id}`}
      >
        <span className={classes.label}>{content}</span>
        <Icon size={14} stroke={1.5} aria-hidden />
      </UnstyledButton>
    );
  };

  const virtualItems = virtualizer.getVirtualItems();
  const paddingTop = virtualItems[0]?.start ?? 0;
  const paddingBottom =
    virtualItems.length > 0 ? virtualizer.getTotalSize() - (virtualItems[virtualItems.length - 1]?.end ?? 0) : 0;
  const spanAll = visibleColumns.length + 1;
  const loading = props.data === undefined || !preference.ready;
  const from = count === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(count, (pageIndex + 1) * pageSize);

  const body = loading
    ? Array.from({ length: Math.min(pageSize, SKELETON_ROWS_MAX) }, (_, index) => (
        <Table.Tr key={index} data-testid={`${props.testId}-loading`}>
          {visibleColumns.map((column) => (
            <Table.Td key={column.id}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
          <Table.Td />
        </Table.Tr>
      ))
    : virtualItems.map((item) => {
        const row = rows[item.index]!;
        return (
          <Table.Tr
            key={row.id}
            data-index={item.index}
            ref={virtualizer.measureElement}
            data-testid={`${props.testId}-row`}
            data-row-id={row.id}
            bg={row.getIsSelected() ? 'var(--mantine-primary-color-light)' : undefined}
            aria-selected={selection ? row.getIsSelected() : undefined}
            {...props.rowProps?.(row.original)}
          >
            {row.getVisibleCells().map((cell) => {
              const id = cell.column.id;
              if (id === SELECT_COLUMN)
                return (
                  <Table.Td key={cell.id}>
                    <Checkbox
                      size="xs"
                      aria-label={t('select_row', { name: props.getRowLabel(row.original) })}
                      checked={row.getIsSelected()}
                      disabled={!row.getCanSelect()}
                      onChange={row.getToggleSelectedHandler()}
                      data-testid={`${props.testId}-select-row`}
                    />
                  </Table.Td>
                );
              if (id === ACTIONS_COLUMN)
                return (
                  <Table.Td key={cell.id} className={classes.td} data-align="end" data-actions>
                    <GridRowNameContext value={props.getRowLabel(row.original)}>
                      {rowActions?.(row.original)}
                    </GridRowNameContext>
                  </Table.Td>
                );
              return (
                <Table.Td
                  key={cell.id}
                  className={classes.td}
                  data-align={cell.column.columnDef.meta?.align}
                  data-column={id}
                >
                  <table.FlexRender cell={cell} />
                </Table.Td>
              );
            })}
            <Table.Td aria-hidden />
          </Table.Tr>
        );
      });

  return (
    <PagedListCard
      testId={props.testId}
      search={state.search}
      onSearch={preference.setSearch}
      // Typing before the saved search is restored would be overwritten by it.
      searchDisabled={!preference.ready}
      searchLabel={props.searchLabel}
      countLabel={
        props.data && preference.ready
          ? props.countCapped
            ? t('count_capped', { count: count.toLocaleString(i18n.language) })
            : props.countLabel(count)
          : null
      }
      loadFailed={props.loadFailed}
      loadFailedTitle={props.loadFailedTitle}
      onRetry={props.onRetry}
      empty={!loading && rows.length === 0 ? <GridEmptyState testId={props.testId} {...props.empty} /> : null}
      page={pageIndex + 1}
      pages={pages}
      onPage={(page) => setPageIndex(page - 1)}
      toolbar={
        <>
          {props.filters}
          <ColumnMenu
            testId={props.testId}
            columns={menuColumns}
            onVisibility={(id, visible) => table.getColumn(id)?.toggleVisibility(visible)}
            onOrder={(order) => preference.update((s) => ({ ...s, columnOrder: order }))}
            onReset={() => void preference.reset()}
            canReset={preference.customised}
            resetting={preference.resetting}
            disabled={!preference.ready}
          />
        </>
      }
      banner={
        selection && selectedIds.length > 0 ? (
          <div className={classes.selectionBar} data-testid={`${props.testId}-selection`}>
            <Text size="sm" fw={600} data-testid={`${props.testId}-selected-count`}>
              {t('selected', { count: selectedIds.length })}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconX size={14} />}
              onClick={() => selection.onChange({})}
              data-testid={`${props.testId}-clear-selection`}
            >
              {t('clear_selection')}
            </Button>
            <Group gap="xs" ms="auto" wrap="wrap">
              {selection.actions(selectedRows)}
            </Group>
          </div>
        ) : null
      }
      footer={
        <Group gap="sm">
          {/* The device's own list: nothing to load for it, and a phone shows its native picker. */}
          <NativeSelect
            size="xs"
            w={80}
            aria-label={t('rows_per_page')}
            data={GRID_PAGE_SIZES.map(String)}
            value={String(pageSize)}
            disabled={!preference.ready}
            onChange={(event) => {
              const size = GRID_PAGE_SIZES.find((s) => String(s) === event.currentTarget.value);
              if (size) preference.update((s) => ({ ...s, pageSize: size }));
            }}
            data-testid={`${props.testId}-page-size`}
          />
          <Text size="sm" c="dimmed">
            {t('rows_per_page')}
          </Text>
          {props.data && count > 0 && (
            <Text size="sm" c="dimmed" data-testid={`${props.testId}-range`}>
              {t(props.countCapped ? 'range_capped' : 'range', { from, to, count })}
            </Text>
          )}
        </Group>
      }
    >
      <div
        className={classes.frame}
        data-more-before={edges.before || undefined}
        data-more-after={edges.after || undefined}
        data-with-actions={withActions || undefined}
        data-testid={`${props.testId}-scroll-frame`}
      >
        <div ref={scrollBoxRef} className={classes.scroller}>
          <Table
            className={classes.table}
            style={{ width: `max(100%, ${table.getTotalSize()}px)` }}
            verticalSpacing="sm"
            stickyHeader
            highlightOnHover
            data-busy={props.fetching || undefined}
            aria-busy={loading || props.fetching || undefined}
            data-testid={`${props.testId}-table`}
          >
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => {
                    const column = header.column;
                    const label = column.columnDef.meta?.label ?? column.id;
                    return (
                      <Table.Th
                        key={header.id}
                        className={classes.th}
                        style={{ width: header.getSize() }}
                        data-actions={column.id === ACTIONS_COLUMN || undefined}
                        data-align={column.columnDef.meta?.align}
                        data-column={column.id}
                        aria-sort={
                          column.getIsSorted() === 'asc'
                            ? 'ascending'
                            : column.getIsSorted() === 'desc'
                              ? 'descending'
                              : undefined
                        }
                      >
                        <div className={classes.thContent}>{headerCell(header)}</div>
                        {column.getCanResize() && (
                          <div
                            role="separator"
                            aria-orientation="vertical"
                            aria-label={t('resize', { column: label })}
                            aria-valuenow={Math.round(header.getSize())}
                            aria-valuemin={column.columnDef.minSize}
                            aria-valuemax={column.columnDef.maxSize}
                            tabIndex={0}
                            className={classes.resizer}
                            data-resizing={column.getIsResizing() || undefined}
                            onMouseDown={header.getResizeHandler()}
                            onTouchStart={header.getResizeHandler()}
                            onDoubleClick={() => column.resetSize()}
                            onKeyDown={(event) => onResizeKey(event, header)}
                            data-testid={`${props.testId}-resize-${column.id}`}
                          />
                        )}
                      </Table.Th>
                    );
                  })}
                  {/* Takes the room the columns leave, so each column keeps the width it was given. */}
                  <Table.Th aria-hidden />
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {!loading && paddingTop > 0 && (
                <tr aria-hidden>
                  <td colSpan={spanAll} style={{ height: paddingTop, padding: 0 }} />
                </tr>
              )}
              {body}
              {!loading && paddingBottom > 0 && (
                <tr aria-hidden>
                  <td colSpan={spanAll} style={{ height: paddingBottom, padding: 0 }} />
                </tr>
              )}
            </Table.Tbody>
          </Table>
        </div>
      </div>
    </PagedListCard>
  );
}
