import { describe, expect, it } from 'vitest';
import { columnId, columnInfo, gridColumnHelper, withServerSorting } from './grid-columns';

type Row = { name: string; area_count: number; created_at: string };
const column = gridColumnHelper<Row>();

const columns = [
  column.accessor('name', { enableHiding: false, meta: { label: 'Name' } }),
  column.accessor('area_count', { size: 120, meta: { label: 'Areas' } }),
  column.display({ id: 'location', minSize: 100, maxSize: 300, meta: { label: 'Location', hiddenByDefault: true } }),
  column.accessor('created_at', { enableSorting: true, meta: { label: 'Created' } }),
];

describe('columnId', () => {
  it('is the id, or else the accessor key', () => {
    expect(columns.map((c) => columnId(c))).toEqual(['name', 'area_count', 'location', 'created_at']);
  });
});

describe('withServerSorting', () => {
  it('turns sorting on for the columns the server sorts and off for every other', () => {
    const sorted = withServerSorting(columns, { name: 'name', area_count: 'area_count' });
    expect(sorted.map((c) => c.enableSorting)).toEqual([true, true, false, false]);
    // The rest of each column is left as it was.
    expect(sorted[1]).toMatchObject({ size: 120, meta: { label: 'Areas' } });
  });

  it('refuses a sorted column without an accessor: the table would never sort it', () => {
    expect(() => withServerSorting(columns, { location: 'location' })).toThrow(/location/);
  });

  it('does not take an inherited key for a column', () => {
    const toString = column.display({ id: 'toString', meta: { label: 'x' } });
    expect(withServerSorting([toString], {})[0]?.enableSorting).toBe(false);
  });
});

describe('columnInfo', () => {
  it('tells the preference what it needs of each column, with the default sizes', () => {
    expect(columnInfo(withServerSorting(columns, { name: 'name' }))).toEqual([
      { id: 'name', canHide: false, canSort: true, minSize: 60, maxSize: 800, hiddenByDefault: false },
      { id: 'area_count', canHide: true, canSort: false, minSize: 60, maxSize: 800, hiddenByDefault: false },
      { id: 'location', canHide: true, canSort: false, minSize: 100, maxSize: 300, hiddenByDefault: true },
      { id: 'created_at', canHide: true, canSort: false, minSize: 60, maxSize: 800, hiddenByDefault: false },
    ]);
  });
});
