import { describe, expect, it } from 'vitest';
import { routeOf } from './router';

describe('routeOf', () => {
  it('reads the kiosk’s pages from the path, and anything else is the welcome screen', () => {
    expect(routeOf('/kiosk/')).toBe('welcome');
    expect(routeOf('/kiosk')).toBe('welcome');
    expect(routeOf('/kiosk/sign-in')).toBe('signIn');
    expect(routeOf('/kiosk/sign-in/')).toBe('signIn');
    expect(routeOf('/kiosk/sign-out')).toBe('signOut');
    expect(routeOf('/kiosk/unknown')).toBe('welcome');
  });
});
