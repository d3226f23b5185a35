/// <reference lib="dom" />
// Accessibility of every screen (WCAG 2.2 A and AA, through axe): each route of the route table, the
// public pages and the kiosk and passport pages, in English and in Arabic, with the main screens' drawer
// or dialog open too. Serious and critical findings fail. One browser page walks every route with the
// router's own navigation, so the whole walk costs one sign-in and a few page loads.
import type { Page } from '@playwright/test';
import { appPaths, hrefFor, publicPaths, type RoutePath } from '../apps/web/src/config/paths';
import { blockingViolations } from './fixtures/a11y';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';

type Language = 'en' | 'ar';

// An id that matches nothing: a route that needs one still shows its page (or its "not found").
const NO_ID = '00000000-0000-4000-8000-000000000000';

/** Opens a route the way a link does (no page load), and waits for what it shows to settle. */
async function visit(page: Page, href: string) {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, href);
  await settle(page);
}

/** The route's module, its data and its skeletons are done. */
async function settle(page: Page) {
  await expect(page.locator('.mantine-Skeleton-root, [aria-busy="true"], main .mantine-Loader-root')).toHaveCount(0);
}

/** The first id a list endpoint answers, or one that matches nothing. */
async function firstId(page: Page, url: string): Promise<string> {
  const res = await page.request.get(`/api/v1${url}`);
  if (!res.ok()) return NO_ID;
  const body = (await res.json()) as { data?: { id: string }[] };
  return body.data?.[0]?.id ?? NO_ID;
}

/** Each signed-in route with its parameters filled from what the company has. */
async function signedInRoutes(page: Page): Promise<{ path: RoutePath; href: string }[]> {
  const journey = await firstId(page, '/journeys?limit=1');
  const flow = journey === NO_ID ? NO_ID : await firstId(page, `/journeys/${journey}/flows`);
  const params: Record<string, string> = {
    id: NO_ID,
    integId: NO_ID,
    integName: 'none',
    accessToken: 'none',
    refreshToken: 'none',
    encryptedEmail: 'none',
    sessionName: 'none',
    sessionId: NO_ID,
  };
  const ids: Partial<Record<RoutePath, string>> = {
    [appPaths.userVisitPermits]: loadWorld().people.acmeAdmin.id,
    [appPaths.userTypeVisitPermits]: await firstId(page, '/user-types'),
    [appPaths.updateJourney]: journey,
    [appPaths.addJourneyFlow]: journey,
    [appPaths.updateJourneyFlow]: flow,
    [appPaths.complianceUpdate]: await firstId(page, '/compliances?limit=1'),
    [appPaths.badgePrint]: await firstId(page, '/visits?limit=1'),
  };
  return Object.values(appPaths).map((path) => ({
    path,
    href: hrefFor(path, { ...params, id: ids[path] ?? NO_ID }),
  }));
}

/** The main screens' overlays: each is opened, checked and closed again. */
const OVERLAYS: Partial<Record<RoutePath, { opener: string; label: string }>> = {
  [appPaths.home]: { opener: 'quick-sign-in', label: 'quick sign-in dialog' },
  [appPaths.users]: { opener: 'person-add', label: 'add user drawer' },
  [appPaths.sites]: { opener: 'site-add', label: 'add site dialog' },
  [appPaths.visitPermits]: { opener: 'permit-add', label: 'add permit dialog' },
};

const PUBLIC_PAGES: RoutePath[] = [
  publicPaths.login,
  publicPaths.forgotPassword,
  publicPaths.resetPassword,
  publicPaths.unlockSignIn,
  publicPaths.notFound,
  publicPaths.error,
  publicPaths.otpError,
  publicPaths.linkExpired,
  publicPaths.kioskRegister,
  publicPaths.preRegistration,
  publicPaths.onlineCompliance,
  publicPaths.complianceLink,
  publicPaths.rfidCode,
  // Not /passport: signed out, it leaves at once for the passport's own sign-in (another origin), which
  // e2e/passport.spec.ts checks with axe; its navigation would cut this walk's next step short.
  publicPaths.iAmSafe,
];

// The layout around every signed-in screen: checked with the first screen of each language only.
const SHELL = ['[data-testid="side-menu"]', '[data-testid="top-bar"]', '[data-testid="footer"]'];
// Screens not built yet all show one page ("not available yet", or not found): checked once each.
const PLACEHOLDERS = ['coming-soon-page', 'not-found-page'];

type Walk = { found: string[]; shellChecked: boolean; placeholders: Set<string> };

async function check(page: Page, walk: Walk, label: string) {
  for (const id of PLACEHOLDERS) {
    if (!(await page.getByTestId(id).isVisible())) continue;
    if (walk.placeholders.has(id)) return;
    walk.placeholders.add(id);
  }
  const exclude = walk.shellChecked ? SHELL : [];
  if (await page.getByTestId('side-menu').isVisible()) walk.shellChecked = true;
  const first = await blockingViolations(page, exclude);
  // A finding of a screen still being put together (a lazy editor mounting, a route's last render) is
  // looked at again a moment later: only what is still there counts.
  const lasting =
    first.length === 0 ? [] : await page.waitForTimeout(1000).then(() => blockingViolations(page, exclude));
  for (const finding of first.filter((f) => lasting.includes(f))) walk.found.push(`${label}: ${finding}`);
}

async function useLanguage(page: Page, language: Language, start: string) {
  await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
  await page.goto(start);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await settle(page);
}

