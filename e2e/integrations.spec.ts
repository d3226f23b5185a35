import { blockingViolations } from './fixtures/a11y';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { screenPath } from './fixtures/screens';
import { signInPlace, type SignInPlace } from './fixtures/sign-in-place';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';
import { GRAPH_FAKE_APP, graphDemoUser } from '../apps/server/src/modules/integrations/fakes/microsoft-graph-fake';

// A directory integration from the browser, against the demo's Microsoft Entra ID (the server runs the
// local fakes of the directories, DIRECTORY_FAKES=true, as a demo does): connect with the app
// registration, map a group to a user type, the first sync, fix a record with an error and a duplicate,
// migrate, and the integration's view; then the view in Arabic. The Staff group's people include one
// without a surname and one whose email the company already has.

const suffix = Math.random().toString(36).slice(2, 8);
const NAME = `Entra ${suffix}`;
const SITE = `E2E Entra site ${suffix}`;
const TYPE = `E2E Entra staff ${suffix}`;

let api: ApiCaller;
let place: SignInPlace | null = null;
let existing: string | null = null;

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  place = await signInPlace(api, {
    site: SITE,
    area: `Entra lobby ${suffix}`,
    type: TYPE,
    journey: `E2E Entra ${suffix}`,
  });
  // The first demo person's email: the sync finds this person and asks which one the record is.
  existing = await place.addPerson(`Known Person${suffix}`, graphDemoUser(1).mail!);
});

test.afterAll(async () => {
  const gone = () => undefined;
  const list = await api
    .call<{ data: { id: string; name: string }[] }>('GET', `/integrations?search=${suffix}`)
    .catch(() => null);
  for (const integration of list?.data ?? []) await api.call('DELETE', `/integrations/${integration.id}`).catch(gone);
  const people = await api
    .call<{ data: { id: string }[] }>('GET', `/people?site_id=${place?.siteId}&limit=100`)
    .catch(() => null);
  for (const person of people?.data ?? []) await api.call('DELETE', `/people/${person.id}`).catch(gone);
  if (existing) await api.call('DELETE', `/people/${existing}`).catch(gone);
  await api.dispose();
});

test('connects a directory, maps it, syncs, fixes an error and a duplicate, migrates and shows it, in English and Arabic', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(180_000);
  await loginAs('acmeAdmin');
  await page.goto('/integration');
  await expect(page.getByTestId('integrations-page')).toBeVisible();
  await page.getByRole('link', { name: 'Connect a directory' }).first().click();
  await expect(page).toHaveURL(/\/sync-integration/);
  await expect(page.getByTestId('directory-card')).toHaveCount(5);
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('integrations-directories-en'), animations: 'disabled' });
  await page.getByTestId('directory-card').filter({ hasText: 'Microsoft Entra ID' }).click();
  await page.getByTestId('integration-name-input').fill(NAME);
  await expect(page.getByTestId('integration-name-free')).toBeVisible();
  await page.getByTestId('credential-tenant_id').fill(GRAPH_FAKE_APP.tenantId);
  await page.getByTestId('credential-client_id').fill(GRAPH_FAKE_APP.clientId);
  // A secret's ID instead of its value is refused by Microsoft Entra, on the secret.
  await page.getByTestId('credential-client_secret').fill('not-the-value');
  await page.getByTestId('connect-submit').click();
  await expect(page.getByText(/Authentication failed/).first()).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('integrations-connect-en'), animations: 'disabled' });
  await page.getByTestId('credential-client_secret').fill(GRAPH_FAKE_APP.clientSecret);
  await page.getByTestId('connect-submit').click();
  await expect(page.getByText('Authentication Success')).toBeVisible();
  await expect(page).toHaveURL(/\/integration-settings\?id=/);

  // Settings: the site, the Staff group as the user type, every detail.
  await expect(page.getByTestId('group-mapping-row')).toHaveCount(4);
  // A site the admin can pick (the only one offered is chosen already).
  if ((await page.locator('.mantine-MultiSelect-pill', { hasText: SITE }).count()) === 0) {
    await page.getByTestId('settings-site-ids').click();
    await page.getByRole('option', { name: SITE, exact: true }).click();
    await page.keyboard.press('Escape');
  }
  await expect(page.locator('.mantine-MultiSelect-pill', { hasText: SITE })).toBeVisible();
  await page
    .getByTestId('group-mapping-row')
    .filter({ hasText: 'Staff' })
    .getByTestId('group-mapping-user-type')
    .click();
  await page.getByRole('option', { name: TYPE, exact: true }).click();
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('integrations-settings-en'), animations: 'disabled', fullPage: true });
  await page.getByTestId('settings-save-sync').click();
  await expect(page).toHaveURL(/\/sync-status\?/);
  await expect(page.getByTestId('sync-status-page')).toBeVisible();

  // The first sync lands the records: errors first.
  await expect(page).toHaveURL(/\/integration-error\?id=/, { timeout: 30_000 });
  const noSurname = page.getByTestId('error-record').filter({ hasText: 'The last name is missing.' });
  await expect(noSurname).toHaveCount(1);
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('integrations-errors-en'), animations: 'disabled' });
  await noSurname.getByRole('button', { name: 'Fix' }).click();
  const modal = page.getByTestId('fix-error-modal');
  await modal.getByTestId('fix-last-name').fill('Fixed');
  await modal.getByTestId('fix-error-save').click();
  await expect(page.getByText('Fixed: the record is ready to migrate.')).toBeVisible();
  await expect(noSurname).toHaveCount(0);
  await page.getByTestId('integration-errors-next').click();

  // The duplicate: nothing chosen is refused in place; then the person the company has.
  await expect(page).toHaveURL(/\/integration-duplicate\?id=/, { timeout: 15_000 });
  const record = page.getByTestId('duplicate-record').filter({ hasText: `Known Person${suffix}` });
  await record.getByTestId('duplicate-fix').click();
  await expect(record.getByText('Please select a user')).toBeVisible();
  await record.getByRole('radio', { name: `Known Person${suffix}` }).check();
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('integrations-duplicates-en'), animations: 'disabled' });
  await record.getByTestId('duplicate-fix').click();
  await expect(page.getByText('The record is now kept in step with the person chosen.')).toBeVisible();
  await page.getByTestId('integration-duplicates-next').click();

  // The valid records become people.
  await expect(page).toHaveURL(/\/integration-valid\?id=/, { timeout: 15_000 });
  await expect(page.getByTestId('valid-record').first()).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('integrations-valid-en'), animations: 'disabled' });
  await page.getByTestId('integration-migrate').click();
  await expect(page).toHaveURL(/\/view-integration\//, { timeout: 30_000 });
  await expect(page.getByTestId('view-integration-name')).toHaveText(NAME);
  await expect(page.getByTestId('integration-status')).toHaveText('Active with errors');
  await expect(page.getByTestId('sync-log')).toHaveCount(2);
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('integrations-view-en'), animations: 'disabled', fullPage: true });

  // Arabic: the same view, right to left.
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('view-integration-name')).toHaveText(NAME);
  await expect(page.getByTestId('integration-status')).toHaveText('نشط مع أخطاء');
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('integrations-view-ar'), animations: 'disabled', fullPage: true });
  await page.goto('/integration');
  await expect(page.getByTestId('integrations-page')).toContainText(NAME);
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: screenPath('integrations-list-ar'), animations: 'disabled' });

  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
