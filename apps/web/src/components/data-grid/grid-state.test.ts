import { describe, expect, it } from 'vitest';
import { saveTablePreferenceBodySchema } from '@app/shared/table-preferences/schemas';
import {
  cleanFilters,
  defaultGridState,
  gridPageQuery,
  isDefaultGridState,
  mergeColumnOrder,
  moveColumn,
  moveColumnTo,
  restoreGridState,
  serverSort,
  toPreferenceBody,
  type GridColumnInfo,
  type GridConfig,
} from './grid-state';

const column = (id: string, extra: Partial<GridColumnInfo> = {}): GridColumnInfo => ({
  id,
  canHide: true,
  canSort: false,
  minSize: 60,
  maxSize: 600,
  hiddenByDefault: false,
  ...extra,
});

const config: GridConfig = {
  columns: [
    column('name', { canHide: false, canSort: true }),
    column('email', { canSort: true }),
    column('phone'),
    column('id_number', { hiddenByDefault: true }),
    column('created_at', { canSort: true }),
  ],
  defaultSorting: [{ id: 'name', desc: false }],
  filterKeys: ['status', 'site_id'],
};

describe('defaultGridState', () => {
  it('orders columns as declared, hides those hidden by default, sorts by the default', () => {
    expect(defaultGridState(config)).toEqual({
      columnVisibility: { id_number: false },
      columnOrder: ['name', 'email', 'phone', 'id_number', 'created_at'],
      columnSizing: {},
      sorting: [{ id: 'name', desc: false }],
      filters: {},
      search: '',
      pageSize: 10,
    });
  });
});

