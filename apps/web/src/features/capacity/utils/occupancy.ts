// What the dashboard's occupancy card shows (issue 29, decision 054): the places with a limit, each
// level's look, and whether requests wait for an admin.
import type { CapacityLevel } from '@app/shared/capacity/levels';
import type { Occupancy, PlaceOccupancy, SiteOccupancy } from '@app/shared/capacity/schemas';

export const hasLimit = (place: Pick<PlaceOccupancy, 'capacity' | 'daily_visitor_limit'>): boolean =>
  place.capacity !== null || place.daily_visitor_limit !== null;

/** Whether requests wait for an admin: only where the company asks for approval. */
export const approvalsWaiting = (occupancy: Occupancy): boolean =>
  occupancy.over_capacity === 'approval' && occupancy.waiting_approvals > 0;

export type OccupancyRow =
  { kind: 'site'; place: SiteOccupancy } | { kind: 'area'; place: SiteOccupancy['areas'][number]; site: SiteOccupancy };

/**
 * Each site with a limit of its own or in one of its areas, followed by those areas. Places without
 * a limit are left out (a site heads its limited areas, with its count plainly).
 */
export function occupancyRows(occupancy: Occupancy): OccupancyRow[] {
  return occupancy.sites.flatMap((site): OccupancyRow[] => {
    const areas = site.areas.filter(hasLimit);
    if (!hasLimit(site) && areas.length === 0) return [];
    return [{ kind: 'site', place: site }, ...areas.map((place) => ({ kind: 'area' as const, place, site }))];
  });
}

/** Whether the card has anything to say: a limited place, or someone waiting for approval. */
export const occupancyShown = (occupancy: Occupancy): boolean =>
  occupancyRows(occupancy).length > 0 || approvalsWaiting(occupancy);

/** How far a bar is filled: the count's share of the limit, full at the limit and past it. */
export const filledPercent = (count: number, limit: number): number =>
  limit <= 0 ? 100 : Math.min(100, Math.round((count * 100) / limit));

/**
 * Each level's colours: the bar's, and the badge's (filled, the darker shades keeping white text at
 * WCAG AA contrast), from teal to dark red. The badge's word says the same: colour is never the only sign.
 */
export const LEVEL_LOOK: Record<CapacityLevel, { bar: string; badge: string }> = {
  low: { bar: 'teal.6', badge: 'teal.9' },
  nearing: { bar: 'orange.5', badge: 'yellow.5' },
  full: { bar: 'red.6', badge: 'red.8' },
  over: { bar: 'red.9', badge: 'red.9' },
};
