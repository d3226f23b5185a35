import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { comingSoonPaths, paths } from '@/config/paths';
import { allPermissions, makeSession } from '@/lib/session.fixture';
import { buildMenu, type MenuItem } from './navigation';

const ids = (entries: ReturnType<typeof buildMenu>) => entries.map((entry) => entry.id);
const item = (entries: ReturnType<typeof buildMenu>, id: string) =>
  entries.find((entry): entry is MenuItem => entry.kind === 'link' && entry.id === id);

describe('buildMenu', () => {
  it('lists the allowed entries in the spec order', () => {
    const menu = buildMenu(makeSession({ permissions: allPermissions() }), '/');
    expect(ids(menu)).toEqual([
      'passport',
      'company',
      'dashboard',
      'kiosk_reviews',
      'users',
      'announcements',
      'sites',
      'reporting',
      'settings',
      'journeys',
      'compliances',
      'integration',
      'emergency',
    ]);
  });

  it('shows an item only when its key is allowed, and passport always', () => {
    const menu = buildMenu(
      makeSession({ permissions: { dashboard: { allowed: 1 }, users: { allowed: 0 }, sites_devices: { allowed: 1 } } }),
      '/',
    );
    expect(ids(menu)).toEqual(['passport', 'dashboard', 'kiosk_reviews', 'sites']);
  });

  it('shows the System title to the system admin role and the companies link to platform admins', () => {
    const permissions = { dashboard: { allowed: 1 as const }, users: { allowed: 1 as const } };
    expect(ids(buildMenu(makeSession({ permissions, roleName: 'System Admin' }), '/'))).toEqual([
      'passport',
      'dashboard',
      'kiosk_reviews',
      'system',
      'users',
    ]);
    const platform = makeSession({ permissions, roleName: 'System admin', user: { is_platform_admin: true } });
    expect(ids(buildMenu(platform, '/'))).toEqual([
      'passport',
      'dashboard',
      'kiosk_reviews',
      'system',
      'system_companies',
      'users',
    ]);
  });

  it('opens /users in a new tab', () => {
    expect(item(buildMenu(makeSession({ permissions: allPermissions() }), '/'), 'users')?.newTab).toBe(true);
  });

  it('keeps reporting and settings sub-items whose own permission is allowed', () => {
    const permissions = { ...allPermissions(), show_history_list: { allowed: 0 as const } };
    const reporting = item(buildMenu(makeSession({ permissions }), '/'), 'reporting');
    expect(reporting?.children.map((c) => c.id)).not.toContain('reporting_history');
    expect(reporting?.children[0]?.id).toBe('reporting_visit_summary');
    expect(reporting?.path).toBe('/reporting/visit_summary');
  });

  it('hides custom fields on the lite plan', () => {
    const settings = item(buildMenu(makeSession({ permissions: allPermissions(), plan: 1 }), '/'), 'settings');
    expect(settings?.children.map((c) => c.id)).not.toContain('custom_fields');
  });

  it('highlights the parent of the open route', () => {
    const session = makeSession({ permissions: allPermissions() });
    expect(item(buildMenu(session, '/update/journey/$id'), 'journeys')?.active).toBe(true);
    const reporting = item(buildMenu(session, '/reporting/timesheet'), 'reporting');
    expect(reporting?.active).toBe(true);
    expect(reporting?.children.find((c) => c.active)?.id).toBe('reporting_timesheet');
    const settings = item(buildMenu(session, '/add-user-type'), 'settings');
    expect(settings?.active).toBe(true);
    expect(item(buildMenu(session, '/add-user-type'), 'dashboard')?.active).toBe(false);
  });

  it('disables all but sites and passport off the Cloud package', () => {
    const menu = buildMenu(makeSession({ package: 'Standalone', permissions: allPermissions() }), '/sites');
    const enabled = menu.filter((entry) => entry.kind === 'link' && !entry.disabled).map((entry) => entry.id);
    expect(enabled).toEqual(['passport', 'sites']);
    expect(item(menu, 'reporting')?.children.every((c) => c.disabled)).toBe(true);
  });

  it('keeps company enabled off Cloud for the support account', () => {
    const menu = buildMenu(
      makeSession({ package: 'Standalone', permissions: allPermissions(), user: { is_support: true } }),
      '/sites',
    );
    expect(item(menu, 'company')?.disabled).toBe(false);
  });
});

describe('areas not built yet', () => {
  const routerSource = ['router', 'route-shells', 'public-routes', 'dashboard-routes', 'operations-routes']
    .map((name) => readFileSync(new URL(`../../app/${name}.tsx`, import.meta.url), 'utf8'))
    .join('\n');

  it('are marked "Soon" in the menu (none left), a group when all of its links are', () => {
    const menu = buildMenu(makeSession({ permissions: allPermissions() }), '/');
    const soon = menu.filter((e): e is MenuItem => e.kind === 'link' && e.comingSoon).map((e) => e.id);
    expect(soon).toEqual([]);
    const settings = item(menu, 'settings')!;
    expect(settings.comingSoon).toBe(false);
    expect(settings.children.filter((c) => c.comingSoon).map((c) => c.id)).toEqual([]);
    expect(item(menu, 'users')?.comingSoon).toBe(false);
  });

  it('are exactly the routes the router gives no screen of their own', () => {
    // appPage(paths.x) and publicPage(paths.x, comingSoonPage): the routes that open the "not available yet" page.
    const unbuilt = [
      ...routerSource.matchAll(/appPage\(paths\.(\w+)\)/g),
      ...routerSource.matchAll(/publicPage\(paths\.(\w+), comingSoonPage\)/g),
    ].map((m) => paths[m[1] as keyof typeof paths]);
    expect(new Set(unbuilt)).toEqual(comingSoonPaths);
  });
});
