import { apiCaller, type ApiCaller } from './fixtures/api';
import { signInPlace } from './fixtures/sign-in-place';
import { loadWorld } from './fixtures/world';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

// A name too long for its column is cut at its logical end in both directions: in the Arabic screens an
// English user-type name keeps its beginning (History), and so does an Arabic one.
const suffix = Math.random().toString(36).slice(2, 8);
const LATIN = `North wing contractors and crews ${suffix}`;
const ARABIC = `مقاولو وفرق صيانة الجناح الشمالي ${suffix}`;

let api: ApiCaller;
let siteId = '';

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  const place = await signInPlace(api, {
    site: `E2E RTL site ${suffix}`,
    area: 'Desk',
    type: LATIN,
    journey: `E2E RTL ${suffix}`,
  });
  siteId = place.siteId;
  const arabicType = await api.call<{ id: string }>('POST', '/user-types', {
    name: ARABIC,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  const journeys = await api.call<{ data: { id: string; name: string }[] }>('GET', `/journeys?search=${suffix}`);
  const journey = journeys.data.find((j) => j.name === `E2E RTL ${suffix}`)!;
  await api.call('POST', `/journeys/${journey.id}/flows`, { user_type_ids: [arabicType.id], checks: {} });
  const latin = await place.addPerson(`Lena Long${suffix}`, `lena.${suffix}@example.test`);
  const arabic = await api.call<{ id: string }>('POST', '/people', {
    first_name: 'Amal',
    last_name: `Long${suffix}`,
    email: `amal.${suffix}@example.test`,
    role_id: loadWorld().companies.acme.roles.employee,
    site_ids: [siteId],
    user_type_ids: [arabicType.id],
  });
  for (const person of [latin, arabic.id])
    await api.call('POST', '/visits/sign-in', { area_id: place.areaId, people: [{ person_id: person }] });
});

test.afterAll(async () => {
  const here = await api.call<{ data: { id: string }[] }>('GET', `/visits?count=on_site&site_id=${siteId}&limit=100`);
  if (here.data.length > 0) await api.call('POST', '/visits/sign-out', { visit_ids: here.data.map((v) => v.id) });
  await api.dispose();
});

test('History in Arabic cuts long user-type names at their end, English and Arabic alike', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await loginAs('acmeAdmin');
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  try {
    await page.goto('/reporting/history');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    for (const name of [LATIN, ARABIC]) {
      const cell = page.getByTestId('history-row').locator('[data-truncate]', { hasText: name }).first();
      await expect(cell).toBeVisible();
      const shown = await cell.evaluate((el) => {
        const text = el.firstChild!;
        const range = document.createRange();
        range.setStart(text, 0);
        range.setEnd(text, 1);
        const first = range.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return {
          cut: el.scrollWidth > el.clientWidth,
          firstShown: first.left >= box.left - 1 && first.right <= box.right + 1,
        };
      });
      // Too long for the column, and still its first letter is in view.
      expect(shown, name).toEqual({ cut: true, firstShown: true });
    }
    await page.screenshot({ path: screenPath('rtl-truncation-history-ar'), animations: 'disabled' });
  } finally {
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  }
});
