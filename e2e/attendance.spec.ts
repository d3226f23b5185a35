import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

const SITE = 'E2E Attendance site';
const MODE = 'E2E Office hours';

/** The session's CSRF token, for calls made with the page's own cookies. */
async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
}

/** A site for the modes to serve, made through the API as the signed-in admin; its id. */
async function ensureSite(page: Page): Promise<string> {
  const created = await page.request.post('/api/v1/sites', {
    data: { name: SITE },
    headers: { 'x-csrf-token': await csrf(page) },
  });
  if (created.ok()) return ((await created.json()) as { id: string }).id;
  const list = await page.request.get(`/api/v1/sites?search=${encodeURIComponent(SITE)}`);
  return ((await list.json()) as { data: { id: string }[] }).data[0]!.id;
}

async function removeSite(page: Page, id: string) {
  const res = await page.request.delete(`/api/v1/sites/${id}`, { headers: { 'x-csrf-token': await csrf(page) } });
  expect(res.status()).toBe(204);
}

/** Types a time into a 24-hour time picker: the hours, then the minutes. */
async function typeTime(page: Page, prefix: string, time: string) {
  const [hours, minutes] = time.split(':');
  await page.getByTestId(`${prefix}-hours`).click();
  await page.keyboard.type(hours!);
  await expect(page.getByTestId(`${prefix}-minutes`)).toBeFocused();
  await page.keyboard.type(minutes!);
  await page.keyboard.press('Escape');
}

const modeRow = (page: Page, name: string) => page.locator(`[data-testid="attendance-modes-row"][data-name="${name}"]`);
const reasonRow = (page: Page, name: string) => page.locator(`[data-testid="reason-row"][data-reason-name="${name}"]`);

/** Toasts close themselves after a few seconds; screenshots are taken without them, from the top. */
async function screenshot(page: Page, name: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  // A field focused after a refused save may have scrolled the page's own scroll area too.
  await page.evaluate(
    'window.scrollTo(0, 0); document.querySelectorAll("*").forEach((el) => { if (el.scrollTop) el.scrollTop = 0; })',
  );
  await page.screenshot({ path: screenPath(name), animations: 'disabled', fullPage: true });
}

async function addReason(
  page: Page,
  reason: { name: string; type?: 'Late sign-in' | 'Early sign-out'; start: string; minutes: number; code?: string },
) {
  await page.getByTestId('panel-add-reason').click();
  await expect(page).toHaveURL(/\/add-reason\?mode=/);
  await expect(page.getByTestId('reason-mode-name')).toHaveText(MODE);
  await page.getByTestId('reason-name').fill(reason.name);
  if (reason.type) await page.getByTestId('reason-type').getByText(reason.type, { exact: true }).click();
  await typeTime(page, 'reason-start', reason.start);
  await page.getByTestId('reason-duration').fill(String(reason.minutes));
  if (reason.code) await page.getByTestId('reason-code-input').fill(reason.code);
}

