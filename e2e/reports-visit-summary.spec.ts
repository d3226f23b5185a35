import { type Page } from '@playwright/test';
import { blockingViolations } from './fixtures/a11y';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { signInPlace } from './fixtures/sign-in-place';

// The visit summary (/reporting/visit_summary): its figures and charts drawn from visits made through
// the API on a site of this run's own, in English and in Arabic (mirrored), and a
// figure opening the History list behind it.

const suffix = Math.random().toString(36).slice(2, 8);
const SITE = `E2E Summary site ${suffix}`;
const AREA = `Summary desk ${suffix}`;
const TYPE = `E2E Summary guests ${suffix}`;

let api: ApiCaller;
let siteId = '';

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  const place = await signInPlace(api, { site: SITE, area: AREA, type: TYPE, journey: `E2E Summary ${suffix}` });
  siteId = place.siteId;
  const people = [];
  for (const first of ['Sana', 'Omar', 'Lina']) {
    people.push(
      await place.addPerson(`${first} Summary${suffix}`, `${first.toLowerCase()}.summary.${suffix}@example.test`),
    );
  }
  const signedIn = await api.call<{ data: { id: string }[] }>('POST', '/visits/sign-in', {
    area_id: place.areaId,
    people: people.map((id) => ({ person_id: id })),
  });
  await api.call('POST', '/visits/sign-out', { visit_ids: signedIn.data.map((v) => v.id) });
});

test.afterAll(async () => {
  await api.dispose();
});

/** The bars a chart drew (recharts draws each as a path inside its rectangle group). */
const bars = (page: Page, testId: string) => page.getByTestId(testId).locator('.recharts-bar-rectangle path');

test('draws the summary charts in English and Arabic and opens the visits behind a figure', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await loginAs('acmeAdmin');
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(`/reporting/visit_summary?period=week&site_id=${siteId}`);
  await expect(page.getByRole('heading', { name: 'Visit summary' })).toBeVisible();
  await expect(page.getByTestId('kpi-visits-value')).toHaveText('3');
  await expect(page.getByTestId('kpi-people-value')).toHaveText('3');
  await expect(page.getByTestId('kpi-completed-value')).toHaveText('3');
  for (const chart of ['chart-per-day', 'chart-per-site', 'chart-per-area', 'chart-per-user-type']) {
    await expect(page.getByTestId(chart).locator('svg.recharts-surface')).toBeVisible();
    await expect(bars(page, chart).first()).toBeVisible();
  }
  // Long names wrap onto lines of their own in the axis.
  await expect(page.getByTestId('chart-per-site').locator('svg')).toContainText(suffix);
  await expect(page.getByTestId('chart-per-user-type').locator('svg')).toContainText(suffix);
  // Every arrival is in one cell of the heat map: this hour of today.
  await expect(page.getByTestId('visit-summary-heat-map').locator('td[data-count="3"]')).toHaveCount(1);
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('reports-visit-summary-en'), animations: 'disabled', fullPage: true });

  // In Arabic: mirrored, the site's name at the chart's right.
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'ملخص الزيارات' })).toBeVisible();
  // Numbers as the browser writes them in Arabic; weekdays in Arabic.
  const three = await page.evaluate(() => new Intl.NumberFormat('ar').format(3));
  await expect(page.getByTestId('kpi-visits-value')).toHaveText(three);
  await expect(page.getByTestId('visit-summary-heat-map').getByRole('rowheader', { name: 'الاثنين' })).toBeVisible();
  await expect(bars(page, 'chart-per-site').first()).toBeVisible();
  const bar = await bars(page, 'chart-per-site').first().boundingBox();
  const label = await page.getByTestId('chart-per-site').locator('text', { hasText: suffix }).first().boundingBox();
  expect(label!.x + label!.width / 2).toBeGreaterThan(bar!.x + bar!.width);
  await expect(page.getByTestId('chart-per-day').locator('svg.recharts-surface')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('reports-visit-summary-ar'), animations: 'disabled', fullPage: true });
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // The site's bar opens History on the period, narrowed to the site.
  await bars(page, 'chart-per-site').first().click();
  await expect(page).toHaveURL(
    new RegExp(`/reporting/history\\?from=\\d{4}-\\d{2}-\\d{2}&site_id=${siteId}&state=arrived&to=`),
  );
  await expect(page.getByTestId('history-row')).toHaveCount(3);
});
