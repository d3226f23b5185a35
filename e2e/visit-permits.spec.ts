import { request, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';
import type { World } from './fixtures/world';

/** A site, a user type and a person of that type in Acme, made through the API as an admin would. */
async function prepare(baseURL: string, world: World, tag: string) {
  const admin = world.people.acmeAdmin;
  const context = await request.newContext({ baseURL });
  const login = await context.post('/api/v1/auth/login', { data: { email: admin.email, password: admin.password } });
  expect(login.ok()).toBe(true);
  const csrf = (await context.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '';
  const post = async (url: string, data: unknown) => {
    const res = await context.post(`/api/v1${url}`, { data, headers: { 'x-csrf-token': csrf } });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as { id: string };
  };
  const site = await post('/sites', { name: `VP site ${tag}` });
  const type = await post('/user-types', {
    name: `VP Contractors ${tag}`,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  const person = await post('/people', {
    first_name: 'Vera',
    last_name: `Permit ${tag}`,
    role_id: world.companies.acme.roles.employee,
    site_ids: [site.id],
    user_type_ids: [type.id],
  });
  return {
    site: { id: site.id, name: `VP site ${tag}` },
    type: { id: type.id, name: `VP Contractors ${tag}` },
    person: { id: person.id, name: `Vera Permit ${tag}` },
    post,
    dispose: () => context.dispose(),
  };
}

/** Types a 24-hour time into one of the form's time pickers (hours, then minutes). */
async function typeTime(page: Page, testId: string, time: string) {
  const [hours, minutes] = time.split(':') as [string, string];
  const fields = page.getByTestId(testId).getByRole('spinbutton');
  await fields.nth(0).click();
  await fields.nth(0).pressSequentially(hours);
  await fields.nth(1).pressSequentially(minutes);
  // Leaving the field closes its list of times.
  await page.keyboard.press('Tab');
}

async function typeDate(page: Page, testId: string, date: string) {
  const input = page.getByTestId(testId);
  await input.fill(date);
  // Enter would submit the form: the date is read as the field is left.
  await input.blur();
}

test('an admin creates a weekly permit, gives it to a user type and a person, suspends it for the person and checks it', async ({
  page,
  loginAs,
  world,
  baseURL,
}) => {
  // One journey through four screens: longer than a single screen's test.
  test.slow();
  const tag = Date.now().toString(36);
  const setup = await prepare(baseURL!, world, tag);
  const name = `E2E weekday contractors ${tag}`;
  await loginAs('acmeAdmin');
  await page.goto('/visit-permits');

  // Create: weekly, Monday to Thursday, 07:30–18:00, during 2026.
  await page.getByTestId('permit-add').click();
  const dialog = page.getByRole('dialog');
  await page.getByTestId('permit-name').fill(name);
  await page.getByTestId('permit-description').fill('Contractors on site from Monday to Thursday');
  await dialog.getByText('Fri', { exact: true }).click();
  await typeDate(page, 'permit-start-date', '05/01/2026');
  await typeDate(page, 'permit-end-date', '31/12/2026');
  await typeTime(page, 'permit-start-time', '07:30');
  // An end before the start is refused on its field, as the server would.
  await typeTime(page, 'permit-end-time', '07:00');
  await page.getByTestId('permit-save').click();
  await expect(dialog.getByText('The end time must be after the start time.')).toBeVisible();
  await typeTime(page, 'permit-end-time', '18:00');
  // The preview lists the next visits: only Mondays to Thursdays, at 07:30–18:00.
  const preview = page.getByTestId('permit-preview-item');
  await expect(preview.first()).toContainText('07:30–18:00');
  for (const text of await preview.allInnerTexts()) expect(text).toMatch(/^(Mon|Tue|Wed|Thu) /);
  await page.screenshot({ path: screenPath('visit-permit-form-en'), animations: 'disabled' });
  await page.getByTestId('permit-save').click();
  await expect(page.getByText(`${name} added`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = page.locator(`[data-testid="permits-row"][data-name="${name}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('permit-recurrence-text')).toHaveText('Weekly on Mon, Tue, Wed, Thu');
  await expect(row.getByTestId('permit-dates')).toHaveText('05/01/2026 – 31/12/2026');

  // Give it to the user type and to the person, from the permit.
  await row.getByTestId('permit-assign').click();
  const drawer = page.getByRole('dialog');
  await drawer.getByTestId('permit-tab-types').click();
  await drawer.getByTestId('permit-assign-types-picker').click();
  await page.getByRole('option', { name: setup.type.name }).click();
  await page.keyboard.press('Escape');
  await drawer.getByTestId('permit-assign-types').click();
  await expect(page.getByText('Given to 1 more')).toBeVisible();
  await expect(drawer.locator(`[data-testid="permit-type-row"][data-name="${setup.type.name}"]`)).toBeVisible();
  await drawer.getByTestId('permit-tab-people').click();
  await drawer.getByTestId('permit-assign-people-picker').fill(`Permit ${tag}`);
  await page.getByRole('option', { name: setup.person.name }).click();
  await page.keyboard.press('Escape');
  await drawer.getByTestId('permit-assign-people').click();
  const personRow = drawer.locator(`[data-testid="permit-person-row"][data-name="${setup.person.name}"]`);
  await expect(personRow).toBeVisible();
  await expect(drawer.getByTestId('permit-tab-types')).toHaveText(/\(1\)/);
  await page.screenshot({ path: screenPath('visit-permit-assign-en'), animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('permit-people-count')).toHaveText('1 person');
  await expect(row.getByTestId('permit-type-count')).toHaveText('1 user type');
  await page.screenshot({ path: screenPath('visit-permits-en'), animations: 'disabled' });

  // The person's page, opened from the users list: their own permit and their type's.
  await page.goto('/users');
  await page.getByTestId('users-search').fill(`Permit ${tag}`);
  const userRow = page.locator(`[data-testid="users-row"][data-name="${setup.person.name}"]`);
  await userRow.getByTestId('person-visit-permits').click();
  await expect(page).toHaveURL(new RegExp(`/users/visit-permits/${setup.person.id}$`));
  await expect(page.getByTestId('person-permits-title')).toHaveText(`Visit permits of ${setup.person.name}`);
  const permitRow = page.locator(`[data-testid="person-permit-row"][data-name="${name}"]`);
  await expect(permitRow.getByTestId('permit-source')).toHaveCount(2);
  await expect(permitRow.getByTestId('person-permit-status')).toHaveAttribute('data-status', 'active');

  // Suspend it for this person alone.
  await permitRow.getByTestId('person-permit-status').click();
  await expect(page.getByText(`${name}: suspended`)).toBeVisible();
  await expect(permitRow.getByTestId('person-permit-status')).toHaveAttribute('data-status', 'suspended');
  await expect(permitRow.locator('[data-testid="permit-source"][data-kind="person"]')).toHaveAttribute(
    'data-status',
    'suspended',
  );
  await expect(permitRow.locator('[data-testid="permit-source"][data-kind="user_type"]')).toHaveAttribute(
    'data-status',
    'active',
  );
  await page.screenshot({ path: screenPath('visit-permits-person-en'), animations: 'disabled' });

  // The checker: on Monday 12 January 2026 at 10:00 the person may not come (suspended) ...
  await page.getByTestId('person-permits-check').click();
  await expect(page).toHaveURL(/\/vp\/playground\?person=/);
  await typeDate(page, 'playground-date', '12/01/2026');
  await typeTime(page, 'playground-time', '10:00');
  const result = page.getByTestId('playground-result');
  await expect(result).toHaveAttribute('data-allowed', 'false');
  await expect(page.getByTestId('playground-person')).toHaveValue(setup.person.name);
  const checked = page.locator(`[data-testid="playground-permit"][data-name="${name}"]`);
  await expect(checked).toHaveAttribute('data-reason', 'suspended');
  await expect(checked.getByTestId('playground-permit-verdict')).toHaveText('Suspended');
  await expect(checked.getByTestId('playground-occurrence').first()).toContainText('12/01/2026 · 07:30–18:00');
  await page.screenshot({ path: screenPath('visit-permit-playground-person-en'), animations: 'disabled' });

  // ... while their user type may, by this permit; on a Friday it may not.
  await page.getByTestId('playground-kind').getByText('User type').click();
  await page.getByTestId('playground-user-type').click();
  await page.getByRole('option', { name: setup.type.name }).click();
  await expect(result).toHaveAttribute('data-allowed', 'true');
  await expect(page.getByTestId('playground-allowed-by')).toHaveText(`Allowed by: ${name}`);
  await page.screenshot({ path: screenPath('visit-permit-playground-en'), animations: 'disabled' });
  await typeDate(page, 'playground-date', '16/01/2026');
  await expect(result).toHaveAttribute('data-allowed', 'false');
  await expect(checked).toHaveAttribute('data-reason', 'not_on_weekday');

  // The type's page, from the user types screen, lists the permit as active.
  await page.goto('/user-types');
  const typeRow = page.locator(`[data-testid="user-type-row"][data-name="${setup.type.name}"]`);
  await typeRow.getByTestId('user-type-actions').click();
  await page.getByTestId('user-type-visit-permits').click();
  await expect(page).toHaveURL(new RegExp(`/user-types/visit-permits/${setup.type.id}$`));
  const typePermit = page.locator(`[data-testid="type-permit-row"][data-name="${name}"]`);
  await expect(typePermit.getByTestId('type-permit-status')).toHaveAttribute('data-status', 'active');
  await page.screenshot({ path: screenPath('visit-permits-user-type-en'), animations: 'disabled' });

  // Deleting asks first and says who holds it.
  await page.goto('/visit-permits');
  await row.getByTestId('permit-delete').click();
  await expect(page.getByTestId('permit-delete-assigned')).toHaveText(
    'It is given to 1 person and 1 user type: they lose this permit.',
  );
  await page.getByTestId('permit-delete-confirm').click();
  await expect(page.getByText(`${name} deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await setup.dispose();
});

test('the visit permit checker in Arabic', async ({ page, loginAs, world, baseURL }) => {
  const tag = Date.now().toString(36);
  const setup = await prepare(baseURL!, world, tag);
  const permit = await setup.post('/visit-permits', {
    name: `تصريح المقاولين ${tag}`,
    description: 'من الأحد إلى الخميس',
    start_date: '2026-01-04',
    end_date: null,
    start_time: '07:30',
    end_time: '18:00',
    recurrence: 'weekly',
    weekdays: [7, 1, 2, 3, 4],
  });
  await setup.post(`/user-types/${setup.type.id}/visit-permits`, { permit_id: permit.id });
  await loginAs('acmeAdmin');
  await page.goto(`/vp/playground?user_type=${setup.type.id}`);
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await typeDate(page, 'playground-date', '11/01/2026');
  await typeTime(page, 'playground-time', '09:15');
  await expect(page.getByTestId('playground-result')).toHaveAttribute('data-allowed', 'true');
  await expect(page.getByTestId('playground-verdict')).toHaveText('الزيارة مسموحة');
  // Mirrored: the page's text starts on the right.
  const title = await page.getByRole('heading', { name: 'مدقق تصاريح الزيارة' }).boundingBox();
  const pageBox = await page.getByTestId('playground-page').boundingBox();
  expect(title!.x + title!.width).toBeGreaterThan(pageBox!.x + pageBox!.width - 4);
  await page.screenshot({ path: screenPath('visit-permit-playground-ar'), fullPage: true, animations: 'disabled' });
  await page.goto('/visit-permits');
  await expect(page.getByTestId('permits-table')).toBeVisible();
  await page.screenshot({ path: screenPath('visit-permits-ar'), animations: 'disabled' });
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await setup.dispose();
});

test('a user type whose visits need a permit: turned on in its form, a sign-in without a permit is refused, and the checker agrees', async ({
  page,
  loginAs,
  world,
  baseURL,
}) => {
  test.slow();
  const tag = Date.now().toString(36);
  const setup = await prepare(baseURL!, world, tag);
  const area = `VP desk ${tag}`;
  await setup.post('/areas', { site_id: setup.site.id, name: area });
  await loginAs('acmeAdmin');

  // The user-type form: the switch is off until turned on; the tree then says so.
  await page.goto('/user-types');
  const row = page.locator(`[data-testid="user-type-row"][data-name="${setup.type.name}"]`);
  await row.getByTestId('user-type-actions').click();
  await page.getByTestId('user-type-edit').click();
  const needsPermit = page.getByRole('dialog').getByTestId('user-type-needs-permit');
  await expect(needsPermit).not.toBeChecked();
  await needsPermit.check();
  await page.getByTestId('user-type-save').click();
  await expect(page.getByText('User type updated')).toBeVisible();
  await expect(row.getByTestId('user-type-needs-permit-badge')).toHaveText('Permit needed');

  // A sign-in of that person now, with no permit: refused before anything is asked, naming why.
  const refusal = new RegExp(
    `^No visit permit for VP site ${tag} on \\d\\d/\\d\\d/\\d{4} at \\d\\d:\\d\\d: visits of the user type "VP Contractors ${tag}" need one\\.$`,
  );
  await page.goto('/');
  await page.getByTestId('quick-sign-in').click();
  await page.getByTestId('quick-sign-in-person').fill(setup.person.name);
  await page.getByRole('option', { name: setup.person.name }).click();
  await page.getByTestId('quick-sign-in-area').click();
  await page.getByRole('option', { name: area }).click();
  await page.getByTestId('quick-sign-in-next').click();
  await expect(page.getByTestId('flow-blocker')).toHaveText(refusal);
  await page.screenshot({ path: screenPath('visit-permit-sign-in-refused-en'), animations: 'disabled' });
  await page.keyboard.press('Escape');

  // The checker, asked about a visit at that site now, gives the same answer.
  await page.goto(`/vp/playground?person=${setup.person.id}&site=${setup.site.id}`);
  const visit = page.getByTestId('playground-visit');
  await expect(visit).toHaveAttribute('data-allowed', 'false');
  await expect(page.getByTestId('playground-visit-message')).toHaveText(
    new RegExp(`^${setup.person.name} has no visit permit for VP site ${tag} on .* need one\\.$`),
  );
  await page.screenshot({ path: screenPath('visit-permit-checker-site-en'), fullPage: true, animations: 'disabled' });

  // With a permit for every day, the checker allows the visit.
  const permit = await setup.post('/visit-permits', {
    name: `Every day ${tag}`,
    description: '',
    start_date: '2026-01-01',
    end_date: null,
    start_time: '00:00',
    end_time: '23:59',
    recurrence: 'daily',
    weekdays: [],
  });
  await setup.post(`/people/${setup.person.id}/visit-permits`, { permit_id: permit.id });
  await page.reload();
  await expect(page.getByTestId('playground-visit')).toHaveAttribute('data-allowed', 'true');
  await setup.dispose();
});
