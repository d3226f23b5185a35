import { describe, expect, it } from 'vitest';
import { listVisitsQuerySchema } from '@app/shared/visits/schemas';
import { gridOf } from '@/components/data-grid/grid-state.fixture';
import {
  LOGBOOK_GRID,
  activeFilterCount,
  applyFilterPatch,
  countSearch,
  dashboardQuery,
  dayRange,
  filteredSearchFilters,
  logbookQuery,
  savedGridFilters,
} from './logbook-query';

const A = '0190a0b0-0000-7000-8000-000000000001';
const B = '0190a0b0-0000-7000-8000-000000000002';
const C = '0190a0b0-0000-7000-8000-000000000003';
const grid = gridOf(LOGBOOK_GRID);

describe('logbookQuery', () => {
  it('opens on the latest activity first, ten rows, with no filter (today, on the server)', () => {
    const query = logbookQuery(grid(), {});
    expect(query).toEqual({ page: 1, limit: 10, sortField: 'activity', orderBy: 'desc' });
    expect(listVisitsQuerySchema.safeParse(query).success).toBe(true);
  });

  it('sorts by the sorted column and passes the page, search and filters', () => {
    const query = logbookQuery(grid({ sorting: [{ id: 'signed_in', desc: false }], pageSize: 25 }, 1, 'ada'), {
      state: 'on_site',
      site_id: A,
      count: 'signed_in',
    });
    expect(query).toEqual({
      page: 2,
      limit: 25,
      search: 'ada',
      sortField: 'signed_in_at',
      orderBy: 'asc',
      state: 'on_site',
      site_id: A,
      count: 'signed_in',
    });
    expect(listVisitsQuerySchema.safeParse(query).success).toBe(true);
  });

  it('falls back to the latest activity for a column the server does not sort', () => {
    expect(logbookQuery(grid({ sorting: [{ id: 'notes', desc: true }] }), {})).toMatchObject({
      sortField: 'activity',
      orderBy: 'desc',
    });
  });
});

describe('the filters', () => {
  it('keep only valid values: ids, known states and stages, real dates', () => {
    expect(
      savedGridFilters({ state: 'gone', site_id: 'nope', user_type_id: A, stage: 'approved', from: '2026-02-30' }),
    ).toEqual({ user_type_id: A, stage: 'approved' });
  });

  it('on /, never take a count from the saved grid', () => {
    expect(savedGridFilters({ count: 'on_site' })).toEqual({});
  });

  it('on /filtered, read the count and the filters from the address', () => {
    expect(filteredSearchFilters(`?count=expected&user_type_id=${A}&from=2026-03-01&to=2026-03-02&x=1`)).toEqual({
      count: 'expected',
      user_type_id: A,
      from: '2026-03-01',
      to: '2026-03-02',
    });
    expect(filteredSearchFilters('?count=everyone')).toEqual({});
  });

  it('put a range in order and keep it within 366 days', () => {
    expect(dayRange('2026-03-05', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-05' });
    expect(dayRange('2025-01-01', '2027-01-01')).toEqual({ from: '2025-01-01', to: '2026-01-02' });
    expect(dayRange('2026-03-05', undefined)).toEqual({ from: '2026-03-05' });
    const query = logbookQuery(grid(), savedGridFilters({ from: '2025-01-01', to: '2027-01-01' }));
    expect(listVisitsQuerySchema.safeParse(query).success).toBe(true);
  });

  it('count what the person chose, not the count that was clicked', () => {
    expect(activeFilterCount({ count: 'on_site', user_type_id: A, from: '2026-03-01' })).toBe(2);
  });

  it('change one at a time; another site forgets the area', () => {
    expect(applyFilterPatch({ site_id: A, area_id: B }, { site_id: C })).toEqual({ site_id: C });
    expect(applyFilterPatch({ site_id: A, area_id: B }, { site_id: A })).toEqual({ site_id: A, area_id: B });
    expect(applyFilterPatch({ site_id: A, area_id: B, count: 'on_site' }, { area_id: null })).toEqual({
      site_id: A,
      count: 'on_site',
    });
    expect(applyFilterPatch({}, { from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
  });
});

describe('the counts', () => {
  it('open /filtered with the count, its user type and the place in force', () => {
    expect(countSearch('on_site', { site_id: A })).toEqual({ count: 'on_site', site_id: A });
    expect(countSearch('expected', {}, B)).toEqual({ count: 'expected', user_type_id: B });
  });

  it('follow the site and area only while the caller still sees them', () => {
    const places = { sites: [{ id: A, areas: [{ id: B }] }] };
    expect(dashboardQuery({ site_id: A, area_id: B }, places)).toEqual({ site_id: A, area_id: B });
    expect(dashboardQuery({ site_id: C }, places)).toEqual({});
    expect(dashboardQuery({ site_id: A }, undefined)).toEqual({});
  });
});
