import { type Page } from '@playwright/test';
import { expectGridMirrored } from './fixtures/grid';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { signInPlace } from './fixtures/sign-in-place';

// The History report (/reporting/history): filtered in the address so a reload keeps the view, and a
// visit's whole story in a drawer, in English and Arabic. The visits are made through the API on a site
// of this run's own.

const suffix = Math.random().toString(36).slice(2, 8);
const SITE = `E2E History site ${suffix}`;
const AREA = `History desk ${suffix}`;
const VERA = `Vera Story${suffix}`;
const BRUNO = `Bruno Story${suffix}`;

let api: ApiCaller;

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  const place = await signInPlace(api, {
    site: SITE,
    area: AREA,
    type: `E2E History guests ${suffix}`,
    journey: `E2E History ${suffix}`,
  });
  const area = place.areaId;
  const person = (name: string) =>
    place.addPerson(name, `${name.split(' ')[0]!.toLowerCase()}.history.${suffix}@example.test`);
  const vera = await person(VERA);
  const bruno = await person(BRUNO);
  const signedIn = await api.call<{ data: { id: string; person: { id: string } }[] }>('POST', '/visits/sign-in', {
    area_id: area,
    people: [{ person_id: vera }, { person_id: bruno }],
  });
  const brunoVisit = signedIn.data.find((v) => v.person.id === bruno)!.id;
  await api.call('POST', '/visits/sign-out', { visit_ids: [brunoVisit] });
});

test.afterAll(async () => {
  const here = await api.call<{ data: { id: string }[] }>('GET', `/visits?count=on_site&limit=100&search=${suffix}`);
  if (here.data.length > 0) await api.call('POST', '/visits/sign-out', { visit_ids: here.data.map((v) => v.id) });
  await api.call('DELETE', '/table-preferences/reporting-history');
  await api.dispose();
});

const rows = (page: Page) => page.getByTestId('history-row');

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('filters the history in the address, keeps the view on reload and tells a visit’s story, in English and Arabic', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await loginAs('acmeAdmin');
  await page.goto('/reporting/history');
  await expect(page.getByRole('heading', { name: 'History', exact: true })).toBeVisible();
  await page.getByTestId('history-filters').click();
  await pick(page, 'history-filter-site_id', SITE);
  await expect(rows(page)).toHaveCount(2);
  await pick(page, 'history-filter-state', 'Left');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toHaveAttribute('data-name', BRUNO);
  await expect(page).toHaveURL(/site_id=.*state=left/);
  await page.screenshot({ path: screenPath('reports-history-en'), animations: 'disabled' });

  // A reload (or the copied link) opens the same view.
  await page.reload();
  await expect(page.getByTestId('history-filter-count')).toHaveText('2');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toHaveAttribute('data-name', BRUNO);

  // The visit's story.
  await rows(page).first().getByTestId('history-open').click();
  const drawer = page.getByRole('dialog', { name: `Visit of ${BRUNO}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('history-story-area')).toHaveText(AREA);
  await expect(drawer.getByText('Departure')).toBeVisible();
  await expect(drawer.getByTestId('history-story-arrival')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await page.screenshot({ path: screenPath('reports-history-story-en'), animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // In Arabic the page and its grid are mirrored and the story reads in Arabic.
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'السجل', exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expectGridMirrored(page, 'history', 'person');
  await page.screenshot({ path: screenPath('reports-history-ar'), animations: 'disabled' });
  await rows(page).first().getByTestId('history-open').click();
  const arDrawer = page.getByRole('dialog', { name: `زيارة ${BRUNO}` });
  await expect(arDrawer.getByText('المغادرة')).toBeVisible();
  await page.screenshot({ path: screenPath('reports-history-story-ar'), animations: 'disabled' });
  await page.keyboard.press('Escape');
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