describe('mergeColumnOrder', () => {
  const defaults = ['a', 'b', 'c', 'd'];

  it('keeps a complete saved order', () => {
    expect(mergeColumnOrder(['d', 'c', 'b', 'a'], defaults)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('drops columns that no longer exist and repeats', () => {
    expect(mergeColumnOrder(['c', 'gone', 'a', 'c', 'b', 'd'], defaults)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('puts a column added later right after the column it follows by default', () => {
    // 'c' is new: by default it follows 'b', which the person moved to the front.
    expect(mergeColumnOrder(['b', 'a', 'd'], defaults)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('puts a new first column first, and fills an empty saved order with the defaults', () => {
    expect(mergeColumnOrder(['c', 'b', 'd'], defaults)).toEqual(['a', 'c', 'b', 'd']);
    expect(mergeColumnOrder([], defaults)).toEqual(defaults);
  });
});

describe('restoreGridState', () => {
  it('gives the defaults on a first visit', () => {
    expect(restoreGridState(null, config)).toEqual(defaultGridState(config));
    expect(restoreGridState({ table_head: { visibility: {}, order: [], sizing: {} } }, config)).toEqual(
      defaultGridState(config),
    );
  });

  it('restores visibility, order, widths, filters, sorting, search and page size', () => {
    const state = restoreGridState(
      {
        table_head: {
          visibility: { phone: false, id_number: true },
          order: ['email', 'name', 'phone', 'id_number', 'created_at'],
          sizing: { email: 320 },
        },
        url: {
          filters: { status: 'archived', site_id: ['s1', 's2'] },
          sorting: [{ id: 'created_at', desc: true }],
          search: 'ada',
          limit: 50,
        },
      },
      config,
    );
    expect(state).toEqual({
      columnVisibility: { phone: false, id_number: true },
      columnOrder: ['email', 'name', 'phone', 'id_number', 'created_at'],
      columnSizing: { email: 320 },
      sorting: [{ id: 'created_at', desc: true }],
      filters: { status: 'archived', site_id: ['s1', 's2'] },
      search: 'ada',
      pageSize: 50,
    });
  });

  it('ignores what no longer applies: removed columns, unhideable columns, unsortable sorts, unknown filters', () => {
    const state = restoreGridState(
      {
        table_head: {
          visibility: { name: false, removed: false, email: false },
          order: ['removed', 'created_at', 'email'],
          sizing: { removed: 200, phone: 5000, email: 10 },
        },
        url: {
          filters: { status: '', site_id: [], label_id: ['x'] },
          sorting: [{ id: 'phone', desc: true }],
          limit: 10,
        },
      },
      config,
    );
    expect(state.columnVisibility).toEqual({ id_number: false, email: false });
    expect(state.columnOrder).toEqual(['name', 'created_at', 'email', 'phone', 'id_number']);
    // Widths are kept within the column's limits.
    expect(state.columnSizing).toEqual({ phone: 600, email: 60 });
    expect(state.sorting).toEqual([{ id: 'name', desc: false }]);
    expect(state.filters).toEqual({});
  });

  it('falls back to the default page size for a size the grid does not offer', () => {
    expect(restoreGridState({ url: { limit: 37 as never } }, config).pageSize).toBe(10);
  });
});

describe('toPreferenceBody', () => {
  it('is what the server accepts, and restores to the same state', () => {
    const state = {
      ...defaultGridState(config),
      columnVisibility: { phone: false, name: false },
      columnOrder: ['phone', 'name', 'email', 'id_number', 'created_at'],
      columnSizing: { email: 251.6, name: 2000 },
      sorting: [{ id: 'email', desc: true }],
      filters: { status: 'active', site_id: ['a', 'a', ''], unknown: 'x' },
      search: '  ada ',
      pageSize: 25 as const,
    };
    const body = toPreferenceBody(state, config);
    expect(saveTablePreferenceBodySchema.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      table_head: {
        // The name column cannot be hidden, so its visibility is not saved.
        visibility: { phone: false },
        order: ['phone', 'name', 'email', 'id_number', 'created_at'],
        sizing: { email: 252, name: 600 },
      },
      url: {
        filters: { status: 'active', site_id: ['a'] },
        sorting: [{ id: 'email', desc: true }],
        search: 'ada',
        limit: 25,
      },
    });
    expect(restoreGridState(body, config)).toEqual({
      ...state,
      columnVisibility: { id_number: false, phone: false },
      columnSizing: { email: 252, name: 600 },
      filters: { status: 'active', site_id: ['a'] },
      search: 'ada',
    });
  });

  it('leaves the search out when there is none', () => {
    expect(toPreferenceBody(defaultGridState(config), config).url).not.toHaveProperty('search');
  });
});

describe('cleanFilters', () => {
  it('keeps only known keys, drops empty values and repeats, and is safe with inherited keys', () => {
    expect(cleanFilters({ status: 'x', site_id: ['a', 'b', 'a'], toString: 'y' }, ['status', 'site_id'])).toEqual({
      status: 'x',
      site_id: ['a', 'b'],
    });
    expect(cleanFilters({}, ['toString'])).toEqual({});
  });
});

describe('moving columns', () => {
  const order = ['a', 'b', 'c'];

  it('moves one place earlier or later, and not past either end', () => {
    expect(moveColumn(order, 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(order, 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(order, 'a', -1)).toEqual(order);
    expect(moveColumn(order, 'c', 1)).toEqual(order);
  });

  it('moves a dragged column to where it was dropped', () => {
    expect(moveColumnTo(order, 'a', 'c')).toEqual(['b', 'c', 'a']);
    expect(moveColumnTo(order, 'c', 'a')).toEqual(['c', 'a', 'b']);
    expect(moveColumnTo(order, 'x', 'a')).toEqual(order);
  });
});

describe('isDefaultGridState', () => {
  it('is true for the defaults and false after any saved change', () => {
    const defaults = defaultGridState(config);
    expect(isDefaultGridState(defaults, config)).toBe(true);
    expect(isDefaultGridState({ ...defaults, columnVisibility: { id_number: false, email: true } }, config)).toBe(true);
    expect(isDefaultGridState({ ...defaults, columnVisibility: { id_number: true } }, config)).toBe(false);
    expect(isDefaultGridState({ ...defaults, search: 'x' }, config)).toBe(false);
    expect(isDefaultGridState({ ...defaults, columnSizing: { email: 200 } }, config)).toBe(false);
  });
});

describe('gridPageQuery', () => {
  const state = defaultGridState(config);

  it('asks for the page shown, counted from 1, with the page size', () => {
    expect(gridPageQuery({ state, pageIndex: 0, search: '' })).toEqual({ page: 1, limit: 10 });
    expect(gridPageQuery({ state: { ...state, pageSize: 50 }, pageIndex: 2, search: '' })).toEqual({
      page: 3,
      limit: 50,
    });
  });

  it('sends the settled search, not the one still being typed, and leaves out an empty one', () => {
    expect(gridPageQuery({ state: { ...state, search: 'ada lo' }, pageIndex: 0, search: 'ada' })).toEqual({
      page: 1,
      limit: 10,
      search: 'ada',
    });
    expect(gridPageQuery({ state: { ...state, search: 'ada' }, pageIndex: 0, search: '' })).not.toHaveProperty(
      'search',
    );
  });
});

describe('serverSort', () => {
  const fields = { name: 'name', place: 'area', status: 'last_seen_at' } as const;

  it('maps the sorted column to its sort field and keeps the direction', () => {
    expect(serverSort([{ id: 'place', desc: true }], fields, 'name')).toEqual({ sortField: 'area', orderBy: 'desc' });
    expect(serverSort([{ id: 'status', desc: false }], fields, 'name')).toEqual({
      sortField: 'last_seen_at',
      orderBy: 'asc',
    });
  });

  it('uses the first sort only', () => {
    expect(
      serverSort(
        [
          { id: 'name', desc: true },
          { id: 'place', desc: false },
        ],
        fields,
        'name',
      ),
    ).toEqual({ sortField: 'name', orderBy: 'desc' });
  });

  it('falls back, ascending, without a sort or for a column the server does not sort', () => {
    expect(serverSort([], fields, 'name')).toEqual({ sortField: 'name', orderBy: 'asc' });
    expect(serverSort([{ id: 'mac_address', desc: true }], fields, 'name')).toEqual({
      sortField: 'name',
      orderBy: 'asc',
    });
    // An inherited key is not a column.
    expect(serverSort([{ id: 'toString', desc: true }], fields, 'name')).toEqual({ sortField: 'name', orderBy: 'asc' });
  });
});