test('an admin creates a mode with two reasons and sees an overlapping third refused', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await loginAs('acmeAdmin');
  const siteId = await ensureSite(page);

  await page.goto('/attendance-modes');
  await expect(page.getByTestId('attendance-modes-page')).toBeVisible();
  await page.getByTestId('mode-add').click();
  await expect(page).toHaveURL(/\/add-attendance-mode$/);

  // The name is checked while it is typed.
  await page.getByTestId('mode-name-input').fill(MODE);
  await expect(page.getByTestId('mode-name-free')).toBeVisible();
  // The only site the admin has is chosen already; with several, it is picked from the list.
  if ((await page.locator('.mantine-MultiSelect-pill', { hasText: SITE }).count()) === 0) {
    await page.getByTestId('mode-sites').click();
    await page.getByRole('option', { name: SITE, exact: true }).click();
    await page.keyboard.press('Escape');
  }
  await expect(page.locator('.mantine-MultiSelect-pill', { hasText: SITE })).toBeVisible();
  // Monday to Friday by default; the end before the start is refused in place.
  await expect(page.getByTestId('mode-day-1')).toBeChecked();
  await expect(page.getByTestId('mode-day-6')).not.toBeChecked();
  await typeTime(page, 'mode-start', '09:00');
  await typeTime(page, 'mode-end', '08:30');
  await page.getByTestId('mode-save').click();
  await expect(page.getByText('The end time must be after the start time.')).toBeVisible();
  await typeTime(page, 'mode-end', '17:30');
  await page.getByTestId('mode-late-allowance').fill('10');
  await expect(page.getByTestId('mode-preview')).toContainText('Mon–Fri, from 09:00 to 17:30.');
  await screenshot(page, 'attendance-mode-form-en');
  await page.getByTestId('mode-save').click();
  await expect(page.getByText('Created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/attendance-modes\?mode=/);
  await expect(modeRow(page, MODE)).toBeVisible();
  await expect(modeRow(page, MODE).getByTestId('mode-hours')).toHaveText('09:00–17:30');

  // The same name, in another case, is taken.
  await page.getByTestId('mode-add').click();
  await page.getByTestId('mode-name-input').fill('e2e office HOURS');
  await expect(page.getByText('An attendance mode with this name already exists.')).toBeVisible();
  await expect(page.getByTestId('mode-name-taken')).toBeVisible();
  await page.goBack();

  // Two reasons, added from the mode's panel.
  await modeRow(page, MODE).getByTestId('mode-show-reasons').click();
  await expect(page.getByTestId('mode-reasons-panel')).toHaveAttribute('data-mode-name', MODE);
  await addReason(page, { name: 'Traffic', start: '09:00', minutes: 30, code: 'LT' });
  await expect(page.getByTestId('reason-range')).toHaveText('Asked for sign-ins from 09:00 until 09:30.');
  await page.getByTestId('reason-save').click();
  await expect(page.getByText('Created successfully').last()).toBeVisible();
  await expect(reasonRow(page, 'Traffic')).toContainText('09:00–09:30');
  await addReason(page, { name: 'Medical appointment', start: '09:30', minutes: 120 });
  await page.getByTestId('reason-save').click();
  await expect(reasonRow(page, 'Medical appointment')).toContainText('09:30–11:30');

  // A third overlapping the second is refused with the rule's message, before anything is saved.
  await addReason(page, { name: 'Bus strike', start: '11:00', minutes: 60 });
  await expect(page.getByTestId('timeline-draft')).toHaveAttribute('data-ok', 'false');
  await page.getByTestId('reason-save').click();
  await expect(
    page.getByText('This time overlaps “Medical appointment” (09:30–11:30). Reasons of the same type may not overlap.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/add-reason\?mode=/);
  await screenshot(page, 'attendance-reason-overlap-en');
  // An early sign-out reason may cover the same time: it is asked at the other action.
  await page.getByTestId('reason-type').getByText('Early sign-out', { exact: true }).click();
  await expect(page.getByTestId('timeline-draft')).toHaveAttribute('data-ok', 'true');
  await page.getByTestId('reason-name').fill('Client visit');
  await page.getByTestId('reason-save').click();
  await expect(reasonRow(page, 'Client visit')).toBeVisible();

  // The list shows each mode's reasons; the panel shows them on the schedule.
  await expect(modeRow(page, MODE).getByTestId('mode-reasons')).toContainText('Traffic');
  await expect(page.getByTestId('reason-row')).toHaveCount(3);
  await expect(reasonRow(page, 'Traffic').getByTestId('reason-code')).toHaveText('LT');
  await screenshot(page, 'attendance-modes-en');
  // On a phone the row's actions and the reasons' actions stay reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  const edit = reasonRow(page, 'Traffic').getByTestId('reason-edit');
  await edit.scrollIntoViewIfNeeded();
  await expect(edit).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'attendance-modes-phone-en');
  await page.setViewportSize({ width: 1280, height: 1000 });

  // One code for two reasons at once.
  await reasonRow(page, 'Medical appointment').getByTestId('reason-select').check();
  await reasonRow(page, 'Client visit').getByTestId('reason-select').check();
  await page.getByTestId('reasons-set-code').click();
  await page.getByTestId('set-code-input').fill('M');
  await page.getByTestId('set-code-save').click();
  await expect(page.getByText('Attendance code saved for 2 reasons.')).toBeVisible();
  await expect(reasonRow(page, 'Client visit').getByTestId('reason-code')).toHaveText('M');

  // Shorter hours that would leave a reason outside are refused, naming it.
  await modeRow(page, MODE).getByTestId('mode-edit').click();
  await expect(page.getByTestId('mode-name-input')).toHaveValue(MODE);
  await typeTime(page, 'mode-start', '09:15');
  await page.getByTestId('mode-save').click();
  await expect(
    page.getByText(
      'These hours would leave reasons outside the mode: “Traffic”. Change or delete those reasons first.',
    ),
  ).toBeVisible();
  await page.goBack();
  // The form has closed before the language menu opens (its closing would close the menu too).
  await expect(page.getByTestId('mode-name-input')).toBeHidden();
  await expect(page).toHaveURL(/\/attendance-modes(\?|$)/);

  // The Arabic screens read from the right. A navigation still settling closes the menu: open it again.
  await expect(async () => {
    if (!(await page.getByTestId('language-ar').isVisible())) await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('mode-add')).toHaveText('إضافة نمط حضور');
  await modeRow(page, MODE).getByTestId('mode-show-reasons').click();
  const panel = page.getByTestId('mode-reasons-panel');
  await expect(panel).toContainText('أسباب E2E Office hours');
  await expect(reasonRow(page, 'Traffic')).toContainText('تأخر في تسجيل الدخول');
  // The panel's title is on the right, its actions on the left; the schedule runs from the right.
  const titleBox = (await panel.getByRole('heading', { level: 4 }).boundingBox())!;
  const addBox = (await page.getByTestId('panel-add-reason').boundingBox())!;
  expect(addBox.x + addBox.width).toBeLessThan(titleBox.x);
  const lane = page.getByTestId('mode-timeline-late_sign_in');
  const laneBox = (await lane.boundingBox())!;
  const trafficBox = (await lane.locator('[data-reason-name="Traffic"]').boundingBox())!;
  expect(trafficBox.x + trafficBox.width).toBeGreaterThan(laneBox.x + laneBox.width - 4);
  await screenshot(page, 'attendance-modes-ar');
  await page.getByTestId('panel-add-reason').click();
  await page.getByTestId('reason-name').fill('ازدحام');
  await typeTime(page, 'reason-start', '09:10');
  await page.getByTestId('reason-duration').fill('5');
  await page.getByTestId('reason-save').click();
  await expect(
    page.getByText('هذا الوقت يتداخل مع «Traffic» (09:00–09:30). لا يجوز أن تتداخل أسباب من النوع نفسه.'),
  ).toBeVisible();
  await screenshot(page, 'attendance-reason-ar');
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // Deleting asks first and says what goes with the mode.
  await page.goto('/attendance-modes');
  await modeRow(page, MODE).getByTestId('mode-delete').click();
  await expect(page.getByTestId('mode-delete-reasons')).toHaveText('Its 3 reasons are deleted with it.');
  await page.getByTestId('mode-delete-confirm').click();
  await expect(page.getByText('Deleted successfully')).toBeVisible();
  await expect(modeRow(page, MODE)).toHaveCount(0);
  await removeSite(page, siteId);
});
