import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { pageApi } from './fixtures/api';
import { openTablet, pairKioskByApi } from './fixtures/kiosk-tablet';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';

// Remote actions from a kiosk's row (spec §7 "Kiosks", decision 044): the kiosk app runs on a tablet
// paired by the API; the admin asks from the dashboard and follows each request live as the app
// carries it out.
const suffix = Math.random().toString(36).slice(2, 8);
const kioskName = `Remote kiosk ${suffix}`;

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const requestCard = (page: Page, action: string) =>
  page.getByTestId('kiosk-remote-drawer').locator(`[data-testid="kiosk-request"][data-action="${action}"]`);

/** A kiosk added to a new area of Acme, its door relay on, and its device token collected. */
async function pairKiosk(page: Page) {
  const admin = pageApi(page);
  const send = async (url: string, data: unknown) => (await admin.post(url, data)) as { id: string };
  const site = await send('/sites', { name: `Remote site ${suffix}` });
  const area = await send('/areas', { site_id: site.id, name: `Remote lobby ${suffix}` });
  const kiosk = await pairKioskByApi(page, {
    areaId: area.id,
    name: kioskName,
    company: 'Acme',
    site: `Remote site ${suffix}`,
    area: `Remote lobby ${suffix}`,
  });
  await admin.put(`/kiosks/${kiosk.id}/settings`, { door_relay: 1 });
  return { kiosk, remove: () => admin.delete(`/kiosks/${kiosk.id}`) };
}

async function openRemote(page: Page) {
  await page.goto('/sites?tab=kiosks');
  await page.getByTestId('kiosks-search').fill(kioskName);
  await page.locator(`[data-testid="kiosks-row"][data-name="${kioskName}"]`).getByTestId('kiosk-remote').click();
  await expect(page.getByTestId('kiosk-remote-drawer').getByTestId('kiosk-remote-actions')).toBeVisible();
}

/** The kiosks grid keeps its search for the person: the next test of this admin starts from an empty one. */
async function clearKioskSearch(page: Page) {
  await page.goto('/sites?tab=kiosks');
  const search = page.getByTestId('kiosks-search');
  if ((await search.inputValue()) === '') return;
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/table-preferences/kiosks') && res.request().method() === 'PUT' && res.ok(),
  );
  await search.fill('');
  await saved;
}

test('an admin opens the door and restarts a kiosk from its row, follows each request live, in English and Arabic', async ({
  page,
  browser,
  loginAs,
  baseURL,
}) => {
  await loginAs('acmeAdmin');
  const { kiosk, remove } = await pairKiosk(page);
  let tablet = await openTablet(browser, baseURL!, kiosk);
  try {
    await expect(tablet.page.getByTestId('kiosk-app')).toHaveAttribute('data-online', 'true');
    await openRemote(page);
    await expectAccessible(page, 'the remote actions of a kiosk');

    // Open door: delivered (the toast), the tablet shows the door open, then reports it done and the
    // list shows it by itself.
    await page.getByTestId('kiosk-remote-open_door-go').click();
    await expect(toast(page, 'Request was delivered successfully.')).toBeVisible();
    await expect(tablet.page.getByTestId('kiosk-door-open')).toBeVisible();
    await expect(requestCard(page, 'open_door').first()).toHaveAttribute('data-status', 'succeeded', {
      timeout: 20_000,
    });
    await expect(requestCard(page, 'open_door').first().getByTestId('kiosk-request-history')).toContainText(
      /Placed .* › Pending .* › Delivered .* › Running .* › Succeeded/,
    );

    // The tablet is switched off: the request fails at once, with the spec's words.
    await tablet.close();
    await page.getByTestId('kiosk-remote-open_door-go').click();
    await expect(toast(page, "Cannot find the kiosk's connection.")).toBeVisible();
    await expect(requestCard(page, 'open_door').first()).toHaveAttribute('data-status', 'failed');
    await expect(requestCard(page, 'open_door').first().getByTestId('kiosk-request-error')).toHaveText(
      "Cannot find the kiosk's connection.",
    );

    // In Arabic: the tablet is back, a restart is confirmed first and followed to its end: the app
    // loads again (what the page held before is gone).
    tablet = await openTablet(browser, baseURL!, kiosk);
    await expect(tablet.page.getByTestId('kiosk-app')).toHaveAttribute('data-online', 'true');
    await tablet.page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
    await page.keyboard.press('Escape');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await openRemote(page);
    await page.getByTestId('kiosk-remote-restart_app-go').click();
    await page.getByTestId('kiosk-remote-confirm').click();
    await expect(toast(page, 'تم تسليم الطلب بنجاح.')).toBeVisible();
    await expect(requestCard(page, 'restart_app')).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });
    await expect(requestCard(page, 'restart_app').getByTestId('kiosk-request-status')).toHaveText('نجح');
    // The tablet reloads when the restart arrives: a look taken while its page is being replaced
    // counts as not yet restarted, and the poll looks again.
    await expect
      .poll(() =>
        tablet.page.evaluate(() => (window as unknown as { before?: boolean }).before ?? false).catch(() => true),
      )
      .toBe(false);
    await expect(tablet.page.getByTestId('kiosk-welcome')).toBeVisible();
    expect(tablet.errors).toEqual([]);
    await expectAccessible(page, 'the remote actions of a kiosk, in Arabic');
    await page.screenshot({ path: screenPath('kiosk-remote-ar'), animations: 'disabled' });
  } finally {
    await tablet.close();
    await remove();
    await clearKioskSearch(page);
    if ((await page.locator('html').getAttribute('dir')) === 'rtl') {
      await page.getByTestId('language-menu').click();
      await page.getByTestId('language-en').click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    }
  }
});
