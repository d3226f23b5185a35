import { readFile } from 'node:fs/promises';
import { request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { makePng as png } from '../apps/server/test/helpers/images';
import { loadWorld, type WorldPerson } from './fixtures/world';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';

// The users screen: the shared grid with saved preferences, the person form (photo, phone, custom
// fields), mass actions with their result toasts, QuickPasses, and the screen in Arabic. Other tests
// share the database: everything here carries this run's suffix and is removed at the end.

const suffix = Math.random().toString(36).slice(2, 8);

type Api = {
  call: <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) => Promise<T>;
  uploadPhoto: (personId: string, photo: Buffer) => Promise<void>;
  dispose: () => Promise<void>;
};

/** Acts through the API as a fixture person (session cookie and CSRF header, like the web app). */
async function apiAs(person: Pick<WorldPerson, 'email' | 'password'>): Promise<Api> {
  const context: APIRequestContext = await request.newContext({ baseURL: loadWorld().baseURL });
  const login = await context.post('/api/v1/auth/login', { data: { email: person.email, password: person.password } });
  if (!login.ok()) throw new Error(`API sign-in failed: ${login.status()} ${await login.text()}`);
  const csrf = (await context.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '';
  return {
    call: async <T>(method: string, url: string, data?: unknown) => {
      const res = await context.fetch(`/api/v1${url}`, { method, data, headers: { 'x-csrf-token': csrf } });
      if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${await res.text()}`);
      return (res.status() === 204 ? null : await res.json()) as T;
    },
    uploadPhoto: async (personId, photo) => {
      const res = await context.put(`/api/v1/people/${personId}/photo`, {
        multipart: { photo: { name: 'photo.png', mimeType: 'image/png', buffer: photo } },
        headers: { 'x-csrf-token': csrf },
      });
      if (!res.ok()) throw new Error(`photo upload answered ${res.status()}: ${await res.text()}`);
    },
    dispose: () => context.dispose(),
  };
}

type Setup = {
  siteId: string;
  siteName: string;
  typeId: string;
  typeName: string;
  otherTypeId: string;
  otherTypeName: string;
  sectionId: string;
  fields: { badge: string; parking: string; shift: string };
  people: { id: string; name: string }[];
};

let api: Api;
let setup: Setup;

test.beforeAll(async () => {
  api = await apiAs(loadWorld().people.acmeAdmin);
  const site = await api.call<{ id: string }>('POST', '/sites', { name: `E2E Users HQ ${suffix}` });
  const type = await api.call<{ id: string }>('POST', '/user-types', {
    name: `E2E Staff ${suffix}`,
    registration_method: 'registration_allowed',
    grace_period_minutes: 60,
  });
  const otherType = await api.call<{ id: string }>('POST', '/user-types', {
    name: `E2E Contractors ${suffix}`,
    registration_method: 'registration_allowed',
    grace_period_minutes: 60,
  });
  // Acme is on the enterprise plan: its people have custom fields.
  const section = await api.call<{ id: string }>('POST', '/custom-field-sections', { name: `E2E Work ${suffix}` });
  const field = (name: string, type: string, options = {}) =>
    api.call<{ id: string }>('POST', '/custom-fields', {
      section_id: section.id,
      name,
      type,
      binding: 'profile',
      options,
    });
  const badge = await field(`Badge name ${suffix}`, 'text');
  const parking = await field(`Parking ${suffix}`, 'toggleButton');
  const shift = await field(`Shift ${suffix}`, 'radioButtons', { choices: ['Day', 'Night'] });
  const roles = await api.call<{ id: string; key: string | null }[]>('GET', '/people/roles');
  const employee = roles.find((r) => r.key === 'employee')!.id;
  const people = [];
  for (const first of ['Archie', 'Arlo']) {
    const person = await api.call<{ id: string; full_name: string }>('POST', '/people', {
      first_name: first,
      last_name: `Mass ${suffix}`,
      email: `${first.toLowerCase()}.${suffix}@example.test`,
      role_id: employee,
      site_ids: [site.id],
      user_type_ids: [type.id],
    });
    people.push({ id: person.id, name: person.full_name });
  }
  // One of them has a photo, which their QuickPass shows.
  await api.uploadPhoto(people[0]!.id, png(300, 400));
  setup = {
    siteId: site.id,
    siteName: `E2E Users HQ ${suffix}`,
    typeId: type.id,
    typeName: `E2E Staff ${suffix}`,
    otherTypeId: otherType.id,
    otherTypeName: `E2E Contractors ${suffix}`,
    sectionId: section.id,
    fields: { badge: badge.id, parking: parking.id, shift: shift.id },
    people,
  };
});

test.afterAll(async () => {
  const found = await api.call<{ data: { id: string }[] }>('GET', `/people?search=${suffix}&limit=100`);
  // People with dashboard access cannot be deleted: revoke it first.
  if (found.data.length > 0) await api.call('POST', '/people/revoke', { person_ids: found.data.map((p) => p.id) });
  for (const person of found.data) await api.call('DELETE', `/people/${person.id}`);
  await api.call('DELETE', `/custom-field-sections/${setup.sectionId}`);
  await api.call('DELETE', `/user-types/${setup.typeId}`);
  await api.call('DELETE', `/user-types/${setup.otherTypeId}`);
  await api.call('DELETE', `/sites/${setup.siteId}`);
  await api.call('DELETE', '/table-preferences/users');
  const labels = await api.call<{ id: string; name: string }[]>('GET', '/labels');
  for (const label of labels.filter((l) => l.name.endsWith(suffix))) await api.call('DELETE', `/labels/${label.id}`);
  await api.dispose();
});

const row = (page: Page, name: string) => page.locator(`[data-testid="users-row"][data-name="${name}"]`);
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/**
 * Chooses an option of a select or multi-select. A multi-select stays open and is closed with Escape;
 * a select closes by itself, and Escape then would close the drawer.
 */
async function pick(page: Page, input: Locator, option: string | RegExp) {
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
  if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Shows columns a laptop leaves out at first; the column test's reset brings the defaults back. */
async function showColumns(page: Page, ids: string[]) {
  await page.getByTestId('users-columns').click();
  for (const id of ids) await page.getByTestId(`users-column-toggle-${id}`).check();
  await page.keyboard.press('Escape');
}

/** Searches the grid and waits for the answer: only matching rows are left, and at least one. */
async function search(page: Page, text: string) {
  await page.getByTestId('users-search').fill(text);
  // A matching row first: an empty grid while the search runs would pass the second check alone.
  await expect(page.getByTestId('users-row').filter({ hasText: text }).first()).toBeVisible();
  await expect(page.getByTestId('users-row').filter({ hasNotText: text })).toHaveCount(0);
}

test('an admin adds a user with a photo and custom fields, and sees them after a reload', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  const first = 'Nadia';
  const last = `Photo ${suffix}`;
  await loginAs('acmeAdmin');
  await page.goto('/users');
  await expect(page.getByTestId('users-table')).toBeVisible();
  await page.getByTestId('person-add').click();
  const drawer = page.getByTestId('person-form');
  await expect(drawer).toBeVisible();

  // The browser's own checks name the missing fields, and Save shows the first of them.
  await page.getByTestId('person-save').click();
  await expect(drawer.getByText('First name is required.')).toBeVisible();
  await expect(drawer.getByText('Site is required.')).toBeVisible();
  await expect(page.getByTestId('person-first-name')).toBeFocused();

  await page.getByTestId('person-first-name').fill(first);
  await page.getByTestId('person-last-name').fill(last);
  // With the names given, the first field in error is further down: Save scrolls to it (a choice list
  // is not opened over its own message).
  // On a short window the field starts out of sight.
  await page.setViewportSize({ width: 1280, height: 420 });
  await drawer.evaluate((el) => el.closest('.mantine-Drawer-content')?.scrollTo(0, 0));
  await expect(drawer.getByText('Site is required.')).not.toBeInViewport();
  await page.getByTestId('person-save').click();
  await expect(drawer.getByText('Site is required.')).toBeInViewport();
  await expect(page.getByTestId('person-sites')).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('person-email').fill(`nadia.${suffix}@example.test`);
  // An email already in the company is refused as it is typed.
  await page.getByTestId('person-email').fill(`archie.${suffix}@example.test`);
  await expect(drawer.getByText('Email address already exists')).toBeVisible();
  await page.getByTestId('person-email').fill(`nadia.${suffix}@example.test`);
  await expect(drawer.getByText('Email address already exists')).toHaveCount(0);

  // Phone: digits only; letters typed do nothing.
  await pick(page, page.getByTestId('person-phone-code'), /^\+971 /);
  await page.getByTestId('person-phone').pressSequentially('50ab12c');
  await expect(page.getByTestId('person-phone')).toHaveValue('5012');
  await page.getByTestId('person-phone').pressSequentially(`${Date.now()}`.slice(-6));

  await pick(page, page.getByTestId('person-sites'), setup.siteName);
  await pick(page, page.getByTestId('person-user-types'), setup.typeName);

  // A photo too small is refused with the rule, before anything is sent.
  const photo = page.getByTestId('person-photo-input');
  await photo.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png(200, 240) });
  await expect(page.getByTestId('person-photo-error')).toHaveText('The image must be at least 250×300 pixels.');
  // A file that only claims to be an image is refused by its content.
  await photo.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a not a png') });
  await expect(page.getByTestId('person-photo-error')).toHaveText('The file must be a PNG or JPG image.');
  await photo.setInputFiles({ name: 'nadia.png', mimeType: 'image/png', buffer: png(300, 400) });
  await expect(page.getByTestId('person-photo-error')).toHaveCount(0);
  await expect(page.getByTestId('person-photo-preview')).toHaveAttribute('data-has-photo', 'true');

  // Custom fields, grouped under their section.
  const section = drawer.getByTestId('person-custom-section').filter({ hasText: `E2E Work ${suffix}` });
  await expect(section).toBeVisible();
  await section.getByLabel(`Badge name ${suffix}`).fill('Nadz');
  await section.getByRole('switch', { name: `Parking ${suffix}` }).check();
  await section.getByLabel('Night').check();

  await page.screenshot({ path: screenPath('users-form-en'), animations: 'disabled' });
  await page.getByTestId('person-save').click();
  await expect(toast(page, 'User Created')).toBeVisible();
  await expect(page.getByTestId('person-form')).toHaveCount(0);

  await page.reload();
  await search(page, last);
  const added = row(page, `${first} ${last}`);
  await expect(added).toBeVisible();
  await expect(added.getByTestId('person-thumbnail').locator('img')).toHaveAttribute(
    'src',
    /\/api\/v1\/people\/.+\/photo/,
  );
  await expect(added).toContainText(setup.siteName);
  await showColumns(page, ['phone']);
  await expect(added).toContainText('+971');

  await added.getByTestId('person-edit').click();
  const form = page.getByTestId('person-form');
  await expect(form.getByLabel(`Badge name ${suffix}`)).toHaveValue('Nadz');
  await expect(form.getByLabel(`Parking ${suffix}`)).toBeChecked();
  await expect(form.getByLabel('Night')).toBeChecked();
  await expect(page.getByTestId('person-photo-preview')).toHaveAttribute('data-has-photo', 'true');
  await form.getByLabel(`Badge name ${suffix}`).fill('Nadia P.');
  await page.getByTestId('person-save').click();
  await expect(toast(page, 'User Updated')).toBeVisible();
});

test('renaming yourself on the users list renames the top bar, also after signing in again', async ({
  page,
  loginAs,
  world,
}) => {
  const me = world.people.liteAdmin;
  const api = await apiAs(me);
  // The form asks for a site and a user type: the owner gets this run's own.
  const site = await api.call<{ id: string }>('POST', '/sites', { name: `Rename site ${suffix}` });
  const type = await api.call<{ id: string }>('POST', '/user-types', {
    name: `Rename type ${suffix}`,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  const { user } = await api.call<{ user: { person_id: string } }>('GET', '/auth/me');
  const person = await api.call<{ email: string; role: { id: string } }>('GET', `/people/${user.person_id}`);
  const named = (first: string) => ({
    first_name: first,
    last_name: me.lastName,
    email: person.email,
    role_id: person.role.id,
    site_ids: [site.id],
    user_type_ids: [type.id],
  });
  await api.call('PUT', `/people/${user.person_id}`, named(me.firstName));
  try {
    await loginAs('liteAdmin');
    await page.goto('/users');
    await search(page, `${me.firstName} ${me.lastName}`);
    await page.getByTestId('users-row').first().getByTestId('person-edit').click();
    await page.getByTestId('person-first-name').fill('Liana');
    await page.getByTestId('person-save').click();
    await expect(page.getByTestId('person-form')).toHaveCount(0);
    await expect(page.getByTestId('user-name')).toContainText('Liana Lite');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    // Signed out first: the app's own way to /login must not cut across the next sign-in's navigation.
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('login-email')).toBeVisible();
    await loginAs('liteAdmin');
    await expect(page.getByTestId('user-name')).toContainText('Liana Lite');
  } finally {
    await api.call('PUT', `/people/${user.person_id}`, named(me.firstName));
    await api.call('DELETE', `/sites/${site.id}`).catch(() => undefined);
    await api.call('DELETE', `/user-types/${type.id}`).catch(() => undefined);
    await api.dispose();
  }
});

test('mass actions: archive two people and activate them again, with the result toasts', async ({ page, loginAs }) => {
  await loginAs('acmeAdmin');
  await page.goto('/users');
  await search(page, `Mass ${suffix}`);
  const [a, b] = setup.people;
  await expect(page.getByTestId('users-row')).toHaveCount(2);

  const selectBoth = async () => {
    await page.getByTestId('users-select-page').check();
    await expect(page.getByTestId('users-selected-count')).toHaveText('2 selected');
  };

  await selectBoth();
  await page.screenshot({ path: screenPath('users-selection-en'), animations: 'disabled' });
  await page.getByTestId('mass-archive').click();
  await expect(page.getByRole('dialog')).toContainText('Archive 2 people?');
  await expect(page.getByTestId('mass-confirm-names')).toContainText(a!.name);
  await page.getByTestId('mass-archive-confirm').click();
  await expect(toast(page, '2 people archived.')).toContainText('User Status Updated');
  await expect(row(page, a!.name)).toHaveAttribute('data-status', 'archived');
  await expect(row(page, b!.name)).toHaveAttribute('data-status', 'archived');
  await expect(page.getByTestId('users-selection')).toHaveCount(0);

  await selectBoth();
  await page.getByTestId('mass-activate').click();
  await page.getByTestId('mass-activate-confirm').click();
  await expect(toast(page, '2 people activated.')).toContainText('User Status Updated');
  await expect(row(page, a!.name)).toHaveAttribute('data-status', 'active');

  // A default user is left out, and the toast says who and why.
  await page.getByTestId('users-search').fill('Ada Acme');
  await expect(page.getByTestId('users-row')).toHaveCount(1);
  await page.getByTestId('users-select-row').check();
  await page.getByTestId('mass-archive').click();
  await expect(page.getByTestId('mass-confirm-skips')).toContainText('Ada Acme');
  await page.getByTestId('mass-archive-confirm').click();
  await expect(toast(page, 'Nothing was changed')).toContainText('Ada Acme');
});

test('invite to the dashboard and revoke, change user type and add a label created on the spot', async ({
  page,
  loginAs,
}) => {
  const arlo = setup.people[1]!;
  await loginAs('acmeAdmin');
  // The invite page of the spec's route list, for the people in ?ids=.
  await page.goto(`/invite-users-to-dashboard?ids=${arlo.id}`);
  await expect(page.getByTestId('invite-candidate')).toHaveCount(1);
  await expect(page.getByTestId('invite-candidate')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('invite-send').click();
  await expect(toast(page, 'Passport Invitation Sent')).toContainText('1 invitation sent.');
  await expect(page).toHaveURL(/\/users$/);

  await search(page, arlo.name);
  // The labels column stays hidden: a label added shows beside the email, under the name.
  await showColumns(page, ['dashboard_access']);
  await expect(row(page, arlo.name)).toContainText('Invited');
  await page.getByTestId('users-select-row').check();
  await page.getByTestId('mass-revoke').click();
  await page.getByTestId('mass-revoke-confirm').click();
  await expect(toast(page, 'Passport Revoked')).toContainText('Dashboard access revoked for 1 person.');
  await expect(row(page, arlo.name)).toContainText('Revoked');

  // Moved to another user type: the new type replaces the old one.
  await page.getByTestId('users-select-row').check();
  await page.getByTestId('mass-user-types').click();
  await pick(page, page.getByTestId('mass-user-types-select'), setup.otherTypeName);
  await page.getByTestId('mass-user-types-confirm').click();
  await expect(toast(page, 'User Moved')).toContainText('1 person moved to the new user types.');
  await expect(row(page, arlo.name)).toContainText(setup.otherTypeName);
  await expect(row(page, arlo.name)).not.toContainText(setup.typeName);

  await page.getByTestId('users-select-row').check();
  await page.getByTestId('mass-labels').click();
  await page.getByTestId('mass-labels-select-create').click();
  await page.getByTestId('label-name').fill(`Night ${suffix}`);
  await page.getByRole('radio', { name: 'Indigo' }).click();
  await page.getByTestId('label-save').click();
  await expect(toast(page, `Label Night ${suffix} created`)).toBeVisible();
  await page.getByTestId('mass-labels-confirm').click();
  await expect(toast(page, 'Labels Added')).toContainText('Labels added to 1 person.');
  await expect(row(page, arlo.name).getByTestId('person-name-labels')).toContainText(`Night ${suffix}`);
  await page.screenshot({ path: screenPath('users-labels-beside-name-en'), animations: 'disabled' });
  // With the labels column shown, they are in it and no longer beside the name.
  await showColumns(page, ['labels']);
  await expect(row(page, arlo.name)).toContainText(`Night ${suffix}`);
  await expect(row(page, arlo.name).getByTestId('person-name-labels')).toHaveCount(0);
});

test('a hidden column stays hidden after a reload, and reset brings it back', async ({ page, loginAs }) => {
  await loginAs('acmeAdmin');
  await page.goto('/users');
  const sitesHeader = page.locator('[data-testid="users-table"] th[data-column="sites"]');
  await expect(sitesHeader).toBeVisible();

  await page.getByTestId('users-columns').click();
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/table-preferences/users') && res.request().method() === 'PUT' && res.ok(),
  );
  await page.getByTestId('users-column-toggle-sites').click();
  await expect(sitesHeader).toHaveCount(0);
  // Moving a column, from the keyboard: the photo column goes after the name.
  await page.getByTestId('users-column-later-photo').click();
  await saved;
  await page.screenshot({ path: screenPath('users-columns-en'), animations: 'disabled' });
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByTestId('users-row').first()).toBeVisible();
  await expect(sitesHeader).toHaveCount(0);
  const headers = page.locator('[data-testid="users-table"] th[data-column]');
  const order = await headers.evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')));
  expect(order.indexOf('photo')).toBeGreaterThan(order.indexOf('name'));

  await page.getByTestId('users-columns').click();
  await page.getByTestId('users-columns-reset').click();
  await expect(sitesHeader).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(sitesHeader).toBeVisible();
});

test('a delete the server would refuse stays in view, disabled, and says why', async ({ page, loginAs, world }) => {
  await loginAs('acmeAdmin');
  await page.goto('/users');
  // The admin is the company's default user: their own row's delete is refused for that first.
  const self = row(page, world.people.acmeAdmin.fullName);
  await expect(self.getByTestId('person-delete')).toBeDisabled();
  await self.getByTestId('person-delete').hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText('A default user of the company cannot be deleted.');

  // The first tooltip goes before the next one is asked for: both are role=tooltip.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  const [archie] = setup.people;
  const other = row(page, archie!.name);
  await search(page, archie!.name);
  await expect(other.getByTestId('person-delete')).toBeEnabled();
  await other.getByTestId('person-delete').hover();
  await expect(page.getByRole('tooltip')).toHaveText(`Delete ${archie!.name}`);
});

test('the users screen in Arabic is mirrored', async ({ page, loginAs }) => {
  await loginAs('acmeAdmin');
  await page.goto('/users');
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  try {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('person-add')).toHaveText('إضافة مستخدم');
    await search(page, suffix);
    await expect(page.getByTestId('users-row').first()).toBeVisible();
    // The first column is drawn on the right, and each resize handle sits on its column's left edge.
    const table = (await page.getByTestId('users-table').boundingBox())!;
    const select = (await page.getByTestId('users-select-page').boundingBox())!;
    expect(select.x).toBeGreaterThan(table.x + table.width / 2);
    const nameHeader = (await page.locator('[data-testid="users-table"] th[data-column="name"]').boundingBox())!;
    const handle = (await page.getByTestId('users-resize-name').boundingBox())!;
    expect(handle.x).toBeLessThan(nameHeader.x + 8);
    await page.screenshot({ path: screenPath('users-ar'), fullPage: true, animations: 'disabled' });

    await page.getByTestId('users-row').first().getByTestId('person-edit').click();
    await expect(page.getByTestId('person-form')).toBeVisible();
    await expect(page.getByRole('dialog').getByText('الاسم الأول')).toBeVisible();
    // The roles every company starts with are named in Arabic, in the select and its list.
    await expect(page.getByTestId('person-role')).toHaveValue('موظف');
    await page.getByTestId('person-role').click();
    await expect(page.getByRole('option', { name: 'مسؤول', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: screenPath('users-form-ar'), animations: 'disabled' });
    await page.keyboard.press('Escape');
  } finally {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  }
});

test('QuickPasses open ready to print in a new tab; default users are left out', async ({ page, context, loginAs }) => {
  await loginAs('acmeAdmin');
  await page.goto('/users');
  await search(page, `Mass ${suffix}`);
  await expect(page.getByTestId('users-row')).toHaveCount(2);
  await page.getByTestId('users-select-page').check();
  // The default user of another page stays selected with them and is left out.
  await page.getByTestId('users-search').fill('Ada Acme');
  await expect(page.getByTestId('users-row')).toHaveCount(1);
  await page.getByTestId('users-select-row').check();
  await expect(page.getByTestId('users-selected-count')).toHaveText('3 selected');

  await page.getByTestId('mass-quick-pass').click();
  await expect(page.getByTestId('mass-confirm-skips')).toContainText('QuickPasses cannot be printed for default users');
  const opened = context.waitForEvent('page');
  await page.getByTestId('mass-quick-pass-confirm').click();
  const print = await opened;
  await print.waitForLoadState();
  await expect(print).toHaveURL(/\/users\/quick-pass\?ids=/);
  await expect(print.getByTestId('quick-pass-card')).toHaveCount(2);
  await expect(print.getByTestId('quick-pass-qr').first()).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await expect(print.getByTestId('top-bar')).toHaveCount(0);
  await print.screenshot({ path: screenPath('quick-pass-en'), fullPage: true });
  await print.emulateMedia({ media: 'print' });
  await expect(print.getByTestId('quick-pass-print')).toBeHidden();
  await print.screenshot({ path: screenPath('quick-pass-print-en'), fullPage: true });
  await print.close();
});

test('the QuickPass page in Arabic', async ({ page, loginAs }) => {
  await loginAs('acmeAdmin');
  await page.evaluate('window.localStorage.setItem("language", "ar")');
  const ids = setup.people.map((p) => p.id).join(',');
  await page.goto(`/users/quick-pass?ids=${ids}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('quick-pass-print')).toHaveText('طباعة');
  await expect(page.getByTestId('quick-pass-card')).toHaveCount(2);
  await page.screenshot({ path: screenPath('quick-pass-ar'), fullPage: true });
  await page.evaluate('window.localStorage.setItem("language", "en")');
});

test('an admin adds a vaccine certificate to a person, turns it off and deletes it', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  const compliance = await api.call<{ id: string }>('POST', '/compliances', {
    name: `E2E Vaccine ${suffix}`,
    format: 'vaccine',
    frequency: 'monthly',
    content: { protocols: ['comirnaty', 'spikevax'], accept_negative_pcr: true, pcr_valid_days: 3 },
  });
  try {
    const person = setup.people[1]!;
    await loginAs('acmeAdmin');
    await page.goto('/users');
    await search(page, person.name);
    await row(page, person.name).getByTestId('person-edit').click();
    const documents = page.getByTestId('person-documents');
    await expect(documents.getByTestId('person-documents-empty')).toBeVisible();

    await documents.getByTestId('person-document-add').click();
    const form = page.getByTestId('person-document-form');
    // Save with nothing chosen names every missing field; nothing is sent.
    await pick(page, form.getByTestId('person-document-compliance'), `E2E Vaccine ${suffix}`);
    await form.getByTestId('person-document-save').click();
    await expect(form.getByText('Vaccine is required.')).toBeVisible();
    await expect(form.getByText('Date of the last dose is required.')).toBeVisible();
    await expect(form.getByText('Choose a file to upload.')).toBeVisible();

    await pick(page, form.getByTestId('person-document-protocol'), /^Comirnaty/);
    await form.getByTestId('person-document-start').fill('10/01/2024');
    await form.getByTestId('person-document-start').press('Enter');
    await form.locator('input[type="file"]').setInputFiles({
      name: 'certificate.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
        'latin1',
      ),
    });
    await form.getByTestId('person-document-save').click();
    await expect(toast(page, 'Document Created')).toBeVisible();
    const doc = documents.getByTestId('person-document');
    await expect(doc).toHaveCount(1);
    await expect(doc.getByTestId('person-document-status')).toHaveText('Vaccinated');
    await expect(doc).toContainText('Comirnaty (Pfizer-BioNTech)');
    await expect(doc).toContainText('Last dose 10/01/2024');
    await expect(doc.getByTestId('person-document-file-link')).toHaveText('certificate.pdf');

    // The vaccine toggle: off, the document no longer counts; the server says so too.
    await doc.getByTestId('person-document-toggle').click({ force: true });
    await expect(toast(page, 'Document Vaccine Status Updated')).toBeVisible();
    await expect(doc.getByTestId('person-document-status')).toHaveText('Disabled');
    const stored = await api.call<{ data: { enabled: boolean; status: string }[] }>(
      'GET',
      `/people/${person.id}/documents`,
    );
    expect(stored.data).toMatchObject([{ enabled: false, status: 'disabled' }]);

    // DELETED, after a confirmation.
    await doc.getByTestId('person-document-delete').click();
    await page.getByTestId('person-document-delete-confirm').click();
    await expect(toast(page, 'Document Deleted')).toBeVisible();
    await expect(documents.getByTestId('person-documents-empty')).toBeVisible();
    expect((await api.call<{ data: unknown[] }>('GET', `/people/${person.id}/documents`)).data).toEqual([]);

    // Everything held about the person, downloaded as a zip (a subject-access request).
    await page.getByTestId('person-data-export').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenPath('users-person-data-en'), animations: 'disabled' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('person-data-export-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-data\.zip$/);
    const zip = await readFile(await download.path());
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.includes(Buffer.from('person.json'))).toBe(true);
  } finally {
    await api.call('DELETE', `/compliances/${compliance.id}`);
  }
});

