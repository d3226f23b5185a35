import { devices, type Locator, type Page } from '@playwright/test';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { signInPlace, type SignInPlace } from './fixtures/sign-in-place';
import { loadWorld } from './fixtures/world';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

// The warden's and the visitor's phone, on a real phone emulation (Pixel 7: 412 px wide, touch, mobile
// viewport): the logbook's names are readable, the session page's filters stay on the screen, and the
// public pre-registration's country code opens the phone's own picker. Made through the API with this
// run's suffix; the drill is ended and the visits signed out at the end.
const { defaultBrowserType: _unused, ...pixel } = devices['Pixel 7'];
test.use({ ...pixel, viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'serial' });

const suffix = Math.random().toString(36).slice(2, 8);
const LONG_NAME = `Jonas Dahlberg-Lindqvist${suffix}`;

let api: ApiCaller;
let place: SignInPlace;
const seed = { qr: '', drill: { id: '', name: `E2E Phone drill ${suffix}` } };

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  place = await signInPlace(api, {
    site: `E2E Phone HQ ${suffix}`,
    area: 'Gate',
    type: `E2E Phone guests ${suffix}`,
    journey: `E2E Phone ${suffix}`,
  });
  const person = await place.addPerson(LONG_NAME, `jonas.${suffix}@example.test`);
  await api.call('POST', '/visits/sign-in', { area_id: place.areaId, people: [{ person_id: person }] });
  seed.qr = (await api.call<{ url: string }>('GET', `/user-types/${place.typeId}/qr`)).url.split('/').pop()!;
});

test.afterAll(async () => {
  if (seed.drill.id) await api.call('POST', `/emergency/sessions/${seed.drill.id}/end`, {}).catch(() => undefined);
  const here = await api.call<{ data: { id: string }[] }>(
    'GET',
    `/visits?count=on_site&site_id=${place.siteId}&limit=100`,
  );
  if (here.data.length > 0) await api.call('POST', '/visits/sign-out', { visit_ids: here.data.map((v) => v.id) });
  await api.dispose();
});

/** Wholly on the screen, side to side. */
async function expectWithinWidth(page: Page, locator: Locator) {
  const width = page.viewportSize()!.width;
  const box = await locator.boundingBox();
  expect(box, 'shown').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test('the dashboard logbook shows a long name whole on a phone', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  await loginAs('acmeAdmin');
  const name = page.locator(`[data-testid="logbook-row"][data-name="${LONG_NAME}"]`).getByTestId('visit-name');
  await expect(name).toHaveText(LONG_NAME);
  // Not cut: the whole name fits its box (on two lines if need be).
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await name.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenPath('phone-logbook'), animations: 'disabled' });
});

test('the emergency session page keeps every filter on the screen', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  const started = await api.call<{ session: { id: string } }>('POST', '/emergency/sessions', {
    name: seed.drill.name,
    is_drill: true,
    site_ids: [place.siteId],
  });
  seed.drill.id = started.session.id;
  await loginAs('acmeAdmin');
  await page.goto(`/emergency-sessions/${encodeURIComponent(seed.drill.name)}/${seed.drill.id}`);
  await expect(page.getByTestId('emergency-session-name')).toHaveText(seed.drill.name, { timeout: 30_000 });
  const chips = page.getByTestId('emergency-session-counts').locator('.mantine-Chip-label');
  await expect(chips).toHaveCount(4);
  for (const chip of await chips.all()) await expectWithinWidth(page, chip);
  await page.getByTestId('emergency-session-counts').screenshot({ path: screenPath('phone-session-filters') });
});

for (const language of ['en', 'ar'] as const) {
  test(`the public pre-registration's country code is the phone's own picker (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(`window.localStorage.setItem('language', '${language}')`);
    await page.goto(`/e/${seed.qr}`);
    const code = page.getByTestId('pre-registration-phone-code');
    await expect(code).toBeVisible();
    expect(await code.evaluate((el) => el.tagName)).toBe('SELECT');
    await code.tap();
    await code.selectOption('44');
    await expect(code).toHaveValue('44');
    await expect(code).toBeInViewport();
    await expectWithinWidth(page, code);
    await page.screenshot({ path: screenPath(`phone-pre-registration-${language}`), animations: 'disabled' });
  });
}
