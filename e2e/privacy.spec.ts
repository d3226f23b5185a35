import type { Page } from '@playwright/test';
import type { PrivacyView } from '@app/shared/people/privacy';
import { blockingViolations } from './fixtures/a11y';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { screenPath } from './fixtures/screens';
import { signInPlace, type SignInPlace } from './fixtures/sign-in-place';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';

// The privacy manager: the company default set (and checked in the browser first), a user type of this
// run's own given a retention of its own, "Delete now" with a wrong then the right password, and its
// run listed; then one person of that type erased from the users page's drawer. In English, then
// Arabic, on a laptop and a phone. The company default is put back as it was and everything made here
// goes at the end, so other specs see the company they expect.

const suffix = Math.random().toString(36).slice(2, 8);
const TYPE = `E2E Privacy guests ${suffix}`;
const KEPT = `Kim Keep${suffix}`;
const ERASED = `Erin Erase${suffix}`;
const LAPTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

let api: ApiCaller;
let place: SignInPlace | null = null;
let before: PrivacyView['company'] | null = null;
const people: string[] = [];

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const typeRow = (page: Page) => page.getByTestId('privacy-type-row').filter({ hasText: TYPE });

/** A full-page screenshot once the toasts have gone, from the top. */
async function screenshot(page: Page, name: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: screenPath(name), animations: 'disabled', fullPage: true });
}

