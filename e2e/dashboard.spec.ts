import { type Page } from '@playwright/test';
import { login } from './fixtures/login';
import { expectGridMirrored } from './fixtures/grid';
import { loadWorld } from './fixtures/world';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';
import { apiCaller, type ApiCaller } from './fixtures/api';

// The dashboard (/ and /filtered): today's counts opening the logbook filtered, the logbook following
// sign-ins and sign-outs live in two admins' browsers, visit notes, and the printable badge, in
// English and Arabic. Everything is made through the API on a site of this run's own; visits cannot
// be removed, so the test signs its people out and forgets the grid it changed.
test.describe.configure({ mode: 'serial' });

const suffix = Math.random().toString(36).slice(2, 8);
const SITE = `E2E Dash HQ ${suffix}`;
const TYPE = `E2E Dash Guests ${suffix}`;
const HOST = `Hana Host${suffix}`;
const VERA = `Vera Visit${suffix}`;
const BRUNO = `Bruno Live${suffix}`;

let api: ApiCaller;
const seed = { siteId: '', areaId: '', hostId: '', vera: '', bruno: '' };

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  seed.siteId = (await api.call<{ id: string }>('POST', '/sites', { name: SITE })).id;
  seed.areaId = (await api.call<{ id: string }>('POST', '/areas', { site_id: seed.siteId, name: 'Front desk' })).id;
  const type = await api.call<{ id: string }>('POST', '/user-types', {
    name: TYPE,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  const roles = await api.call<{ id: string; key: string | null }[]>('GET', '/people/roles');
  const employee = roles.find((r) => r.key === 'employee')!.id;
  const person = async (name: string, company: string | null) => {
    const [first, last] = name.split(' ');
    return (
      await api.call<{ id: string }>('POST', '/people', {
        first_name: first,
        last_name: last,
        email: `${first!.toLowerCase()}.${suffix}@example.test`,
        company_name: company,
        role_id: employee,
        site_ids: [seed.siteId],
        user_type_ids: [type.id],
      })
    ).id;
  };
  seed.hostId = await person(HOST, null);
  seed.vera = await person(VERA, 'Northwind');
  seed.bruno = await person(BRUNO, null);
  // A journey whose flow asks for a host and a temperature and prints both on the badge.
  const journey = await api.call<{ id: string }>('POST', '/journeys', {
    name: `E2E Dash journey ${suffix}`,
    site_ids: [seed.siteId],
  });
  await api.call('POST', `/journeys/${journey.id}/flows`, {
    user_type_ids: [type.id],
    host_ids: [seed.hostId],
    checks: {
      host: true,
      select_host_permitted: true,
      temperature_check: true,
      show_temperature: true,
      print_badge: true,
      print_badge_host: true,
    },
  });
  await signIn(seed.vera);
});

/** Signs a person in at the test's area, with the host and a temperature the flow asks for. */
const signIn = (personId: string) =>
  api.call('POST', '/visits/sign-in', {
    area_id: seed.areaId,
    people: [{ person_id: personId, host_ids: [seed.hostId], temperature: { value: 36.6 } }],
  });

test.afterAll(async () => {
  const here = await api.call<{ data: { id: string }[] }>(
    'GET',
    `/visits?count=on_site&site_id=${seed.siteId}&limit=100`,
  );
  if (here.data.length > 0) await api.call('POST', '/visits/sign-out', { visit_ids: here.data.map((v) => v.id) });
  await api.call('DELETE', '/table-preferences/dashboard-logbook');
  await api.dispose();
});

const row = (page: Page, name: string) => page.locator(`[data-testid="logbook-row"][data-name="${name}"]`);
const rows = (page: Page) => page.getByTestId('logbook-row');

async function screenshot(page: Page, name: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: screenPath(name), animations: 'disabled', fullPage: true });
}

