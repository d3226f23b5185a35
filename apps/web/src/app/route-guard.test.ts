import { describe, expect, it } from 'vitest';
import { makeSession, type SessionOverrides } from '@/lib/session.fixture';
import { decideRoute } from './route-guard';

const session = (overrides: SessionOverrides & { is_support?: boolean; is_platform_admin?: boolean } = {}) =>
  makeSession({
    ...overrides,
    user: { is_support: overrides.is_support ?? false, is_platform_admin: overrides.is_platform_admin ?? false },
  });

describe('decideRoute', () => {
  it('sends a browser with no stored user to /login', () => {
    expect(decideRoute('/', null)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute('/journeys', null)).toEqual({ kind: 'redirect', to: '/login' });
  });

  describe('Cloud', () => {
    it('continues when the mapped permission is allowed', () => {
      const s = session({ permissions: { show_journey_list: { allowed: 1 }, edit_journey: { allowed: 1 } } });
      expect(decideRoute('/journeys', s)).toEqual({ kind: 'continue' });
      expect(decideRoute('/update/journey/$id', s)).toEqual({ kind: 'continue' });
    });

    it('reloads to the origin when the mapped permission is off', () => {
      const s = session({ permissions: { company_details: { allowed: 0 }, 'add-announcement': { allowed: 0 } } });
      expect(decideRoute('/company', s)).toEqual({ kind: 'reload-origin' });
      expect(decideRoute('/add-announcement', s)).toEqual({ kind: 'reload-origin' });
    });

    it('continues when the permission map has no entry, or the route maps to none', () => {
      expect(decideRoute('/journeys', session())).toEqual({ kind: 'continue' });
      expect(decideRoute('/', session())).toEqual({ kind: 'continue' });
      expect(decideRoute('/vp/playground', session())).toEqual({ kind: 'continue' });
    });

    it('maps the integration sub-pages to the integration permission', () => {
      const s = session({ permissions: { integration: { allowed: 0 } } });
      expect(decideRoute('/sync-status', s)).toEqual({ kind: 'reload-origin' });
      expect(decideRoute('/view-integration/$integId/$integName', s)).toEqual({ kind: 'reload-origin' });
    });
  });

  describe('Standalone', () => {
    it('sends every route but sites, passport, company and two-step to /sites', () => {
      const s = session({ package: 'Standalone', permissions: { show_journey_list: { allowed: 1 } } });
      expect(decideRoute('/', s)).toEqual({ kind: 'redirect', to: '/sites' });
      expect(decideRoute('/journeys', s)).toEqual({ kind: 'redirect', to: '/sites' });
      expect(decideRoute('/sites', s)).toEqual({ kind: 'continue' });
      expect(decideRoute('/passport', s)).toEqual({ kind: 'continue' });
      expect(decideRoute('/account/two-step', s)).toEqual({ kind: 'continue' });
    });

    it('opens /company only for the support account', () => {
      expect(decideRoute('/company', session({ package: 'Standalone' }))).toEqual({ kind: 'redirect', to: '/sites' });
      expect(decideRoute('/company', session({ package: 'Standalone', is_support: true }))).toEqual({
        kind: 'continue',
      });
    });
  });

  it('sends any other package to /404', () => {
    expect(decideRoute('/', session({ package: 'Legacy' }))).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('opens /system/companies only for platform admins, on any package', () => {
    expect(decideRoute('/system/companies', session())).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideRoute('/system/companies', session({ is_platform_admin: true, package: 'Standalone' }))).toEqual({
      kind: 'continue',
    });
  });
});
