import { describe, expect, it } from 'vitest';
import type { SiteTree } from '@app/shared/sites/schemas';
import { gridOf } from '@/components/data-grid/grid-state.fixture';
import { KIOSKS_GRID, kioskFilters, kiosksQuery, withArea, withSite } from './kiosks-query';
import { treeArea as area } from './site-tree.fixture';

const S1 = '0190a000-0000-7000-8000-000000000001';
const S2 = '0190a000-0000-7000-8000-000000000002';
const A1 = '0190a000-0000-7000-8000-0000000000a1';
const A2 = '0190a000-0000-7000-8000-0000000000a2';
const A3 = '0190a000-0000-7000-8000-0000000000a3';
const GONE = '0190a000-0000-7000-8000-0000000000ff';

const tree: SiteTree = [
  { value: S1, text: 'HQ', children: [area(A1, 'Lobby', S1), area(A2, 'Dock', S1)] },
  { value: S2, text: 'Depot', children: [area(A3, 'Gate', S2)] },
];

const grid = gridOf(KIOSKS_GRID);

describe('kioskFilters', () => {
  it('reads the saved site, area and status', () => {
    expect(kioskFilters({ site_id: S1, area_id: A2, status: 'online' }, tree)).toEqual({
      siteId: S1,
      areaId: A2,
      status: 'online',
    });
  });

  it('drops what is not an id or a status rather than sending it', () => {
    expect(kioskFilters({ site_id: 'x', area_id: [A1], status: 'asleep' }, tree)).toEqual({
      siteId: null,
      areaId: null,
      status: null,
    });
  });

  it('drops a site or area deleted since it was saved, once the tree says so', () => {
    expect(kioskFilters({ site_id: GONE, area_id: GONE }, undefined)).toMatchObject({ siteId: GONE, areaId: GONE });
    expect(kioskFilters({ site_id: GONE, area_id: A3 }, tree)).toMatchObject({ siteId: null, areaId: A3 });
    expect(kioskFilters({ site_id: S1, area_id: GONE }, tree)).toMatchObject({ siteId: S1, areaId: null });
  });

  it('drops an area that is not in the chosen site', () => {
    expect(kioskFilters({ site_id: S1, area_id: A3 }, tree)).toMatchObject({ siteId: S1, areaId: null });
  });
});

describe('withSite and withArea', () => {
  it('choosing a site keeps the area only if it lies in that site, and keeps the status', () => {
    expect(withSite({ site_id: S1, area_id: A2, status: 'offline' }, S2, tree)).toEqual({
      site_id: S2,
      status: 'offline',
    });
    expect(withSite({ area_id: A2 }, S1, tree)).toEqual({ site_id: S1, area_id: A2 });
    expect(withSite({ site_id: S1, area_id: A2 }, null, tree)).toEqual({});
  });

  it('choosing an area chooses its site; clearing it keeps the site', () => {
    expect(withArea({ status: 'online' }, { id: A3, site_id: S2 })).toEqual({
      status: 'online',
      site_id: S2,
      area_id: A3,
    });
    expect(withArea({ site_id: S1, area_id: A1 }, null)).toEqual({ site_id: S1 });
  });
});

describe('kiosksQuery', () => {
  const none = { siteId: null, areaId: null, status: null };

  it('asks for the first page of ten by name when nothing is chosen', () => {
    expect(kiosksQuery(grid(), none)).toEqual({
      page: 1,
      limit: 10,
      sortField: 'name',
      orderBy: 'asc',
      site_id: null,
      area_id: null,
      status: null,
    });
  });

  it('sorts the place column by area and the status column by last seen', () => {
    expect(kiosksQuery(grid({ sorting: [{ id: 'place', desc: true }] }), none)).toMatchObject({
      sortField: 'area',
      orderBy: 'desc',
    });
    expect(kiosksQuery(grid({ sorting: [{ id: 'status', desc: false }] }), none)).toMatchObject({
      sortField: 'last_seen_at',
      orderBy: 'asc',
    });
  });

  it('sends the page, page size, search and filters; an area alone stands for its site', () => {
    expect(
      kiosksQuery(grid({ pageSize: 25 }, 2, 'lobby'), { siteId: S1, areaId: A1, status: 'offline' }),
    ).toMatchObject({ page: 3, limit: 25, search: 'lobby', site_id: null, area_id: A1, status: 'offline' });
    expect(kiosksQuery(grid(), { siteId: S1, areaId: null, status: null })).toMatchObject({
      site_id: S1,
      area_id: null,
    });
  });
});
