import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expectGridMirrored } from './fixtures/grid';
import { randomMac, STANDALONE_KIOSK } from './fixtures/seed-kiosks';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

// A kiosk is a tablet that opens /kiosk-register: here a browser context of its own, so it shares
// nothing with the admin's session. Other tests share the database: names here are this run's own,
// and what the test makes is removed at the end.
const suffix = Math.random().toString(36).slice(2, 8);
const siteName = `E2E Kiosk site ${suffix}`;

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const treeSite = (page: Page, name: string) => page.locator(`[data-testid="tree-site"][data-site-name="${name}"]`);
const kioskRow = (page: Page, name: string) => page.locator(`[data-testid="kiosks-row"][data-name="${name}"]`);

type Tablet = { context: BrowserContext; page: Page; errors: string[]; close: () => Promise<void> };

/** A tablet of its own: a separate context; like the test's page, it fails the test on a console error. */
async function openTablet(browser: Browser, baseURL: string, viewport = { width: 1024, height: 768 }): Promise<Tablet> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US', timezoneId: 'UTC' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/^Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      expect(errors, 'errors on the tablet').toEqual([]);
    },
  };
}

/** The pairing code the tablet shows, as an admin types it. */
async function readCode(tablet: Page) {
  const code = tablet.getByTestId('kiosk-register-code');
  await expect(code).toHaveText(/^[A-Z0-9]{3} [A-Z0-9]{3}$/);
  return (await code.innerText()).replace(/\s/g, '');
}

async function addSiteWithAreas(page: Page, name: string, areas: string[]) {
  await page.getByTestId('site-add').click();
  await page.getByTestId('site-name').fill(name);
  await page.getByTestId('site-save').click();
  await expect(toast(page, 'Site Added')).toBeVisible();
  for (const area of areas) {
    await treeSite(page, name).getByTestId('area-add').click();
    await page.getByTestId('area-name').fill(area);
    await page.getByTestId('area-save').click();
    await expect(toast(page, 'Area Added')).toBeVisible();
    await expect(treeSite(page, name).locator(`[data-testid="tree-area"][data-area-name="${area}"]`)).toBeVisible();
  }
}

async function chooseOption(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).click();
}