test('counts open the logbook filtered, and two admins see sign-ins and sign-outs live', async ({
  page,
  loginAs,
  browser,
  baseURL,
}) => {
  // Two browsers sign in: on a busy machine the app's first load alone takes seconds.
  test.setTimeout(120_000);
  await loginAs('acmeAdmin');
  await expect(page.getByTestId('visits-dashboard')).toBeVisible();
  await expect(page.getByTestId('count-on_site-value')).toBeVisible();

  // Narrowed to this run's site, the counts follow it.
  await page.getByTestId('logbook-filters').click();
  await page.getByTestId('logbook-filter-site_id').fill(SITE);
  await page.getByRole('option', { name: SITE }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('count-on_site-value')).toHaveText('1');
  await expect(page.getByTestId('count-signed_in-value')).toHaveText('1');
  await expect(page.getByTestId('count-expected-value')).toHaveText('0');
  await expect(rows(page)).toHaveCount(1);
  const vera = row(page, VERA);
  // The columns a laptop leaves out at first, shown from the column menu (afterAll forgets the choice).
  await page.getByTestId('logbook-columns').click();
  for (const column of ['user_type', 'site', 'signed_out'])
    await page.getByTestId(`logbook-column-toggle-${column}`).check();
  await page.keyboard.press('Escape');
  await expect(vera.getByTestId('visit-company')).toHaveText('Northwind');
  await expect(vera.getByTestId('visit-user-type')).toHaveText(TYPE);
  await expect(vera.getByTestId('visit-site')).toHaveText(SITE);
  await expect(vera.getByTestId('visit-area')).toHaveText('Front desk');
  await expect(vera.getByTestId('visit-signed_in')).toHaveText(/^\d{2}:\d{2}$/);
  await expect(vera.getByTestId('visit-hosts')).toHaveText(HOST);
  await expect(vera.getByTestId('visit-state')).toHaveText('On site');
  await expect(page.getByTestId('dashboard-by-type').locator(`[data-name="${TYPE}"]`)).toBeVisible();

  // A count opens /filtered with its filter, and a way back.
  await page.getByTestId('count-on_site').click();
  await expect(page).toHaveURL(new RegExp(`/filtered\\?count=on_site&site_id=${seed.siteId}$`));
  await expect(page.getByTestId('filtered-banner')).toContainText(`On site now · ${SITE}`);
  await expect(page.getByTestId('count-on_site')).toHaveAttribute('aria-current', 'page');
  await expect(rows(page)).toHaveCount(1);
  await screenshot(page, 'dashboard-en');

  // Another admin of the company watches the same site.
  const other = await browser.newContext({ baseURL });
  try {
    const second = await other.newPage();
    await login(second, loadWorld().people.twoCompanies, { company: 'Acme Cloud' });
    await second.goto(`/filtered?site_id=${seed.siteId}`);
    await expect(rows(second)).toHaveCount(1);
    for (const p of [page, second]) await p.evaluate('window.__noReload = true');

    await signIn(seed.bruno);
    await expect(row(page, BRUNO)).toBeVisible();
    await expect(row(second, BRUNO)).toBeVisible();
    await expect(page.getByTestId('count-on_site-value')).toHaveText('2');
    await expect(second.getByTestId('count-signed_in-value')).toHaveText('2');

    const bruno = await api.call<{ data: { id: string }[] }>(
      'GET',
      `/visits?count=on_site&site_id=${seed.siteId}&search=${encodeURIComponent(BRUNO)}`,
    );
    await api.call('POST', '/visits/sign-out', { visit_ids: bruno.data.map((v) => v.id) });
    // Gone from the "on site" list; still in the other admin's logbook, as left.
    await expect(row(page, BRUNO)).toHaveCount(0);
    await expect(page.getByTestId('count-on_site-value')).toHaveText('1');
    await expect(row(second, BRUNO).getByTestId('visit-state')).toHaveText('Left');
    // The departure time is one click away; put back as it was afterwards.
    const departures = async (shown: boolean) => {
      await second.getByTestId('logbook-columns').click();
      await second.getByTestId('logbook-column-toggle-signed_out').setChecked(shown);
      await second.keyboard.press('Escape');
    };
    await departures(true);
    await expect(row(second, BRUNO).getByTestId('visit-signed_out')).toHaveText(/^\d{2}:\d{2}$/);
    await departures(false);
    for (const p of [page, second]) expect(await p.evaluate('window.__noReload')).toBe(true);

    await page.getByTestId('dashboard-back').click();
    await expect(page).toHaveURL(/\/$/);
  } finally {
    await other.close();
  }
});

