import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { pageApi } from './fixtures/api';
import { connectKiosk } from './fixtures/connected-kiosk';
import { screenPath } from './fixtures/screens';
import { randomMac } from './fixtures/seed-kiosks';
import { expect, test } from './fixtures/test';

// Remote actions from a kiosk's row (spec §7 "Kiosks", decision 044): the kiosk is paired by the API
// and connected as its app connects; the admin asks from the dashboard and follows each request live.
const suffix = Math.random().toString(36).slice(2, 8);
const kioskName = `Remote kiosk ${suffix}`;

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const requestCard = (page: Page, action: string) =>
  page.getByTestId('kiosk-remote-drawer').locator(`[data-testid="kiosk-request"][data-action="${action}"]`);

/** A kiosk added to a new area of Acme, its door relay on, and its device token collected. */
async function pairKiosk(page: Page) {
  const api = page.context().request;
  const admin = pageApi(page);
  const send = async (method: 'post' | 'put', url: string, data: unknown) =>
    (await admin[method](url, data)) as { id: string };
  const site = await send('post', '/sites', { name: `Remote site ${suffix}` });
  const area = await send('post', '/areas', { site_id: site.id, name: `Remote lobby ${suffix}` });
  const pairing = await api.post('/api/v1/public/kiosk-pairings', {
    data: { mac_address: randomMac(), app_version: '3.2.1' },
  });
  const { code, secret } = (await pairing.json()) as { code: string; secret: string };
  const kiosk = await send('post', '/kiosks', { code, name: kioskName, area_id: area.id });
  await send('put', `/kiosks/${kiosk.id}/settings`, { door_relay: 1 });
  const status = await api.get('/api/v1/public/kiosk-pairings/status', {
    headers: { 'x-kiosk-pairing-secret': secret },
  });
  const token = ((await status.json()) as { device_token: string }).device_token;
  return { api, token, remove: () => admin.delete(`/kiosks/${kiosk.id}`) };
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

const answerEverything = (api: APIRequestContext, baseURL: string, token: string) =>
  connectKiosk(api, baseURL, token, () => ({ status: 'succeeded' }));

test('an admin opens the door and restarts a kiosk from its row, follows each request live, in English and Arabic', async ({
  page,
  loginAs,
  baseURL,
}) => {
  await loginAs('acmeAdmin');
  const { api, token, remove } = await pairKiosk(page);
  let kiosk = await answerEverything(api, baseURL!, token);
  try {
    await openRemote(page);
    await expectAccessible(page, 'the remote actions of a kiosk');

    // Open door: delivered (the toast), then the kiosk reports it done and the list shows it by itself.
    await page.getByTestId('kiosk-remote-open_door-go').click();
    await expect(toast(page, 'Request was delivered successfully.')).toBeVisible();
    await expect(requestCard(page, 'open_door').first()).toHaveAttribute('data-status', 'succeeded');
    await expect(requestCard(page, 'open_door').first().getByTestId('kiosk-request-history')).toContainText(
      /Placed .* › Pending .* › Delivered .* › Running .* › Succeeded/,
    );
    expect(kiosk.taken.map((r) => r.action)).toEqual(['open_door']);

    // The kiosk drops its connection: the request fails at once, with the spec's words.
    kiosk.disconnect();
    await page.getByTestId('kiosk-remote-open_door-go').click();
    await expect(toast(page, "Cannot find the kiosk's connection.")).toBeVisible();
    await expect(requestCard(page, 'open_door').first()).toHaveAttribute('data-status', 'failed');
    await expect(requestCard(page, 'open_door').first().getByTestId('kiosk-request-error')).toHaveText(
      "Cannot find the kiosk's connection.",
    );

    // In Arabic: the kiosk is back, a restart is confirmed first and followed to its end.
    kiosk = await answerEverything(api, baseURL!, token);
    await page.keyboard.press('Escape');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await openRemote(page);
    await page.getByTestId('kiosk-remote-restart_app-go').click();
    await page.getByTestId('kiosk-remote-confirm').click();
    await expect(toast(page, 'تم تسليم الطلب بنجاح.')).toBeVisible();
    await expect(requestCard(page, 'restart_app')).toHaveAttribute('data-status', 'succeeded');
    await expect(requestCard(page, 'restart_app').getByTestId('kiosk-request-status')).toHaveText('نجح');
    expect(kiosk.taken.map((r) => r.action)).toEqual(['restart_app']);
    await expectAccessible(page, 'the remote actions of a kiosk, in Arabic');
    await page.screenshot({ path: screenPath('kiosk-remote-ar'), animations: 'disabled' });
  } finally {
    kiosk.disconnect();
    await remove();
    await clearKioskSearch(page);
    if ((await page.locator('html').getAttribute('dir')) === 'rtl') {
      await page.getByTestId('language-menu').click();
      await page.getByTestId('language-en').click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    }
  }
});
