import type { Page } from '@playwright/test';
import { blockingViolations } from './fixtures/a11y';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { signInPlace } from './fixtures/sign-in-place';

// The presence reports: track and trace lists the person who shared an area with the traced one, with
// the minutes together, one level further on request, in English and Arabic; users not on site lists
// the person of the chosen user type who is not signed in. Everything is made through the API on a site
// of this run's own.

const suffix = Math.random().toString(36).slice(2, 8);
const SITE = `E2E Trace site ${suffix}`;
const AREA = `Trace room ${suffix}`;
const TINA = `Tina Trace${suffix}`;
const OMAR = `Omar Trace${suffix}`;
const NOOR = `Noor Away${suffix}`;
const TYPE = `E2E Trace crew ${suffix}`;

let api: ApiCaller;

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  const place = await signInPlace(api, { site: SITE, area: AREA, type: TYPE, journey: `E2E Trace ${suffix}` });
  const area = place.areaId;
  const person = (name: string) =>
    place.addPerson(name, `${name.split(' ')[0]!.toLowerCase()}.trace.${suffix}@example.test`);
  const tina = await person(TINA);
  const omar = await person(OMAR);
  await person(NOOR);
  // Tina and Omar in the same room now: each the other's contact while both are there.
  await api.call('POST', '/visits/sign-in', { area_id: area, people: [{ person_id: tina }, { person_id: omar }] });
});

test.afterAll(async () => {
  const here = await api.call<{ data: { id: string }[] }>('GET', `/visits?count=on_site&limit=100&search=${suffix}`);
  if (here.data.length > 0) await api.call('POST', '/visits/sign-out', { visit_ids: here.data.map((v) => v.id) });
  await api.call('DELETE', '/table-preferences/reporting-users-not-on-site');
  await api.dispose();
});

const contacts = (page: Page) => page.getByTestId('track-trace-row');

test('traces a person’s contacts with their minutes, one level further, in English and Arabic; lists who is not on site', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await loginAs('acmeAdmin');

  await page.goto('/reporting/track-trace');
  await expect(page.getByRole('heading', { name: 'Track and trace' })).toBeVisible();
  await expect(page.getByTestId('track-trace-choose')).toBeVisible();
  await page.getByTestId('track-trace-person').fill(TINA);
  await page.getByRole('option', { name: TINA }).click();
  // The day defaults to today and both are in the address, so a link shows the same answer.
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}.*person_id=/);
  await expect(contacts(page)).toHaveCount(1);
  const omar = contacts(page).first();
  await expect(omar).toHaveAttribute('data-name', OMAR);
  await expect(omar).toContainText(AREA);
  await expect(omar.getByTestId('track-trace-minutes')).toHaveText(/^\d+ minutes?$/);
  await page.getByTestId('track-trace-next-level').click();
  await expect(page).toHaveURL(/depth=2/);
  await expect(page.getByTestId('track-trace-next-level')).toHaveAttribute('aria-pressed', 'true');
  await expect(contacts(page)).toHaveCount(1);
  await page.screenshot({ path: screenPath('reports-track-trace-en'), animations: 'disabled' });
  expect(await blockingViolations(page)).toEqual([]);

  await page.reload();
  await expect(contacts(page).first()).toHaveAttribute('data-name', OMAR);
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'التتبع والتعقب' })).toBeVisible();
  await expect(contacts(page).first().getByTestId('track-trace-minutes')).toHaveText(/دقيق|دقائق/);
  await page.screenshot({ path: screenPath('reports-track-trace-ar'), animations: 'disabled' });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await page.screenshot({ path: screenPath('reports-track-trace-print-ar'), animations: 'disabled' });
  await page.emulateMedia({ media: 'screen' });
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // Users not on site: the crew's member who is not signed in, not the two who are.
  await page.goto('/reporting/users-not-on-site');
  await expect(page.getByTestId('not-on-site-choose')).toBeVisible();
  await page.getByTestId('not-on-site-user-types').click();
  await page.getByRole('option', { name: TYPE }).click();
  await page.keyboard.press('Escape');
  const rows = page.getByTestId('not-on-site-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-name', NOOR);
  await page.screenshot({ path: screenPath('reports-not-on-site-en'), animations: 'disabled' });
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.getByRole('heading', { name: 'المستخدمون غير المتواجدين في الموقع' })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await page.screenshot({ path: screenPath('reports-not-on-site-ar'), animations: 'disabled' });
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