// Per language, the signed-in screens in PARTS tests (every PARTS-th route each) and the public pages in
// one more, each in its own time budget, so a slow machine never runs one walk out of time.
const PARTS = 3;
const languageName = (language: Language) => (language === 'en' ? 'English' : 'Arabic');

for (const language of ['en', 'ar'] as const) {
  for (let part = 0; part < PARTS; part++) {
    test(`signed-in screens pass axe in ${languageName(language)} (part ${part + 1} of ${PARTS}), with the main drawers and dialogs open`, async ({
      page,
      loginAs,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: 1366, height: 800 });
      const found: string[] = [];
      await loginAs('acmeAdmin');
      const routes = (await signedInRoutes(page)).filter((_, i) => i % PARTS === part);
      try {
        await useLanguage(page, language, '/');
        const signedIn: Walk = { found, shellChecked: false, placeholders: new Set() };
        if (part === 0) {
          // The side menu's groups, open: Settings is closed on the dashboard.
          const settings = page.getByTestId('menu-settings');
          await settings.click();
          await expect(settings).toHaveAttribute('aria-expanded', 'true');
          await check(page, signedIn, `${language} dashboard with the Settings menu group open`);
          await settings.click();
        }
        for (const { path, href } of routes) {
          // A printable page opens in a tab of its own, without the app's layout: a page load of its own.
          if (path === appPaths.badgePrint || path === appPaths.quickPassPrint) {
            await page.goto(href);
            await settle(page);
          } else {
            await visit(page, href);
          }
          await check(page, signedIn, `${language} ${href}`);
          const overlay = OVERLAYS[path];
          if (overlay && (await page.getByTestId(overlay.opener).isVisible())) {
            await page.getByTestId(overlay.opener).click();
            await expect(page.getByRole('dialog')).toBeVisible();
            await settle(page);
            await check(page, signedIn, `${language} ${href} ${overlay.label}`);
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toHaveCount(0);
          }
        }
      } finally {
        await page.evaluate(() => window.localStorage.setItem('language', 'en'));
      }
      expect(found, 'serious and critical accessibility findings').toEqual([]);
    });
  }

  test(`public pages pass axe in ${languageName(language)}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1366, height: 800 });
    const found: string[] = [];
    try {
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/login/);
      // The app reaches /login first in its own document, then loads the sign-in pages' (decision 040):
      // only their form says the page that is there now is the one to talk to.
      await expect(page.getByTestId('login-email')).toBeVisible();
      await useLanguage(page, language, '/login');
      const signedOut: Walk = { found, shellChecked: false, placeholders: new Set() };
      for (const path of PUBLIC_PAGES) {
        const href = hrefFor(path, { id: NO_ID, visitUrl: NO_ID, code: 'none', token: 'none' });
        await visit(page, href);
        await check(page, signedOut, `${language} ${href}`);
      }
    } finally {
      await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    }
    expect(found, 'serious and critical accessibility findings').toEqual([]);
  });
}

// Each layout mode the layout settings offer (and the light mode's other menu and bar colours): a few
// screens each, with the layout settings drawer open once, in English, and the coloured modes in Arabic.
const LAYOUTS: { label: string; picks: [string, string][]; languages: Language[] }[] = [
  { label: 'dark mode', picks: [['mode', 'dark']], languages: ['en', 'ar'] },
  { label: 'coloured mode', picks: [['mode', 'colored']], languages: ['en', 'ar'] },
  {
    label: 'compact mode, boxed',
    picks: [
      ['mode', 'compact'],
      ['width', 'boxed'],
    ],
    languages: ['en'],
  },
  { label: 'icon mode', picks: [['mode', 'icon']], languages: ['en'] },
  {
    label: 'light mode with a coloured menu and a light top bar',
    picks: [
      ['mode', 'light'],
      ['width', 'fluid'],
      ['sidebar', 'colored'],
      ['topbar', 'light'],
    ],
    languages: ['en'],
  },
  {
    label: 'light mode with a dark menu and a coloured top bar',
    picks: [
      ['sidebar', 'dark'],
      ['topbar', 'colored'],
    ],
    languages: ['en'],
  },
];
const LAYOUT_SCREENS = ['/', '/users', '/journeys'];

for (const layout of LAYOUTS) {
  test(`axe passes in the ${layout.label} on the main screens`, async ({ page, loginAs }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1366, height: 800 });
    const found: string[] = [];
    await loginAs('acmeAdmin');
    try {
      await page.getByTestId('layout-settings-button').click();
      for (const [name, option] of layout.picks) {
        const pick = page.getByTestId(`layout-${name}-${option}`);
        await pick.click();
        await expect(pick).toHaveAttribute('aria-checked', 'true');
      }
      const walk: Walk = { found, shellChecked: false, placeholders: new Set() };
      await check(page, walk, `${layout.label}: layout settings drawer`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      for (const language of layout.languages) {
        await useLanguage(page, language, '/');
        walk.shellChecked = false;
        for (const href of LAYOUT_SCREENS) {
          await visit(page, href);
          await check(page, walk, `${layout.label} ${language} ${href}`);
        }
      }
    } finally {
      await page.evaluate(() => window.localStorage.setItem('language', 'en'));
      const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
      await page.request.put('/api/v1/me/layout', {
        data: { mode: 'light', width: 'fluid', sidebar: 'light', topbar: 'dark', menuPinned: true },
        headers: { 'x-csrf-token': csrf },
      });
    }
    expect(found, 'serious and critical accessibility findings').toEqual([]);
  });
}