test.describe('a dropped connection', () => {
  // The browser itself logs the requests a cut network refuses; the page must log nothing else.
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

  test('after a dropped connection the dashboard says it is reconnecting, then reads again what it missed', async ({
    page,
    loginAs,
  }) => {
    test.setTimeout(120_000);
    await signIn(seed.bruno);
    await loginAs('acmeAdmin');
    await page.goto(`/filtered?site_id=${seed.siteId}`);
    const live = page.getByTestId('dashboard-live');
    const brunoHere = page.locator(`[data-testid="logbook-row"][data-name="${BRUNO}"][data-state="on_site"]`);
    await expect(brunoHere).toHaveCount(1);
    await expect(page.getByTestId('count-on_site-value')).toHaveText('2');
    await expect(live).toHaveAttribute('data-state', 'live');
    await expect(live).toHaveText('Live');
    await page.evaluate('window.__noReload = true');

    // The connection is cut; meanwhile someone signs Bruno out elsewhere.
    await page.context().setOffline(true);
    try {
      await expect(live).toHaveAttribute('data-state', 'reconnecting');
      await expect(live).toContainText('Reconnecting…');
      await expect(page.getByTestId('dashboard-live-updated')).toHaveText(/^Last updated at \d{2}:\d{2}:\d{2}$/);
      const bruno = await api.call<{ data: { id: string }[] }>(
        'GET',
        `/visits?count=on_site&site_id=${seed.siteId}&search=${encodeURIComponent(BRUNO)}`,
      );
      await api.call('POST', '/visits/sign-out', { visit_ids: bruno.data.map((v) => v.id) });
      await page.waitForTimeout(2_000);
      // Nothing reaches a cut connection: the page still shows what it had, and says how old it is.
      await expect(brunoHere).toHaveCount(1);
      await expect(live).toHaveAttribute('data-state', 'reconnecting');
    } finally {
      await page.context().setOffline(false);
    }

    // Back: live again, and the row and the count are right without a reload.
    await expect(live).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
    await expect(brunoHere).toHaveCount(0);
    await expect(page.getByTestId('count-on_site-value')).toHaveText('1');
    expect(await page.evaluate('window.__noReload')).toBe(true);
  });
});

test('notes are kept to 30 characters, and the badge prints what the flow allows, in English and Arabic', async ({
  page,
  loginAs,
}) => {
  // Three tabs load the app (the dashboard and the badge twice), and Arabic reloads it.
  test.setTimeout(120_000);
  await loginAs('acmeAdmin');
  await page.goto(`/filtered?count=on_site&site_id=${seed.siteId}`);
  const vera = row(page, VERA);
  await expect(vera).toBeVisible();

  await vera.getByTestId('visit-notes').click();
  const input = page.getByTestId('visit-notes-input');
  await input.fill('x'.repeat(31));
  await page.getByTestId('visit-notes-save').click();
  await expect(page.getByText('Notes can be at most 30 characters.')).toBeVisible();
  await input.fill('Parking bay 12');
  await page.getByTestId('visit-notes-save').click();
  await expect(vera.getByTestId('visit-notes')).toHaveText('Parking bay 12');

  const openBadge = async () => {
    const [badge] = await Promise.all([page.context().waitForEvent('page'), vera.getByTestId('visit-badge').click()]);
    const errors: string[] = [];
    badge.on('pageerror', (error) => errors.push(error.message));
    await expect(badge.getByTestId('badge-card')).toBeVisible();
    return { badge, errors };
  };

  const { badge, errors } = await openBadge();
  const card = badge.getByTestId('badge-card');
  await expect(card.getByTestId('badge-name')).toHaveText(VERA);
  await expect(card.getByTestId('badge-user-type')).toHaveText(TYPE);
  await expect(card.getByTestId('badge-host')).toContainText(HOST);
  await expect(card.getByTestId('badge-temperature')).toContainText('36.6 °C');
  await expect(card.getByTestId('badge-label')).toHaveText('Sign out');
  await expect(card.getByTestId('badge-place')).toHaveText(`${SITE} › Front desk`);
  await expect(card.getByTestId('badge-qr')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  // The flow does not show the photo.
  await expect(card.getByTestId('badge-photo')).toHaveCount(0);
  await screenshot(badge, 'badge-en');
  // On paper: the badge alone.
  await badge.emulateMedia({ media: 'print' });
  await expect(badge.getByTestId('badge-print')).toBeHidden();
  await badge.screenshot({ path: screenPath('badge-print-en'), fullPage: true });
  await badge.emulateMedia({ media: 'screen' });
  // Printing queues the badge, then opens the browser's print dialog.
  await badge.evaluate('window.print = () => { window.__printed = (window.__printed || 0) + 1; }');
  await badge.getByTestId('badge-print').click();
  await expect.poll(() => badge.evaluate('window.__printed')).toBe(1);
  await expect(badge.getByText('Badge sent to the print queue.')).toBeVisible();
  await badge.close();
  expect(errors).toEqual([]);

  try {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('count-on_site')).toContainText('في الموقع الآن');
    await expect(vera.getByTestId('visit-state')).toHaveText('في الموقع');
    await expect(page.locator('[data-testid="logbook-table"][aria-busy]')).toHaveCount(0);
    await expectGridMirrored(page, 'logbook', 'name');
    await screenshot(page, 'dashboard-ar');

    const arabic = await openBadge();
    await expect(arabic.badge.locator('html')).toHaveAttribute('dir', 'rtl');
    const arCard = arabic.badge.getByTestId('badge-card');
    await expect(arCard.getByTestId('badge-label')).toHaveText('تسجيل الخروج');
    await expect(arCard.getByTestId('badge-host')).toContainText('يزور');
    // Mirrored: the label sits at the card's left, its inline end.
    const box = (await arCard.boundingBox())!;
    const label = (await arCard.getByTestId('badge-label').boundingBox())!;
    expect(label.x + label.width / 2).toBeLessThan(box.x + box.width / 2);
    await screenshot(arabic.badge, 'badge-ar');
    await arabic.badge.close();
    expect(arabic.errors).toEqual([]);
  } finally {
    // The choice was saved in the profile: the next sign-in anywhere is in English again.
    await api.call('PUT', '/me/lang', { lang: 'en' });
  }
});

