import type { Locator, Page } from '@playwright/test';
import { apiAs } from './fixtures/api';
import { expectGridMirrored } from './fixtures/grid';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

// Other tests share the database: every name here is this run's own, and the sites are deleted at the end.
const suffix = Math.random().toString(36).slice(2, 8);
const siteA = `E2E North ${suffix}`;
const siteB = `E2E South ${suffix}`;

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const treeSite = (page: Page, name: string) => page.locator(`[data-testid="tree-site"][data-site-name="${name}"]`);
const treeArea = (site: Locator, name: string) => site.locator(`[data-testid="tree-area"][data-area-name="${name}"]`);

async function addSite(page: Page, name: string, location?: { latitude: string; longitude: string; radius: string }) {
  await page.getByTestId('site-add').click();
  await page.getByTestId('site-name').fill(name);
  if (location) {
    await page.getByTestId('site-latitude').fill(location.latitude);
    await page.getByTestId('site-longitude').fill(location.longitude);
    await page.getByTestId('site-radius').fill(location.radius);
    await expect(page.getByTestId('geofence-circle')).toBeVisible();
    await expect(page.getByTestId('geofence-marker')).toBeVisible();
  }
  await page.getByTestId('site-save').click();
  await expect(toast(page, 'Site Added')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function addArea(page: Page, site: string, area: string) {
  await treeSite(page, site).getByTestId('area-add').click();
  await page.getByTestId('area-name').fill(area);
  await page.getByTestId('area-save').click();
  await expect(toast(page, 'Area Added')).toBeVisible();
  await expect(treeArea(treeSite(page, site), area)).toBeVisible();
}

async function waitForToastsToClose(page: Page) {
  // Toasts close themselves after a few seconds; the screenshot is taken without them.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
}

async function expandSite(page: Page, name: string) {
  const toggle = treeSite(page, name).getByTestId('tree-site-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

test('sites: add a site with a geofence and areas, edit, move and delete an area, with their toasts', async ({
  page,
  loginAs,
}) => {
  // A long walk through the screen: every step waits for its own toast.
  test.setTimeout(180_000);
  await loginAs('acmeAdmin');
  await page.goto('/sites');
  await expect(page.getByTestId('sites-page')).toBeVisible();

  // A site with a location; the preview is drawn offline.
  await page.getByTestId('site-add').click();
  await page.getByTestId('site-name').fill('A');
  await page.getByTestId('site-save').click();
  await expect(page.getByRole('dialog').getByText(/at least 2/i)).toBeVisible();
  // A started location needs its other fields too.
  await page.getByTestId('site-latitude').fill('51.5');
  await page.getByTestId('site-save').click();
  await expect(page.getByRole('dialog').getByText('Radius is required.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await addSite(page, siteA, { latitude: '51.5074', longitude: '-0.1278', radius: '250' });
  await addSite(page, siteB);

  // The table finds them by search, with the location's state and the area count.
  await page.getByTestId('sites-search').fill(`E2E North ${suffix}`);
  const rowA = page.getByTestId('sites-row').filter({ hasText: siteA });
  await expect(page.getByTestId('sites-row')).toHaveCount(1);
  await expect(rowA).toContainText('0 areas');
  await expect(rowA).not.toContainText('No location');

  // A taken name is shown on the name field (409 from the server).
  await page.getByTestId('site-add').click();
  await page.getByTestId('site-name').fill(siteB);
  await page.getByTestId('site-save').click();
  await expect(page.getByRole('dialog').getByText('A site with this name already exists.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // Editing keeps the geofence and renames.
  await rowA.getByTestId('site-edit').click();
  await expect(page.getByTestId('site-radius')).toHaveValue('250');
  await page.getByTestId('site-location-name').fill('London office');
  await page.getByTestId('site-save').click();
  await expect(toast(page, 'Site Updated')).toBeVisible();
  await expect(rowA).toContainText('London office');

  // Areas: two in the first site.
  await addArea(page, siteA, 'Reception');
  await addArea(page, siteA, 'Warehouse');
  await expect(rowA).toContainText('2 areas');
  const siteANode = treeSite(page, siteA);
  const reception = treeArea(siteANode, 'Reception');
  await expect(reception.getByTestId('tree-area-mode')).toHaveText('Sign in/out');
  await expect(reception.getByTestId('tree-area-status')).toHaveText('Active');

  // Edit the login mode.
  await reception.getByTestId('area-edit').click();
  await page.getByTestId('area-login-mode').click();
  await page.getByRole('option', { name: 'Check in only' }).click();
  await expect(page.getByText(/signs out everyone/)).toBeVisible();
  await page.getByTestId('area-save').click();
  await expect(toast(page, 'Area Updated')).toBeVisible();
  await expect(reception.getByTestId('tree-area-mode')).toHaveText('Check in only');

  // Move the warehouse to the second site.
  await treeArea(siteANode, 'Warehouse').getByTestId('area-move').click();
  await page.getByTestId('area-move-site').click();
  await page.getByRole('option', { name: siteB }).click();
  await page.getByTestId('area-move-save').click();
  await expect(toast(page, 'Area Moved')).toBeVisible();
  // Toasts leave the top bar free: its account menu stays in reach while one shows.
  const toastBox = (await toast(page, 'Area Moved').boundingBox())!;
  const topBar = (await page.getByTestId('user-menu').boundingBox())!;
  expect(toastBox.y).toBeGreaterThan(topBar.y + topBar.height);
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('menu-logout')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(treeArea(siteANode, 'Warehouse')).toHaveCount(0);
  await expect(treeArea(treeSite(page, siteB), 'Warehouse')).toBeVisible();

  // A door in the reception; while it is there, the reception cannot be deleted.
  await reception.getByTestId('door-add').click();
  await page.getByTestId('door-name').fill('Main entrance');
  await page.getByTestId('door-save').click();
  await expect(toast(page, 'Door Added')).toBeVisible();
  const door = reception.getByTestId('tree-door');
  await expect(door).toHaveText('Main entrance');
  // It says why and offers no Delete that could only be refused.
  await reception.getByTestId('area-delete').click();
  await expect(page.getByRole('dialog')).toContainText('Reception cannot be deleted yet.');
  await expect(page.getByRole('dialog')).toContainText('It still has 1 door: remove it first.');
  await expect(page.getByTestId('area-delete-confirm')).toHaveCount(0);
  await expect(page.getByRole('dialog').getByRole('button', { name: /delete/i })).toHaveCount(0);
  await page.getByTestId('area-delete-close').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(reception).toBeVisible();
  await door.click();
  await page.getByTestId('door-remove').click();
  await page.getByTestId('door-remove-confirm').click();
  await expect(toast(page, 'Door Removed')).toBeVisible();
  await expect(door).toHaveCount(0);

  // Delete the reception.
  await reception.getByTestId('area-delete').click();
  await page.getByTestId('area-delete-confirm').click();
  await expect(toast(page, 'Area Deleted')).toBeVisible();
  await expect(reception).toHaveCount(0);
  await expect(rowA).toContainText('0 areas');

  await expandSite(page, siteB);
  await waitForToastsToClose(page);
  await page.screenshot({ path: screenPath('sites-en'), fullPage: true, animations: 'disabled' });
  await rowA.getByTestId('site-edit').click();
  await expect(page.getByTestId('geofence-circle')).toBeVisible();
  await page.screenshot({ path: screenPath('sites-geofence-en'), animations: 'disabled' });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // Clean up: deleting a site explains that its areas go too.
  for (const name of [siteA, siteB]) {
    await page.getByTestId('sites-search').fill(name);
    const row = page.getByTestId('sites-row').filter({ hasText: name });
    await expect(page.getByTestId('sites-row')).toHaveCount(1);
    await row.getByTestId('site-delete').click();
    if (name === siteB) await expect(page.getByRole('dialog')).toContainText('Its 1 area is deleted with it.');
    await page.getByTestId('site-delete-confirm').click();
    await expect(toast(page, `Site ${name} deleted successfully.`)).toBeVisible();
    await expect(page.getByTestId('sites-empty')).toBeVisible();
  }
  await expect(treeSite(page, siteA)).toHaveCount(0);
  await expect(treeSite(page, siteB)).toHaveCount(0);
});

test('sites in Arabic: the table, the tree and the geofence preview are mirrored', async ({
  page,
  loginAs,
  world,
  baseURL,
}) => {
  const name = `E2E Riyadh ${suffix}`;
  const admin = await apiAs(baseURL!, world.people.acmeAdmin);
  const csrf = (await admin.context.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '';
  const post = async (url: string, data: unknown) => {
    const res = await admin.context.post(`/api/v1${url}`, { data, headers: { 'x-csrf-token': csrf } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  };
  const site = await post('/sites', {
    name,
    location: { latitude: 24.7136, longitude: 46.6753, radius: 300, location_name: 'Olaya', zoom: 15 },
  });
  await post('/areas', { site_id: site.id, name: 'Lobby', login_mode: 'checkIn_only', status: true });
  await post('/areas', { site_id: site.id, name: 'Gate 2', login_mode: 'signIn_signOut', status: false });

  try {
    await loginAs('acmeAdmin');
    await page.goto('/sites');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('site-add')).toHaveText('إضافة موقع');
    await page.getByTestId('sites-search').fill(name);
    await expect(page.getByTestId('sites-row')).toHaveCount(1);
    await expect(page.getByTestId('sites-row')).toContainText('منطقتان');
    await expandSite(page, name);
    const node = treeSite(page, name);
    await expect(treeArea(node, 'Lobby').getByTestId('tree-area-mode')).toHaveText('تسجيل الحضور فقط');
    await expect(treeArea(node, 'Gate 2').getByTestId('tree-area-status')).toHaveText('غير نشطة');
    // The tree's add button sits at the inline end, which Arabic draws first from the screen's start.
    const addBox = (await node.getByTestId('area-add').boundingBox())!;
    const nodeBox = (await node.boundingBox())!;
    expect(addBox.x).toBeLessThan(nodeBox.x + nodeBox.width / 2);
    await expectGridMirrored(page, 'sites', 'name');
    await page.screenshot({ path: screenPath('sites-ar'), fullPage: true, animations: 'disabled' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('sites-row')).toBeVisible();
    await page.screenshot({ path: screenPath('sites-ar-390'), fullPage: true, animations: 'disabled' });
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByTestId('sites-row').getByTestId('site-edit').click();
    await expect(page.getByTestId('geofence-circle')).toBeVisible();
    await page.screenshot({ path: screenPath('sites-geofence-ar'), animations: 'disabled' });
    await page.getByRole('dialog').getByRole('button', { name: 'إلغاء' }).click();

    // The Kiosks tab names itself, on the page and in the window's title.
    await page.getByTestId('sites-tab-kiosks').click();
    await expect(page.getByTestId('sites-page-title')).toHaveText('الأكشاك');
    await expect(page).toHaveTitle(/^الأكشاك/);
    await page.getByTestId('sites-tab-sites').click();
    await expect(page.getByTestId('sites-page-title')).toHaveText('المواقع والمناطق');
    await expect(page).toHaveTitle(/^المواقع والمناطق/);
  } finally {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    const res = await admin.context.delete(`/api/v1/sites/${site.id}`, { headers: { 'x-csrf-token': csrf } });
    expect(res.status()).toBe(204);
    await admin.dispose();
  }
});