test('a member edits their own details from the user menu', async ({ page, loginAs, world }) => {
  const employee = world.people.acmeEmployee;
  await loginAs('acmeEmployee');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-my-details').click();
  await expect(page).toHaveURL(/\/account\/details$/);
  const form = page.getByTestId('own-details-form');
  await expect(page.getByTestId('own-email')).toHaveValue(employee.email);
  const phone = `5${Date.now()}`.slice(0, 9);
  await pick(page, page.getByTestId('own-phone-code'), /^\+971 /);
  await page.getByTestId('own-phone').fill(phone);
  await page.getByTestId('own-company-name').fill(`Org ${suffix}`);
  await page.getByTestId('own-first-name').fill('');
  await page.getByTestId('own-details-save').click();
  await expect(form.getByText('First name is required.')).toBeVisible();
  await page.getByTestId('own-first-name').fill(employee.firstName);
  await page.getByTestId('own-details-save').click();
  await expect(toast(page, 'User Updated')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('own-phone')).toHaveValue(phone);
  await expect(page.getByTestId('own-company-name')).toHaveValue(`Org ${suffix}`);
  // Leave the shared person as it was.
  await page.getByTestId('own-phone').fill('');
  await page.getByTestId('own-company-name').fill('');
  await page.getByTestId('own-details-save').click();
  await expect(toast(page, 'User Updated').first()).toBeVisible();
});