async function addKiosk(page: Page, code: string, name: string, area: string) {
  await page.getByTestId('kiosk-add').click();
  await page.getByTestId('kiosk-add-code').fill(`${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`);
  await page.getByTestId('kiosk-add-name').fill(name);
  await chooseOption(page, page.getByTestId('kiosk-add-area'), area);
  await page.getByTestId('kiosk-add-save').click();
  await expect(toast(page, 'Kiosk Added')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('kiosk register page: the code, its countdown, and the MAC address form when the app passes none', async ({
  browser,
  baseURL,
}) => {
  const tablet = await openTablet(browser, baseURL!);
  const { page } = tablet;
  await page.goto('/kiosk-register');
  // Without ?mac= the page asks for it, with the shared rules.
  await expect(page.getByTestId('kiosk-register-device-form')).toBeVisible();
  await page.getByTestId('kiosk-register-mac').fill('aa:bb:cc');
  await page.getByTestId('kiosk-register-submit').click();
  await expect(page.getByText('Enter a MAC address like aa:bb:cc:dd:ee:ff.')).toBeVisible();
  await page.screenshot({ path: screenPath('kiosk-register-form-en'), animations: 'disabled' });
  await page.getByTestId('kiosk-register-mac').fill(randomMac().toUpperCase().replace(/:/g, '-'));
  await page.getByTestId('kiosk-register-version').fill('3.1.0');
  await page.getByTestId('kiosk-register-submit').click();
  await readCode(page);
  await expect(page.getByTestId('kiosk-register-countdown')).toHaveText(/^Expires in 1[45]:\d\d$/);
  await expect(page.getByTestId('kiosk-register-device')).toContainText('App version 3.1.0');
  await page.screenshot({ path: screenPath('kiosk-register-code-en'), animations: 'disabled' });

  // A reload shows the same code: the pairing is kept on the tablet.
  const code = await readCode(page);
  await page.reload();
  expect(await readCode(page)).toBe(code);

  // Phone width, in English then in Arabic; Arabic on the tablet too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenPath('kiosk-register-code-en-390'), fullPage: true, animations: 'disabled' });
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل هذا الكشك');
  expect(await readCode(page)).toBe(code);
  await page.screenshot({ path: screenPath('kiosk-register-code-ar-390'), fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: screenPath('kiosk-register-code-ar'), animations: 'disabled' });
  await tablet.close();
});

test('kiosks: a tablet registers into a new site with two areas, shows Registered and online; settings, move and deregister', async ({
  page,
  loginAs,
  browser,
  baseURL,
  request,
}) => {
  // A long journey (two browsers, a site, two kiosks, settings, a move, two deregistrations): it took
  // 91 s on this machine's two cores under a load average of 20, so it has room for a busy CI machine.
  test.setTimeout(180_000);
  const lobby = `Lobby ${suffix}`;
  const dock = `Dock ${suffix}`;
  const first = `Lobby kiosk ${suffix}`;
  const second = `Dock kiosk ${suffix}`;

  // The tablet opens the page the way the kiosk app does, with its MAC address and version.
  const tablet = await openTablet(browser, baseURL!);
  const mac = randomMac();
  await tablet.page.goto(`/kiosk-register?mac=${mac}&version=3.2.1`);
  const code = await readCode(tablet.page);
  await expect(tablet.page.getByTestId('kiosk-register-device')).toHaveText(`MAC address ${mac} · App version 3.2.1`);

  // The admin adds a site with two areas, then the kiosk to the first area with the tablet's code.
  await loginAs('acmeAdmin');
  // The kiosks list as a new admin sees it: whatever an earlier test left saved (a search, a page) is reset.
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  await page.request.delete('/api/v1/table-preferences/kiosks', { headers: { 'x-csrf-token': csrf } });
  await page.goto('/sites');
  await addSiteWithAreas(page, siteName, [lobby, dock]);
  await page.getByTestId('sites-tab-kiosks').click();
  await addKiosk(page, code, first, lobby);

  // The tablet turns to Registered by itself, with where it stands, and reports itself alive.
  const registered = tablet.page.getByTestId('kiosk-register-registered');
  await expect(registered).toBeVisible();
  await expect(tablet.page.getByRole('heading', { level: 1 })).toHaveText('Registered');
  await expect(tablet.page.getByTestId('kiosk-register-company')).toHaveText('Acme Cloud');
  await expect(tablet.page.getByTestId('kiosk-register-site')).toHaveText(siteName);
  await expect(tablet.page.getByTestId('kiosk-register-area')).toHaveText(lobby);
  await expect(tablet.page.getByTestId('kiosk-register-name')).toHaveText(first);
  await expect(tablet.page.getByTestId('kiosk-register-online')).toHaveAttribute('data-online', 'true');
  await expect(tablet.page.getByTestId('kiosk-register-last-report')).toBeVisible();
  // The admin's open list shows it online by itself, at once: no reload, no waiting for a refresh.
  await expect(page.getByTestId('kiosks-live')).toHaveAttribute('data-state', 'live');
  // The list asks the server again only while a kiosk is online, so only the live event can turn it:
  // 10 s is room for a busy machine, not for a refresh.
  await expect(kioskRow(page, first).getByTestId('kiosk-status')).toHaveAttribute('data-online', 'true', {
    timeout: 10_000,
  });
  await tablet.page.screenshot({ path: screenPath('kiosk-register-registered-en'), animations: 'disabled' });

  // The same screen in Arabic at phone width; then back to English.
  await tablet.page.setViewportSize({ width: 390, height: 844 });
  await tablet.page.getByTestId('language-switch').click();
  await tablet.page.getByTestId('language-ar').click();
  await expect(tablet.page.getByRole('heading', { level: 1 })).toHaveText('تم التسجيل');
  await expect(tablet.page.getByTestId('kiosk-register-online')).toHaveText('متصل');
  await tablet.page.screenshot({
    path: screenPath('kiosk-register-registered-ar-390'),
    fullPage: true,
    animations: 'disabled',
  });
  await tablet.page.getByTestId('language-switch').click();
  await tablet.page.getByTestId('language-en').click();
  await expect(tablet.page.getByRole('heading', { level: 1 })).toHaveText('Registered');
  await tablet.page.setViewportSize({ width: 1024, height: 768 });

  // The dashboard lists it with the MAC address and version the tablet sent.
  const firstRow = kioskRow(page, first);
  await expect(firstRow.getByTestId('kiosk-status')).toHaveAttribute('data-online', 'true');
  await expect(firstRow.getByTestId('kiosk-status')).toHaveText('Online');
  await expect(firstRow.getByTestId('kiosk-mac')).toHaveText(mac);
  await expect(firstRow.getByTestId('kiosk-version')).toHaveText('3.2.1');
  await expect(firstRow.getByTestId('kiosk-place')).toHaveText(`${siteName} › ${lobby}`);

  // A second kiosk, paired by the API as its app would, goes to the other area.
  const pairing = await request.post('/api/v1/public/kiosk-pairings', {
    data: { mac_address: randomMac(), app_version: '3.0.0' },
  });
  expect(pairing.status()).toBe(201);
  const paired = (await pairing.json()) as { code: string; secret: string };
  await addKiosk(page, paired.code, second, dock);
  // The second kiosk collects its device token, as its app does.
  const collected = await request.get('/api/v1/public/kiosk-pairings/status', {
    headers: { 'x-kiosk-pairing-secret': paired.secret },
  });
  const deviceToken = ((await collected.json()) as { device_token: string }).device_token;
  const secondRow = kioskRow(page, second);
  // Collecting the token is its first sign of life: the open list shows it online at once.
  await expect(secondRow.getByTestId('kiosk-status')).toHaveAttribute('data-online', 'true');

  // The site tree's kiosk count opens the list narrowed to that area; the grid keeps it over a reload.
  await page.reload();
  await page.getByTestId('sites-tab-sites').click();
  // The page was reloaded since the site was added: its node is closed.
  await treeSite(page, siteName).getByTestId('tree-site-toggle').click();
  await treeSite(page, siteName)
    .locator(`[data-testid="tree-area"][data-area-name="${dock}"]`)
    .getByTestId('tree-area-kiosk-count')
    .click();
  await expect(page.getByTestId('kiosks-filter-site')).toHaveValue(siteName);
  await expect(page.getByTestId('kiosks-filter-area')).toHaveValue(dock);
  await expect(secondRow).toBeVisible();
  await expect(page.getByTestId('kiosks-row')).toHaveCount(1);
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/table-preferences/kiosks') && res.request().method() === 'PUT' && res.ok(),
  );
  // The sorting is saved with it: by status, the kiosks heard from most recently first.
  await page.getByTestId('kiosks-sort-status').click();
  await saved;
  await page.reload();
  await expect(page.getByTestId('kiosks-filter-area')).toHaveValue(dock);
  await expect(page.getByTestId('kiosks-row')).toHaveCount(1);
  await expect(page.locator('[data-testid="kiosks-table"] th[data-column="status"]')).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  // Reset brings back how the grid starts: every kiosk, by name.
  await page.getByTestId('kiosks-columns').click();
  await page.getByTestId('kiosks-columns-reset').click();
  await expect(page.getByTestId('kiosks-columns-menu')).toBeHidden();
  await expect(page.getByTestId('kiosks-filter-area')).toHaveValue('');
  await expect(firstRow).toBeVisible();
  await expect(secondRow).toBeVisible();

  // Settings for both at once.
  await firstRow.getByTestId('kiosks-select-row').check();
  await secondRow.getByTestId('kiosks-select-row').check();
  await expect(page.getByTestId('kiosks-selected-count')).toContainText('2');
  await page.screenshot({ path: screenPath('kiosks-selection-en'), animations: 'disabled' });
  await page.getByTestId('kiosks-bulk-settings').click();
  await expect(page.getByTestId('kiosk-settings-many')).toBeVisible();
  await page.getByTestId('kiosk-brightness').fill('40');
  await chooseOption(page, page.getByTestId('kiosk-date-format'), /^dd-MM-yyyy/);
  // Spec §4 kiosk sign in/out mode: these two only sign people in.
  await expect(page.getByTestId('kiosk-sign-mode')).toHaveValue('Sign in and sign out');
  await chooseOption(page, page.getByTestId('kiosk-sign-mode'), 'Sign in only');
  await page.getByTestId('kiosk-settings-save').click();
  await expect(toast(page, 'Kiosk Settings Updated')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (const row of [firstRow, secondRow]) {
    await row.getByTestId('kiosk-settings').click();
    await expect(page.getByTestId('kiosk-brightness')).toHaveValue('40');
    await expect(page.getByTestId('kiosk-date-format')).toHaveValue(/^dd-MM-yyyy/);
    await expect(page.getByTestId('kiosk-sign-mode')).toHaveValue('Sign in only');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  }
  // The kiosk acts on the mode: a sign-out there is refused with the reason.
  const signOut = await request.post('/api/v1/kiosk-device/sign-out', {
    headers: { authorization: `Bearer ${deviceToken}` },
    data: { person_ids: [crypto.randomUUID()] },
  });
  expect(signOut.status()).toBe(422);
  expect(((await signOut.json()) as { fields: Record<string, string[]> }).fields.sign_mode).toEqual([
    'This kiosk only signs people in. Sign out at another kiosk or at the front desk.',
  ]);

  // Move both to the dock.
  if ((await page.getByTestId('kiosks-selection').count()) === 0) {
    await firstRow.getByTestId('kiosks-select-row').check();
    await secondRow.getByTestId('kiosks-select-row').check();
  }
  await page.getByTestId('kiosks-bulk-move').click();
  await chooseOption(page, page.getByTestId('kiosk-move-area'), dock);
  await page.getByTestId('kiosk-move-save').click();
  await expect(toast(page, 'Kiosks Moved')).toBeVisible();
  await expect(firstRow.getByTestId('kiosk-place')).toHaveText(`${siteName} › ${dock}`);
  await expect(secondRow.getByTestId('kiosk-place')).toHaveText(`${siteName} › ${dock}`);
  // The tablet learns its new area with its next report (on reload here rather than in 30 seconds).
  await tablet.page.reload();
  await expect(tablet.page.getByTestId('kiosk-register-area')).toHaveText(dock);

  // Deregister the first: the tablet's token stops working and it shows a new code by itself.
  await firstRow.getByTestId('kiosk-deregister').click();
  await page.getByTestId('kiosk-deregister-confirm').click();
  await expect(toast(page, 'Kiosk Deleted')).toBeVisible();
  await expect(firstRow).toHaveCount(0);
  await tablet.page.reload();
  await expect(tablet.page.getByTestId('kiosk-register-deregistered')).toBeVisible();
  expect(await readCode(tablet.page)).not.toBe(code);
  await tablet.page.screenshot({ path: screenPath('kiosk-register-deregistered-en'), animations: 'disabled' });
  await tablet.close();

  // Clean up: the second kiosk and the site.
  await secondRow.getByTestId('kiosk-deregister').click();
  await page.getByTestId('kiosk-deregister-confirm').click();
  await expect(secondRow).toHaveCount(0);
  await page.getByTestId('sites-tab-sites').click();
  await page.getByTestId('sites-search').fill(siteName);
  const siteRow = page.getByTestId('sites-row').filter({ hasText: siteName });
  await expect(page.getByTestId('sites-row')).toHaveCount(1);
  await siteRow.getByTestId('site-delete').click();
  await page.getByTestId('site-delete-confirm').click();
  await expect(toast(page, `Site ${siteName} deleted successfully.`)).toBeVisible();
});

test('kiosks on Standalone: the admin may only rename', async ({ page, loginAs }) => {
  await loginAs('soloAdmin');
  await page.goto('/sites?tab=kiosks');
  await expect(page.getByTestId('kiosks-standalone')).toBeVisible();
  await expect(page.getByTestId('kiosk-add')).toBeDisabled();
  const row = kioskRow(page, STANDALONE_KIOSK.name);
  await expect(row.getByTestId('kiosk-place')).toHaveText(`${STANDALONE_KIOSK.site} › ${STANDALONE_KIOSK.area}`);
  for (const action of ['kiosk-settings', 'kiosk-move', 'kiosk-deregister']) {
    await expect(row.getByTestId(action)).toBeDisabled();
  }
  await row.getByTestId('kiosks-select-row').check();
  await expect(page.getByTestId('kiosks-bulk-settings')).toBeDisabled();
  await expect(page.getByTestId('kiosks-bulk-move')).toBeDisabled();

  const renamed = `Front desk ${suffix}`;
  await row.getByTestId('kiosk-rename').click();
  await page.getByTestId('kiosk-rename-name').fill(renamed);
  await page.getByTestId('kiosk-rename-save').click();
  await expect(toast(page, 'Kiosk Updated')).toBeVisible();
  const renamedRow = kioskRow(page, renamed);
  await expect(renamedRow).toBeVisible();
  // Back to its name: other tests share the company.
  await renamedRow.getByTestId('kiosk-rename').click();
  await page.getByTestId('kiosk-rename-name').fill(STANDALONE_KIOSK.name);
  await page.getByTestId('kiosk-rename-save').click();
  await expect(kioskRow(page, STANDALONE_KIOSK.name)).toBeVisible();
});

test('the site tree opens the kiosks of an area on top of the saved grid, even before it is read', async ({
  page,
  loginAs,
}) => {
  await loginAs('soloAdmin');
  await page.goto('/sites?tab=kiosks');
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/table-preferences/kiosks') && res.request().method() === 'PUT' && res.ok(),
  );
  await page.getByTestId('kiosks-page-size').selectOption('25');
  await saved;

  // The saved grid is slow to come: the link is followed before it has been read.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/table-preferences/kiosks', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  await page.goto('/sites');
  await page.getByTestId('tree-toggle-all').click();
  await treeSite(page, STANDALONE_KIOSK.site).getByTestId('tree-area-kiosk-count').click();
  await expect(page.getByTestId('kiosks-filter-area')).toBeDisabled();
  release();
  await expect(page.getByTestId('kiosks-filter-area')).toHaveValue(STANDALONE_KIOSK.area);
  await expect(page.getByTestId('kiosks-filter-site')).toHaveValue(STANDALONE_KIOSK.site);
  await expect(page.getByTestId('kiosks-page-size')).toHaveValue('25');
  await expect(kioskRow(page, STANDALONE_KIOSK.name)).toBeVisible();

  // Back to how the grid starts: other tests share this member.
  await page.getByTestId('kiosks-columns').click();
  await page.getByTestId('kiosks-columns-reset').click();
  await expect(page.getByTestId('kiosks-page-size')).toHaveValue('10');
  await expect(page.getByTestId('kiosks-filter-area')).toHaveValue('');
});

test('the kiosks grid in Arabic is mirrored, on a desktop and on a phone', async ({ page, loginAs }) => {
  await loginAs('soloAdmin');
  await page.goto('/sites?tab=kiosks');
  const row = kioskRow(page, STANDALONE_KIOSK.name);
  await expect(row).toBeVisible();
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  try {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('kiosks-standalone')).toHaveText('مع الباقة المستقلة يمكنك إعادة تسمية الأكشاك فقط.');
    await expect(row.getByTestId('kiosk-status')).toHaveText('غير متصل');
    await expectGridMirrored(page, 'kiosks', 'name');
    await row.getByTestId('kiosks-select-row').check();
    await expect(page.getByTestId('kiosks-bulk-move')).toBeDisabled();
    await page.screenshot({ path: screenPath('kiosks-standalone-ar'), animations: 'disabled' });
    // The column menu opens under its button, inside the screen.
    await page.getByTestId('kiosks-columns').click();
    const menu = (await page.getByTestId('kiosks-columns-menu').boundingBox())!;
    expect(menu.x).toBeGreaterThanOrEqual(0);
    expect(menu.x + menu.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.screenshot({ path: screenPath('kiosks-columns-ar'), animations: 'disabled' });
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toBeVisible();
    await page.screenshot({ path: screenPath('kiosks-ar-390'), fullPage: true, animations: 'disabled' });
    await page.getByTestId('kiosks-clear-selection').click();
  } finally {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  }
});