async function switchLanguage(page: Page, lang: 'en' | 'ar') {
  await page.getByTestId('language-menu').click();
  await page.getByTestId(`language-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  before = (await api.call<PrivacyView>('GET', '/privacy')).company;
  place = await signInPlace(api, {
    site: `E2E Privacy site ${suffix}`,
    area: `Privacy lobby ${suffix}`,
    type: TYPE,
    journey: `E2E Privacy ${suffix}`,
  });
  people.push(await place.addPerson(KEPT, `kim.${suffix}@example.test`));
  people.push(await place.addPerson(ERASED, `erin.${suffix}@example.test`));
});

test.afterAll(async () => {
  const gone = () => undefined;
  if (before?.data_retention_days && before.scans_retention_days)
    await api.call('PUT', '/privacy/company', before).catch(gone);
  else await api.call('DELETE', '/privacy/company').catch(gone);
  for (const id of people) await api.call('DELETE', `/people/${id}`).catch(gone);
  const journeys = await api
    .call<{ data: { id: string; name: string }[] }>('GET', '/journeys?limit=100')
    .catch(() => null);
  const journey = journeys?.data.find((j) => j.name === `E2E Privacy ${suffix}`);
  if (journey) await api.call('DELETE', `/journeys/${journey.id}`).catch(gone);
  if (place) {
    await api.call('DELETE', `/user-types/${place.typeId}`).catch(gone);
    await api.call('DELETE', `/areas/${place.areaId}`).catch(gone);
    await api.call('DELETE', `/sites/${place.siteId}`).catch(gone);
  }
  await api.dispose();
});

test('sets the company default and a type of its own, and deletes now after the password, in English and Arabic', async ({
  page,
  loginAs,
  world,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(LAPTOP);
  await loginAs('acmeAdmin');
  await page.getByTestId('side-menu').getByTestId('menu-settings').click();
  await page.getByTestId('side-menu').getByTestId('menu-privacy_manager').click();
  await expect(page).toHaveURL(/\/privacy-manager$/);
  await expect(page.getByRole('heading', { name: 'Privacy manager' })).toBeVisible();
  // Readings are isolated (U+2066 … U+2069) so that they read left to right in Arabic too.
  await expect(page.getByTestId('privacy-schedule')).toHaveText(
    /^Every night at \u206602:00\u2069 \(\u2066.+\u2069\)$/,
  );
  await expect(page.getByTestId('privacy-next-run')).toHaveText(/^Next run: \u2066\d{2}\/\d{2}\/\d{4} 02:00\u2069$/);

  // Company default: checked in the browser with the shared schema, what was typed left as typed.
  const company = page.getByTestId('privacy-company');
  const data = page.getByTestId('privacy-company-data');
  const scans = page.getByTestId('privacy-company-scans');
  await data.fill('');
  await scans.fill('0');
  await page.getByTestId('privacy-company-save').click();
  await expect(company.getByText('Data retention (days) is required.')).toBeVisible();
  await expect(company.getByText('Scans retention (days) must be at least 1.')).toBeVisible();
  await expect(scans).toHaveValue('0');
  await data.fill('400');
  await scans.fill('500');
  await page.getByTestId('privacy-company-save').click();
  await expect(toast(page, 'Data & Scans Updated')).toBeVisible();
  await expect(page.getByTestId('privacy-company-status')).toHaveText(
    "People's personal data is erased after 400 days without a visit; scans are anonymised after 500 days.",
  );
  const row = typeRow(page);
  await expect(row.getByTestId('privacy-type-data')).toHaveText('Company default: 400 days');
  await expect(row.getByTestId('privacy-type-scans')).toHaveText('Company default: 500 days');
  await expect(row.getByTestId('privacy-type-people')).toHaveText('2');

  // The type's own retention.
  await row.getByTestId('privacy-type-edit').click();
  const form = page.getByTestId('privacy-type-form');
  await expect(form.getByRole('switch', { name: 'Follow the company default' })).toBeChecked();
  await expect(page.getByTestId('privacy-type-input-data')).toBeDisabled();
  await expect(page.getByTestId('privacy-type-input-data')).toHaveValue('400');
  await form.getByRole('switch', { name: 'Follow the company default' }).click();
  await page.getByTestId('privacy-type-input-data').fill('30');
  await page.getByTestId('privacy-type-input-scans').fill('60');
  expect(await blockingViolations(page)).toEqual([]);
  // The company default's toast has gone first, so the one found next is the type's own.
  await expect(toast(page, 'Data & Scans Updated')).toHaveCount(0, { timeout: 15_000 });
  await page.getByTestId('privacy-type-save').click();
  await expect(toast(page, 'Data & Scans Updated')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(row.getByTestId('privacy-type-data')).toHaveText('30 days');
  await expect(row.getByTestId('privacy-type-scans')).toHaveText('60 days');
  await expect(row.getByTestId('privacy-type-own')).toBeVisible();

  // Delete now: what it deletes, said exactly; a wrong password is told under the field.
  await row.getByTestId('privacy-type-delete-now').click();
  await page.getByTestId('privacy-delete-now-both').click();
  const modal = page.getByTestId('privacy-delete-now-modal');
  await expect(modal.getByTestId('privacy-delete-now-summary')).toContainText(
    `Personal data of ${TYPE} people with no visit in the last 30 days is erased.`,
  );
  await expect(modal.getByTestId('privacy-delete-now-summary')).toContainText(
    `${TYPE} scans older than 60 days are anonymised.`,
  );
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByTestId('privacy-delete-now-confirm').click();
  await expect(modal.getByText('Password is required.')).toBeVisible();
  await page.getByTestId('privacy-delete-now-password').fill('not-the-password');
  await page.getByTestId('privacy-delete-now-confirm').click();
  await expect(modal.getByText('Current Password is Not Correct')).toBeVisible();
  await expect(page.getByTestId('privacy-delete-now-password')).toHaveAttribute('data-invalid', 'true');
  await page.screenshot({ path: screenPath('privacy-delete-now-en'), animations: 'disabled' });

  const runs = page.getByTestId('privacy-run');
  const runsBefore = await runs.count();
  await page.getByTestId('privacy-delete-now-password').fill(world.people.acmeAdmin.password);
  await page.getByTestId('privacy-delete-now-confirm').click();
  await expect(page.getByTestId('privacy-deleting')).toBeVisible();
  await expect(toast(page, `${TYPE} Data & Scans Deleted:`)).toBeVisible();
  await expect(modal).toBeHidden();
  const mine = runs.filter({ hasText: TYPE }).first();
  await expect(mine.getByTestId('privacy-run-trigger')).toHaveText('Delete now');
  await expect(mine.getByTestId('privacy-run-scope')).toHaveText('Data & Scans');
  await expect(mine).toContainText(world.people.acmeAdmin.fullName);
  await expect(mine).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  expect(await runs.count()).toBeGreaterThanOrEqual(Math.min(runsBefore + 1, 10));

  // Filtered by what started them.
  await page.getByTestId('privacy-runs-trigger').click();
  await page.getByRole('option', { name: 'Delete now' }).click();
  await expect(runs.filter({ hasNotText: 'Delete now' })).toHaveCount(0);
  await expect(runs.filter({ hasText: TYPE }).first()).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await screenshot(page, 'privacy-en');
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('heading', { name: 'Privacy manager' })).toBeInViewport();
  // On a phone each type is a card: its actions stay reachable without scrolling sideways.
  const phoneAction = row.getByTestId('privacy-type-delete-now');
  await phoneAction.scrollIntoViewIfNeeded();
  await expect(phoneAction).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('privacy-types-table')).toHaveCount(0);
  await screenshot(page, 'privacy-phone-en');
  await page.setViewportSize(LAPTOP);

  await switchLanguage(page, 'ar');
  await expect(page.getByRole('heading', { name: 'مدير الخصوصية' })).toBeVisible();
  await expect(row.getByTestId('privacy-type-data')).toHaveText('30 يومًا');
  await expect(page.getByTestId('privacy-schedule')).toContainText('كل ليلة في الساعة \u206602:00\u2069');
  expect(await blockingViolations(page)).toEqual([]);
  await screenshot(page, 'privacy-ar');
  await row.getByTestId('privacy-type-delete-now').click();
  await page.getByTestId('privacy-delete-now-data').click();
  await expect(modal).toContainText(`تُمحى البيانات الشخصية لأشخاص ${TYPE} الذين لم يزوروا خلال آخر 30 يومًا.`);
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('privacy-delete-now-ar'), animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await page.setViewportSize(PHONE);
  await screenshot(page, 'privacy-phone-ar');
  await page.setViewportSize(LAPTOP);

  // The language is the admin's own setting: back to English for the tests that follow.
  await switchLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: 'Privacy manager' })).toBeVisible();

  // No default any more, after a confirmation: the type keeps its own retention.
  await page.getByTestId('privacy-forever-open').click();
  await page.getByTestId('privacy-forever-confirm').click();
  await expect(toast(page, 'Data & Scans Updated')).toBeVisible();
  await expect(page.getByTestId('privacy-company-status')).toHaveText(
    'No default: nothing is deleted unless a user type has a retention of its own.',
  );
  await expect(page.getByTestId('privacy-company-data')).toHaveValue('');
  await expect(row.getByTestId('privacy-type-data')).toHaveText('30 days');
});

test('erases one person from the drawer: they leave the list and the erasure is listed', async ({
  page,
  loginAs,
  world,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(LAPTOP);
  await loginAs('acmeAdmin');
  await page.goto('/users');
  await page.getByTestId('users-search').fill(`Erase${suffix}`);
  const personRow = page.getByTestId('users-row').filter({ hasText: ERASED });
  await expect(personRow).toHaveCount(1);
  await personRow.getByTestId('person-edit').click();
  const section = page.getByTestId('person-erasure');
  await section.scrollIntoViewIfNeeded();
  await expect(section).toContainText('Their visits stay, anonymised, so reports keep their totals.');
  await section.getByTestId('person-erase').click();

  const modal = page.getByTestId('person-erase-modal');
  await expect(modal).toContainText('This cannot be undone.');
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByTestId('person-erase-password').fill('not-the-password');
  await page.getByTestId('person-erase-confirm').click();
  await expect(modal.getByText('Current Password is Not Correct')).toBeVisible();
  await page.screenshot({ path: screenPath('privacy-erase-en'), animations: 'disabled' });
  await page.getByTestId('person-erase-password').fill(world.people.acmeAdmin.password);
  await page.getByTestId('person-erase-confirm').click();
  await expect(toast(page, `${ERASED} Data & Scans Deleted`)).toBeVisible();
  await expect(page.getByTestId('person-drawer').getByTestId('person-form')).toBeHidden();
  await expect(personRow).toHaveCount(0);

  // A person who signs in to the dashboard is not erased here: the drawer says why.
  await page.getByTestId('users-search').fill(world.people.acmeEmployee.email);
  const member = page.getByTestId('users-row').filter({ hasText: world.people.acmeEmployee.fullName });
  await member.getByTestId('person-edit').click();
  await expect(page.getByTestId('person-erasure')).toContainText('revoke their dashboard access first');
  await expect(page.getByTestId('person-erase')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/privacy-manager');
  await page.getByTestId('privacy-runs-trigger').click();
  await page.getByRole('option', { name: 'Erasure' }).click();
  const erasure = page.getByTestId('privacy-run').first();
  await expect(erasure.getByTestId('privacy-run-trigger')).toHaveText('Erasure');
  await expect(erasure.getByTestId('privacy-run-type')).toHaveText('One person');
  await expect(erasure.getByTestId('privacy-run-people')).toHaveText('1');
});