test('the mass action on expected visits says "Sign in (2)" and presets each chosen visit with its host', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const { timezone } = await api.call<{ timezone: string }>('GET', '/company');
  // Today on the company's clock, a few minutes ahead.
  const clock = (minutes: number) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(Date.now() + minutes * 60_000));
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
  };
  const gina = clock(5);
  const hugo = clock(9);
  test.skip(gina.date !== clock(0).date || hugo.date !== gina.date, 'too close to midnight on the company clock');
  const types = await api.call<{ data: { id: string; name: string }[] }>('GET', '/user-types?limit=500');
  const typeId = types.data.find((t) => t.name === TYPE)!.id;
  const roles = await api.call<{ id: string; key: string | null }[]>('GET', '/people/roles');
  const newPerson = async (first: string) =>
    (
      await api.call<{ id: string }>('POST', '/people', {
        first_name: first,
        last_name: `Expected${suffix}`,
        role_id: roles.find((r) => r.key === 'employee')!.id,
        site_ids: [seed.siteId],
        user_type_ids: [typeId],
      })
    ).id;
  const ginaId = await newPerson('Gina');
  const hugoId = await newPerson('Hugo');
  const expectVisit = (personId: string, at: { date: string; time: string }) =>
    api.call<{ id: string }>('POST', '/expected-visits', {
      person_id: personId,
      user_type_id: typeId,
      site_id: seed.siteId,
      area_id: seed.areaId,
      visit_date: at.date,
      visit_time: at.time,
      host_ids: [seed.hostId],
    });
  const visits = [await expectVisit(ginaId, gina), await expectVisit(hugoId, hugo)];
  try {
    await loginAs('acmeAdmin');
    await page.goto(`/filtered?site_id=${seed.siteId}&count=expected`);
    const expectedRow = (name: string) =>
      page.locator(`[data-testid="logbook-row"][data-name="${name}"][data-state="expected"]`);
    await expectedRow(`Gina Expected${suffix}`).getByTestId('logbook-select-row').check();
    await expectedRow(`Hugo Expected${suffix}`).getByTestId('logbook-select-row').check();
    // Neither of these visits was signed in before: not "again".
    await expect(page.getByTestId('mass-sign-in')).toHaveText('Sign in (2)');
    await page.getByTestId('mass-sign-in').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Sign in 2 people' })).toBeVisible();
    // Each person's chosen visit, with its host, its time on the clock and no ISO date.
    await expect(dialog).toContainText(`Expected today at ${gina.time}`);
    await expect(dialog).toContainText(`Expected today at ${hugo.time}`);
    await expect(dialog).not.toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(dialog.locator('.mantine-Pill-root', { hasText: HOST })).toHaveCount(2);
    await dialog.getByTestId('flow-cancel').click();
  } finally {
    for (const v of visits) await api.call('DELETE', `/expected-visits/${v.id}`).catch(() => undefined);
  }
});
