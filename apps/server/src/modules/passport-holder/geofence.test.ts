import { describe, expect, it } from 'vitest';
import { checkFence, distanceMetres } from './geofence';

// A point `metres` north of another: one degree of latitude is 2πR/360 metres on the sphere.
const north = (p: { latitude: number; longitude: number }, metres: number) => ({
  latitude: p.latitude + (metres / (2 * Math.PI * 6_371_008.8)) * 360,
  longitude: p.longitude,
});

const site = { latitude: 25.2048, longitude: 55.2708, radius: 100 };

describe('geofence', () => {
  it('measures great-circle distances', () => {
    // Dubai to Abu Dhabi city centres: about 117 km.
    expect(distanceMetres(site, { latitude: 24.4539, longitude: 54.3773 }) / 1000).toBeCloseTo(122, -1);
    expect(distanceMetres(site, site)).toBe(0);
    expect(Math.round(distanceMetres(site, north(site, 250)))).toBe(250);
  });

  it('is inside within the radius, on the edge, and outside beyond it by whole metres', () => {
    expect(checkFence(site, { ...north(site, 40), accuracy: 20 })).toEqual({
      distance: 40,
      away: 0,
      inside: true,
      inexact: false,
    });
    expect(checkFence(site, { ...north(site, 100), accuracy: 20 })).toMatchObject({ distance: 100, inside: true });
    expect(checkFence(site, { ...north(site, 101), accuracy: 20 })).toEqual({
      distance: 101,
      away: 1,
      inside: false,
      inexact: false,
    });
    expect(checkFence(site, { ...north(site, 3000), accuracy: 5 })).toMatchObject({ away: 2900, inside: false });
  });

  it('never takes a position rougher than the fence as inside', () => {
    expect(checkFence(site, { ...site, accuracy: 101 })).toEqual({
      distance: 0,
      away: 0,
      inside: false,
      inexact: true,
    });
    expect(checkFence(site, { ...site, accuracy: 100 })).toMatchObject({ inside: true, inexact: false });
  });
});
