import { request } from '@playwright/test';
import { apiAs } from './fixtures/api';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

// Changes made elsewhere (another admin, a platform administrator) reach an open dashboard as modals.
test.describe.configure({ mode: 'serial' });

test('package and plan changes open their modals: changed, downgraded (to sites), upgraded (reload)', async ({
  page,
  world,
  loginAs,
  baseURL,
}) => {
  const events = world.companies.events;
  const operator = await apiAs(baseURL!, world.people.platformAdmin);
  try {
    await loginAs('eventsAdmin');
    await expect(page.getByTestId('visits-dashboard')).toBeVisible();

    await operator.put(`/platform/entities/${events.id}/package`, { package: 'Cloud', plan: 3 });
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Package changed')).toBeVisible();
    await dialog.getByTestId('event-modal-okay').click();
    await expect(dialog).toHaveCount(0);

    await operator.put(`/platform/entities/${events.id}/package`, { package: 'Standalone', plan: 3 });
    await expect(dialog.getByText('Package downgraded')).toBeVisible();
    await expect(dialog.getByTestId('support-contact')).toBeVisible();
    await dialog.getByTestId('event-modal-okay').click();
    await expect(page).toHaveURL(/\/sites$/);
    await expect(page.getByTestId('side-menu').getByTestId('menu-dashboard')).toHaveAttribute('data-disabled');

    await operator.put(`/platform/entities/${events.id}/package`, { package: 'Cloud', plan: 2 });
    await expect(dialog.getByText('Package upgraded')).toBeVisible();
    await dialog.getByTestId('event-modal-okay').click();
    await page.waitForLoadState('load');
    await expect(page.getByTestId('side-menu').getByTestId('menu-dashboard')).not.toHaveAttribute('data-disabled');
  } finally {
    await operator.dispose();
  }
});

test('a role change by another admin opens "Permissions Updated" for that person only', async ({
  page,
  world,
  loginAs,
  baseURL,
}) => {
  const events = world.companies.events;
  const admin = await apiAs(baseURL!, world.people.eventsAdmin);
  try {
    await loginAs('eventsEmployee');
    const members = (await admin.get('/members?limit=100')) as { data: { id: string; email: string }[] };
    const me = members.data.find((m) => m.email === world.people.eventsEmployee.email)!;
    const other = members.data.find((m) => m.email === world.people.eventsAdmin.email)!;
    expect(other).toBeDefined();
    await admin.put(`/members/${me.id}/role`, { role_id: events.roles.employee_reporting });
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Permissions Updated')).toBeVisible();
    await expect(dialog).toContainText('Employee with reporting');
    await dialog.getByTestId('event-modal-okay').click();
    await expect(page.getByTestId('side-menu').getByTestId('menu-reporting')).toBeVisible();
    await admin.put(`/members/${me.id}/role`, { role_id: events.roles.employee });
    await expect(dialog.getByText('Permissions Updated')).toBeVisible();
    await dialog.getByTestId('event-modal-okay').click();
    await expect(page.getByTestId('side-menu').getByTestId('menu-reporting')).toHaveCount(0);
  } finally {
    await admin.dispose();
  }
});

test('a company two-step policy opens the non-dismissable "Security Policy Updated" modal', async ({
  page,
  world,
  loginAs,
  baseURL,
}) => {
  const events = world.companies.events;
  const admin = await apiAs(baseURL!, world.people.eventsAdmin);
  try {
    await loginAs('eventsEmployee');
    await admin.put('/company/two-step', { two_step_enabled: true, otp_roles: [events.roles.employee] });
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Security Policy Updated')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog.getByText('Security Policy Updated')).toBeVisible();
    await page.screenshot({ path: screenPath('security-policy') });
    // Okay goes to the passport with force_otp: its sign-in for the dashboard, which then asks for two-step.
    await dialog.getByTestId('event-modal-okay').click();
    await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_PASSPORT_URL}/interaction/`));
    await expect(page.getByRole('heading', { name: 'Sign in to continue to your company dashboard' })).toBeVisible();
    // It comes back on every page until the person enrols.
    await page.goto('/');
    await expect(dialog.getByText('Security Policy Updated')).toBeVisible();
  } finally {
    await admin.put('/company/two-step', { two_step_enabled: false, otp_roles: [] });
    await admin.dispose();
  }
});

test('a site or user type another admin creates is told to the owner, by its type and name', async ({
  page,
  world,
  loginAs,
  baseURL,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const siteName = `E2E Owner notice site ${suffix}`;
  const typeName = `E2E Owner notice type ${suffix}`;
  // Another admin of Acme Cloud (not its owner), acting through the API.
  const other = await request.newContext({ baseURL });
  const person = world.people.twoCompanies;
  expect(
    (await other.post('/api/v1/auth/login', { data: { email: person.email, password: person.password } })).ok(),
  ).toBe(true);
  const headers = { 'x-csrf-token': (await other.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '' };
  expect(
    (await other.post('/api/v1/auth/entity', { data: { entity_id: world.companies.acme.id }, headers })).ok(),
  ).toBe(true);
  const made: string[] = [];
  try {
    await loginAs('acmeAdmin');
    await expect(page.getByTestId('visits-dashboard')).toBeVisible();
    await expect(page.getByTestId('dashboard-live')).toHaveAttribute('data-state', 'live');

    const site = await other.post('/api/v1/sites', { data: { name: siteName }, headers });
    expect(site.status(), await site.text()).toBe(201);
    made.push(`/api/v1/sites/${((await site.json()) as { id: string }).id}`);
    const notice = page.getByTestId('created-by-admin-notice');
    await expect(notice.filter({ hasText: siteName })).toHaveAttribute('data-type', 'site');
    await expect(notice.filter({ hasText: siteName })).toContainText(
      `${person.fullName} created the site “${siteName}”.`,
    );
    await expect(page.getByText('New site', { exact: true })).toBeVisible();

    const type = await other.post('/api/v1/user-types', {
      data: { name: typeName, registration_method: 'registration_allowed', grace_period_minutes: 30 },
      headers,
    });
    expect(type.status(), await type.text()).toBe(201);
    made.push(`/api/v1/user-types/${((await type.json()) as { id: string }).id}`);
    await expect(notice.filter({ hasText: typeName })).toContainText(`created the user type “${typeName}”.`);
    await page.screenshot({ path: screenPath('created-by-admin-notice-en') });

    // Open goes to the list it is in.
    await notice.filter({ hasText: typeName }).getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(/\/user-types$/);
  } finally {
    for (const url of made.reverse()) await other.delete(url, { headers });
    await other.dispose();
  }
});
