import type { Locator, Page } from '@playwright/test';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { loadWorld } from './fixtures/world';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

// Keyboard and touch (WCAG 2.2): the shell's "skip to content" link comes first, the Add user drawer's
// searchable fields keep their lists shut until asked so one Escape closes it, clear buttons have a
// name, and radio/checkbox rows and the dashboard's by-type counts are targets of 24 px (44 px on a
// phone). Everything is made through the API with this run's suffix and removed at the end.
test.describe.configure({ mode: 'serial' });

const suffix = Math.random().toString(36).slice(2, 8);
const SITE = `E2E Touch HQ ${suffix}`;
const TYPE = `E2E Touch Guests ${suffix}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 800 };

let api: ApiCaller;
const seed = { siteId: '', areaId: '', typeId: '', sectionId: '', personId: '' };

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  seed.siteId = (await api.call<{ id: string }>('POST', '/sites', { name: SITE })).id;
  seed.areaId = (await api.call<{ id: string }>('POST', '/areas', { site_id: seed.siteId, name: 'Gate' })).id;
  seed.typeId = (
    await api.call<{ id: string }>('POST', '/user-types', {
      name: TYPE,
      registration_method: 'registration_allowed',
      grace_period_minutes: 30,
    })
  ).id;
  seed.sectionId = (
    await api.call<{ id: string }>('POST', '/custom-field-sections', { name: `E2E Touch ${suffix}` })
  ).id;
  for (const [name, type] of [
    [`Shift ${suffix}`, 'radioButtons'],
    [`Diet ${suffix}`, 'checkboxes'],
  ] as const)
    await api.call('POST', '/custom-fields', {
      section_id: seed.sectionId,
      name,
      type,
      binding: 'profile',
      options: { choices: ['Day', 'Night'] },
    });
  const roles = await api.call<{ id: string; key: string | null }[]>('GET', '/people/roles');
  seed.personId = (
    await api.call<{ id: string }>('POST', '/people', {
      first_name: 'Tess',
      last_name: `Touch${suffix}`,
      email: `tess.${suffix}@example.test`,
      role_id: roles.find((r) => r.key === 'employee')!.id,
      site_ids: [seed.siteId],
      user_type_ids: [seed.typeId],
    })
  ).id;
  const journey = await api.call<{ id: string }>('POST', '/journeys', {
    name: `E2E Touch journey ${suffix}`,
    site_ids: [seed.siteId],
  });
  await api.call('POST', `/journeys/${journey.id}/flows`, { user_type_ids: [seed.typeId], checks: {} });
  await api.call('POST', '/visits/sign-in', { area_id: seed.areaId, people: [{ person_id: seed.personId }] });
});

test.afterAll(async () => {
  const here = await api.call<{ data: { id: string }[] }>(
    'GET',
    `/visits?count=on_site&site_id=${seed.siteId}&limit=100`,
  );
  if (here.data.length > 0) await api.call('POST', '/visits/sign-out', { visit_ids: here.data.map((v) => v.id) });
  await api.call('DELETE', `/custom-field-sections/${seed.sectionId}`);
  await api.dispose();
});

async function size(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not shown');
  return { width: Math.round(box.width), height: Math.round(box.height) };
}

/** The rows (label included: a tap on it toggles) of the drawer's custom radio and checkbox fields. */
async function choiceRowHeights(page: Page): Promise<number[]> {
  const section = page.getByTestId('person-custom-section').filter({ hasText: `E2E Touch ${suffix}` });
  await expect(section.locator('.mantine-Radio-label')).toHaveCount(2);
  return section
    .locator('.mantine-Radio-label, .mantine-Checkbox-label')
    .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
}

test('"Skip to content" is the first tab stop and moves focus to the page, in English and Arabic', async ({
  page,
  loginAs,
}) => {
  await page.setViewportSize(DESKTOP);
  await loginAs('acmeAdmin');
  await expect(page.getByTestId('visits-dashboard')).toBeVisible();
  const skip = page.getByTestId('skip-to-content');
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('Skip to content');
  await expect(skip).toBeInViewport();
  await page.screenshot({ path: screenPath('skip-link-en'), animations: 'disabled' });
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next Tab reaches the page's own first control, not the menu.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  try {
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('visits-dashboard')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toHaveText('انتقل إلى المحتوى');
    await page.screenshot({ path: screenPath('skip-link-ar'), animations: 'disabled' });
  } finally {
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  }
});

test('the Add user drawer: tabbing opens no list, one Escape closes it, clear buttons are named, choice rows are 24 px', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await loginAs('acmeAdmin');
  await page.goto('/users');
  await page.getByTestId('person-add').click();
  const drawer = page.getByRole('dialog');
  await expect(page.getByTestId('person-form')).toBeVisible();

  // Through every field of the drawer: a searchable field takes focus without opening its list.
  const codeField = page.getByTestId('person-phone-code');
  for (let i = 0; i < 40 && !(await codeField.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
    await expect(page.getByRole('listbox')).toHaveCount(0);
  }
  await expect(codeField).toBeFocused();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  // A key opens it when wanted, and Escape shuts only the list.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(drawer).toBeVisible();

  // A chosen value's clear button says what it does (to a screen reader too), and clears it.
  await codeField.fill('971');
  await page.getByRole('option', { name: /^\+971 / }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  const clear = drawer.getByRole('button', { name: 'Clear', exact: true });
  await expect(clear).toHaveCount(1);
  await expect(clear).not.toHaveAttribute('aria-hidden', 'true');
  await clear.click();
  await expect(codeField).toHaveValue('');
  await expect(clear).toHaveCount(0);

  for (const height of await choiceRowHeights(page)) expect(height).toBeGreaterThanOrEqual(24);

  // Focus on a searchable field, nothing open: one Escape closes the drawer.
  await page.getByTestId('person-sites').focus();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('person-form')).toHaveCount(0);

  // On a phone the same rows are finger-sized. The drawer closes with a transition: the page takes a
  // click again once it has gone (a click during it can land on the fading overlay).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.setViewportSize(PHONE);
  await expect(async () => {
    if ((await page.getByTestId('person-form').count()) === 0) await page.getByTestId('person-add').click();
    await expect(page.getByTestId('person-form')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  for (const height of await choiceRowHeights(page)) expect(height).toBeGreaterThanOrEqual(44);
  await page
    .getByTestId('person-custom-section')
    .filter({ hasText: `E2E Touch ${suffix}` })
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenPath('add-user-choices-phone'), animations: 'disabled' });
});

test('the dashboard by-type counts are 24 px targets, and 44 px on a phone', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await loginAs('acmeAdmin');
  const row = page.getByTestId('dashboard-by-type').locator(`[data-name="${TYPE}"]`);
  await expect(row).toBeVisible();
  const desktop = await size(row.getByTestId('by-type-on_site'));
  expect(desktop.width).toBeGreaterThanOrEqual(24);
  expect(desktop.height).toBeGreaterThanOrEqual(24);
  await page.setViewportSize(PHONE);
  await row.scrollIntoViewIfNeeded();
  for (const count of ['on_site', 'signed_in']) {
    const box = await size(row.getByTestId(`by-type-${count}`));
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await page.getByTestId('dashboard-by-type').screenshot({ path: screenPath('by-type-phone'), animations: 'disabled' });
});
