import type { Position } from '@app/shared/passport/holder';

/** The mean radius of the earth, in metres (IUGG). */
const EARTH_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

export type Fence = { latitude: number; longitude: number; radius: number };

/** The great-circle distance between two points (haversine), in metres. */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type FenceCheck = {
  /** In whole metres: what the person is told, and what is compared with the radius. */
  distance: number;
  /** How much farther than the edge, in whole metres (0 inside). */
  away: number;
  inside: boolean;
  /** The position's uncertainty is wider than the fence: it could be anywhere around it. */
  inexact: boolean;
};

/**
 * Whether a phone stands within a site's geofence: its distance to the centre, in whole metres, at most
 * the radius (the edge is inside), and its accuracy no wider than the radius, so a rough position
 * from far away cannot pass as inside.
 */
export function checkFence(fence: Fence, at: Position): FenceCheck {
  const distance = Math.round(distanceMetres(fence, at));
  const inexact = at.accuracy > fence.radius;
  const within = distance <= fence.radius;
  return { distance, away: Math.max(0, distance - fence.radius), inside: within && !inexact, inexact };
}
