import { describe, expect, it } from 'vitest';
import { geofenceCircle, metresPerPixel, scaleBar } from './geofence';

describe('geofence preview scale', () => {
  it('halves the metres per pixel with each zoom level', () => {
    expect(metresPerPixel(0, 15) / metresPerPixel(0, 16)).toBeCloseTo(2);
    expect(metresPerPixel(60, 10)).toBeCloseTo(metresPerPixel(0, 10) / 2, 5);
  });

  it('draws a bigger circle for a bigger radius and clips it at the edge', () => {
    const small = geofenceCircle({ latitude: 51.5, radius: 50, zoom: 16 }, 100);
    const large = geofenceCircle({ latitude: 51.5, radius: 200, zoom: 16 }, 100);
    expect(large.radiusPx).toBeGreaterThan(small.radiusPx);
    expect(geofenceCircle({ latitude: 51.5, radius: 100_000, zoom: 16 }, 100)).toEqual({
      radiusPx: 100,
      clipped: true,
    });
  });

  it('picks a round scale bar that fits', () => {
    const bar = scaleBar(0, 15, 100);
    expect([1, 2, 5]).toContain(bar.metres / 10 ** Math.floor(Math.log10(bar.metres)));
    expect(bar.px).toBeLessThanOrEqual(100);
  });
});
