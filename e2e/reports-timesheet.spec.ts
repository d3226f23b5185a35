import { type Page } from '@playwright/test';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { signInPlace } from './fixtures/sign-in-place';

// The timesheet: a person who came and left today shows on the day's row with a totals row; an admin
// corrects the day with a reason (required) and the row says it is corrected, in English and Arabic.
// Everything is made through the API on a site of this run's own.

const suffix = Math.random().toString(36).slice(2, 8);
const SITE = `E2E Timesheet site ${suffix}`;
const TESS = `Tess Hours${suffix}`;
const OWEN = `Owen Onsite${suffix}`;
const REASON = 'Forgot to sign in at the gate';

let api: ApiCaller;
let personId: string;
let owenId: string;
let today: string;

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  const place = await signInPlace(api, {
    site: SITE,
    area: `Gate ${suffix}`,
    type: `E2E Shift ${suffix}`,
    journey: `E2E Shift ${suffix}`,
  });
  personId = await place.addPerson(TESS, `tess.${suffix}@example.test`);
  const visit = await api.call<{ data: { id: string }[] }>('POST', '/visits/sign-in', {
    area_id: place.areaId,
    people: [{ person_id: personId }],
  });
  await api.call('POST', '/visits/sign-out', { visit_ids: visit.data.map((v) => v.id) });
  // Owen signs in and stays.
  owenId = await place.addPerson(OWEN, `owen.${suffix}@example.test`);
  await api.call('POST', '/visits/sign-in', { area_id: place.areaId, people: [{ person_id: owenId }] });
  today = (await api.call<{ today: string }>('GET', '/reports/timesheet/options')).today;
});

test.afterAll(async () => {
  await api.call('DELETE', '/table-preferences/reporting-timesheet');
  await api.dispose();
});

const dayRow = (page: Page) => page.locator(`[data-testid="timesheet-row"][data-name="${TESS}"][data-kind="day"]`);

test('shows a person’s day and its totals, corrects it with a reason, and marks it corrected', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await loginAs('acmeAdmin');
  await page.goto(
    `/reporting/timesheet?from=${today}&to=${today}&person_id=${personId}&person_name=${encodeURIComponent(TESS)}`,
  );
  await expect(page.getByRole('heading', { name: 'Timesheet' })).toBeVisible();
  await expect(dayRow(page)).toHaveCount(1);
  await expect(page.locator(`[data-testid="timesheet-row"][data-name="${TESS}"][data-kind="total"]`)).toContainText(
    `Total: ${TESS}`,
  );
  await expect(dayRow(page).getByTestId('timesheet-corrected')).toHaveCount(0);

  await dayRow(page).getByTestId('timesheet-correct').click();
  const form = page.getByTestId('timesheet-correct-form');
  await expect(form).toBeVisible();
  // The reason is required.
  await form.getByTestId('timesheet-correct-save').click();
  await expect(form.getByText('Reason must be at least 2 characters.')).toBeVisible();
  await form.getByTestId('timesheet-first-in-hours').fill('00');
  await form.getByTestId('timesheet-first-in-minutes').fill('00');
  await form.getByTestId('timesheet-reason').fill(REASON);
  await form.getByTestId('timesheet-correct-save').click();
  await expect(form).toBeHidden();

  const badge = dayRow(page).getByTestId('timesheet-corrected');
  await expect(badge).toBeVisible();
  await expect(dayRow(page)).toContainText('00:00');
  await badge.hover();
  await expect(page.getByRole('tooltip')).toContainText(REASON);
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await page.screenshot({ path: screenPath('reports-timesheet-en'), animations: 'disabled' });

  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'جدول الدوام' })).toBeVisible();
  await expect(dayRow(page).getByTestId('timesheet-corrected')).toHaveText('مصحَّح');
  await page.screenshot({ path: screenPath('reports-timesheet-ar'), animations: 'disabled' });
});

test('counts the day of a person still on site on to now, marked as ongoing', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  await loginAs('acmeAdmin');
  await page.goto(
    `/reporting/timesheet?from=${today}&to=${today}&person_id=${owenId}&person_name=${encodeURIComponent(OWEN)}`,
  );
  const row = page.locator(`[data-testid="timesheet-row"][data-name="${OWEN}"][data-kind="day"]`);
  const total = page.locator(`[data-testid="timesheet-row"][data-name="${OWEN}"][data-kind="total"]`);
  await expect(row.getByTestId('timesheet-on-site')).toHaveText('On site');
  // Just signed in: the time on site is running, not a finished "0:00".
  const running = row.getByTestId('timesheet-ongoing');
  await expect(running).toHaveText(/^0:0[0-1]so far$/);
  await expect(total.getByTestId('timesheet-ongoing')).toHaveText(/^0:0[0-1]so far$/);
  const before = Number((await running.innerText()).slice(2, 4));

  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(running).toContainText('حتى الآن');

  // The page's clock moves seven minutes on (its timers keep running, so the screen's own tick comes):
  // without reading the list again, the day and its total have counted on.
  await page.clock.setFixedTime(Date.now() + 7 * 60_000);
  // Seven minutes, or eight when a minute turned over on the real clock since the first reading.
  const later = new RegExp(`^0:(${[7, 8].map((m) => String(before + m).padStart(2, '0')).join('|')})`);
  await expect(running).toHaveText(later, { timeout: 20_000 });
  await expect(total.getByTestId('timesheet-ongoing')).toHaveText(later);
});
