import { z } from 'zod';
import { KIOSK_STATUSES } from '@app/shared/kiosks/schemas';
import type { SiteTree } from '@app/shared/sites/schemas';
import {
  gridPageQuery,
  serverSort,
  type GridFilters,
  type GridOptions,
  type GridQueryInput,
} from '@/components/data-grid/grid-state';
import type { KiosksQuery } from '../api/list-kiosks';

/** The kiosks grid's filters, as its saved preference keeps them. */
export const KIOSK_FILTER_KEYS = ['site_id', 'area_id', 'status'] as const;

/** The kiosks grid's columns the server sorts, by column id. */
export const KIOSK_SORT_COLUMNS = {
  name: 'name',
  place: 'area',
  status: 'last_seen_at',
  created_at: 'created_at',
} as const;

type KioskStatus = (typeof KIOSK_STATUSES)[number];

/** The kiosks grid opens sorted by name, unfiltered. */
export const KIOSKS_GRID: GridOptions = {
  defaultSorting: [{ id: 'name', desc: false }],
  filterKeys: KIOSK_FILTER_KEYS,
};

export type KioskFilters = { siteId: string | null; areaId: string | null; status: KioskStatus | null };

const uuid = z.uuid();
const id = (value: GridFilters[string] | undefined) =>
  typeof value === 'string' && uuid.safeParse(value).success ? value : null;

export const isKioskStatus = (value: unknown): value is KioskStatus =>
  typeof value === 'string' && (KIOSK_STATUSES as readonly string[]).includes(value);

/**
 * The site, area and status the grid is narrowed to. A saved site or area that is no longer in the
 * tree (deleted since) is dropped rather than narrowing the list to nothing behind an empty picker;
 * until the tree has loaded, saved ids are taken as they are.
 */
export function kioskFilters(filters: GridFilters, tree: SiteTree | undefined): KioskFilters {
  let siteId = id(filters.site_id);
  let areaId = id(filters.area_id);
  if (tree) {
    const site = tree.find((node) => node.value === siteId);
    const areaSite = tree.find((node) => node.children.some((area) => area.id === areaId));
    if (!site) siteId = null;
    if (!areaSite || (site && site !== areaSite)) areaId = null;
  }
  return { siteId, areaId, status: isKioskStatus(filters.status) ? filters.status : null };
}

/** The filters after choosing a site: an area of another site no longer applies. */
export function withSite(filters: GridFilters, siteId: string | null, tree: SiteTree): GridFilters {
  const { site_id: _site, area_id: areaId, ...rest } = filters;
  const keepArea =
    siteId !== null && tree.find((node) => node.value === siteId)?.children.some((area) => area.id === areaId) === true;
  return { ...rest, ...(siteId ? { site_id: siteId } : {}), ...(keepArea && areaId ? { area_id: areaId } : {}) };
}

/** The filters after choosing an area (from the picker or the site tree): its site goes with it. */
export function withArea(filters: GridFilters, area: { id: string; site_id: string } | null): GridFilters {
  const { area_id: _area, ...rest } = filters;
  return area ? { ...rest, site_id: area.site_id, area_id: area.id } : rest;
}

/** GET /kiosks's query for the grid's page, page size, sorting, search and filters. */
export function kiosksQuery(grid: GridQueryInput, filters: KioskFilters): KiosksQuery {
  return {
    ...gridPageQuery(grid),
    ...serverSort(grid.state.sorting, KIOSK_SORT_COLUMNS, 'name'),
    // An area lies in one site: the area alone says it.
    site_id: filters.areaId ? null : filters.siteId,
    area_id: filters.areaId,
    status: filters.status,
  };
}
