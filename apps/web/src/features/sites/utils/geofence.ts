// The geofence preview draws the circle to the scale a web map would use at the chosen zoom, without
// any map tiles: the preview must work offline.

const EARTH_METRES_PER_PIXEL_AT_ZOOM_0 = 156_543.033_92;

/** Metres one screen pixel covers at a latitude and zoom on a web-Mercator map. */
export function metresPerPixel(latitude: number, zoom: number): number {
  const cos = Math.cos((Math.max(-85, Math.min(85, latitude)) * Math.PI) / 180);
  return (EARTH_METRES_PER_PIXEL_AT_ZOOM_0 * cos) / 2 ** zoom;
}

export type GeofenceCircle = { radiusPx: number; clipped: boolean };

/** The circle's radius in preview pixels, kept between a visible dot and the preview's edge. */
export function geofenceCircle(
  input: { latitude: number; radius: number; zoom: number },
  maxRadiusPx: number,
  minRadiusPx = 3,
): GeofenceCircle {
  const raw = input.radius / metresPerPixel(input.latitude, input.zoom);
  if (raw > maxRadiusPx) return { radiusPx: maxRadiusPx, clipped: true };
  return { radiusPx: Math.max(minRadiusPx, raw), clipped: false };
}

/** A round scale-bar length (1, 2 or 5 × 10ⁿ metres) that fits in at most maxPx pixels. */
export function scaleBar(latitude: number, zoom: number, maxPx: number): { metres: number; px: number } {
  const mpp = metresPerPixel(latitude, zoom);
  const limit = mpp * maxPx;
  const power = 10 ** Math.floor(Math.log10(limit));
  const metres = [5, 2, 1].map((step) => step * power).find((value) => value <= limit) ?? power;
  return { metres, px: metres / mpp };
}
