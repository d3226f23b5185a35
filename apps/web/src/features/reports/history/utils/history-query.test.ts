import { describe, expect, it } from 'vitest';
import { historyFilters, historyQuery, historySort, rangeOf } from './history-query';

const grid = (sorting: { id: string; desc: boolean }[] = []) => ({
  state: {
    columnVisibility: {},
    columnOrder: [],
    columnSizing: {},
    sorting,
    filters: {},
    search: '',
    pageSize: 25 as const,
  },
  pageIndex: 1,
  search: 'ada',
});

describe('history query', () => {
  it('covers the last seven days by default, puts the days in order and keeps to a year', () => {
    expect(rangeOf({}, new Date(2026, 2, 10, 12))).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(rangeOf({ from: '2026-03-10', to: '2026-03-01' })).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(rangeOf({ from: '2025-01-01', to: '2026-12-31' })).toEqual({ from: '2025-01-01', to: '2026-01-02' });
    expect(rangeOf({ from: '2026-03-02' })).toEqual({ from: '2026-03-02', to: '2026-03-02' });
  });

  it('sends the filters without the pickers’ names, and a field value only with its field', () => {
    const sort = { sortField: 'activity', orderBy: 'desc' } as const;
    expect(
      historyFilters(
        {
          from: '2026-03-01',
          to: '2026-03-02',
          person_id: '0195f0f0-0000-7000-8000-000000000001',
          person_name: 'Ada Lovelace',
          field_value: 'Sales',
        },
        sort,
      ),
    ).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
      person_id: '0195f0f0-0000-7000-8000-000000000001',
      ...sort,
    });
  });

  it('sorts by latest activity unless a sortable column is chosen, and pages with the grid', () => {
    expect(historySort(grid())).toEqual({ sortField: 'activity', orderBy: 'desc' });
    expect(historySort(grid([{ id: 'person', desc: false }]))).toEqual({ sortField: 'name', orderBy: 'asc' });
    expect(historySort(grid([{ id: 'hosts', desc: true }]))).toEqual({ sortField: 'activity', orderBy: 'desc' });
    expect(historyQuery({ from: '2026-03-01', to: '2026-03-01' }, grid([{ id: 'duration', desc: true }]))).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
      sortField: 'duration',
      orderBy: 'desc',
      page: 2,
      limit: 25,
      search: 'ada',
    });
  });
});
