// The grids on a laptop (1366×800, the side menu pinned), in English and Arabic: the columns that
// matter are in view by default, times are never cut (not by the row actions either), and each row's
// buttons are named with the row for screen readers.
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';

const suffix = `${Date.now()}`.slice(-6);
const SITE = `E2E Layout site ${suffix}`;
const TYPE = `E2E Layout visitors ${suffix}`;
const JOURNEY = `E2E Layout journey ${suffix}`;
const VISITOR = { first: 'Laila', last: `Layout ${suffix}` };
const LAPTOP = { width: 1366, height: 800 };

let api: APIRequestContext;
let csrf = '';
const seed = { siteId: '', journeyId: '', visitId: '', tomorrow: '' };

async function call<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await api.fetch(`/api/v1${url}`, { method, data, headers: { 'x-csrf-token': csrf } });
  if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${await res.text()}`);
  return (res.status() === 204 ? null : await res.json()) as T;
}

test.beforeAll(async () => {
  const world = loadWorld();
  api = await request.newContext({ baseURL: world.baseURL });
  const { email, password } = world.people.acmeAdmin;
  expect((await api.post('/api/v1/auth/login', { data: { email, password } })).ok()).toBe(true);
  csrf = (await api.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '';
  // Each grid opens with its defaults, whatever earlier tests saved.
  for (const page of ['users', 'dashboard-logbook', 'expected-visits', 'journeys'])
    await call('DELETE', `/table-preferences/${page}`);

  seed.siteId = (await call<{ id: string }>('POST', '/sites', { name: SITE })).id;
  const area = await call<{ id: string }>('POST', '/areas', { site_id: seed.siteId, name: 'Front desk' });
  const type = await call<{ id: string }>('POST', '/user-types', {
    name: TYPE,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  const roles = await call<{ id: string; key: string | null }[]>('GET', '/people/roles');
  const host = await call<{ id: string }>('POST', '/people', {
    first_name: 'Hamid',
    last_name: `Host ${suffix}`,
    email: `hamid.${suffix}@example.test`,
    role_id: roles.find((r) => r.key === 'employee')!.id,
    site_ids: [seed.siteId],
    user_type_ids: [type.id],
  });
  seed.journeyId = (await call<{ id: string }>('POST', '/journeys', { name: JOURNEY, site_ids: [seed.siteId] })).id;
  await call('POST', `/journeys/${seed.journeyId}/flows`, { user_type_ids: [type.id], checks: { host: true } });
  // A visit expected tomorrow at 14:03: a time whose first digit is the one a cut would take away.
  seed.tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
  const created = await call<{ data: { id: string } }>('POST', '/expected-visits', {
    visitor: {
      first_name: VISITOR.first,
      last_name: VISITOR.last,
      email: `laila.${suffix}@example.test`,
      phone_code: '971',
      phone: `5${Date.now().toString().slice(-8)}`,
    },
    user_type_id: type.id,
    site_id: seed.siteId,
    area_id: area.id,
    visit_date: seed.tomorrow,
    visit_time: '14:03',
    host_ids: [host.id],
  });
  seed.visitId = created.data.id;
});

test.afterAll(async () => {
  await call('DELETE', `/expected-visits/${seed.visitId}`).catch(() => undefined);
  await call('DELETE', `/journeys/${seed.journeyId}`).catch(() => undefined);
  await api.dispose();
});

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (page: Page, selector: string): Promise<Box> => {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  return box;
};

/**
 * The grid's columns are in view: inside the grid's scrolling box and the window, and clear of the
 * sticky row actions at the grid's end (on the left in Arabic).
 */
/**
 * A grid's search is saved with its table preferences, for the next test signed in as the same person:
 * each search typed here is cleared again, once saved.
 */
async function clearSearch(page: Page, path: string, grid: string) {
  await page.goto(path);
  const search = page.getByTestId(`${grid}-search`);
  await expect(search).toBeEnabled();
  if ((await search.inputValue()) === '') return;
  const saved = page.waitForResponse((r) => r.url().includes('/table-preferences/') && r.request().method() === 'PUT');
  await search.fill('');
  await saved;
}

async function expectColumnsInView(page: Page, grid: string, columns: string[], rtl: boolean) {
  const table = `[data-testid="${grid}-table"]`;
  const frame = await boxOf(page, `[data-testid="${grid}-scroll-frame"]`);
  const actions = await page.locator(`${table} th[data-actions]`).boundingBox();
  for (const column of columns) {
    const th = await boxOf(page, `${table} th[data-column="${column}"]`);
    const where = `${grid} column ${column}`;
    expect(th.x, where).toBeGreaterThanOrEqual(frame.x - 0.5);
    expect(th.x + th.width, where).toBeLessThanOrEqual(Math.min(frame.x + frame.width, LAPTOP.width) + 0.5);
    if (actions) {
      if (rtl) expect(th.x, where).toBeGreaterThanOrEqual(actions.x + actions.width - 0.5);
      else expect(th.x + th.width, where).toBeLessThanOrEqual(actions.x + 0.5);
    }
  }
}

/** A text is whole: its box lies inside its cell's, and the row actions do not cover it. */
async function expectWhole(page: Page, grid: string, text: string, rtl: boolean) {
  const cell = page.locator(`[data-testid="${grid}-row"] td`).filter({ has: page.getByText(text, { exact: true }) });
  const td = (await cell.first().boundingBox())!;
  const span = (await cell.first().getByText(text, { exact: true }).boundingBox())!;
  expect(span.x, `${text} starts inside its cell`).toBeGreaterThanOrEqual(td.x - 0.5);
  expect(span.x + span.width, `${text} ends inside its cell`).toBeLessThanOrEqual(td.x + td.width + 0.5);
  // Cut with an ellipsis, the text would still lie inside its cell: the cell must hold all of it.
  const cut = await cell
    .first()
    .evaluate((td: { scrollWidth: number; clientWidth: number }) => td.scrollWidth > td.clientWidth + 1);
  expect(cut, `${text} is not cut`).toBe(false);
  const actions = await page.locator(`[data-testid="${grid}-row"] td[data-actions]`).first().boundingBox();
  if (actions) {
    if (rtl) expect(span.x, `${text} clear of the row actions`).toBeGreaterThanOrEqual(actions.x + actions.width);
    else expect(span.x + span.width, `${text} clear of the row actions`).toBeLessThanOrEqual(actions.x);
  }
}

for (const language of ['en', 'ar'] as const) {
  test(`at 1366×800 with the menu pinned, the grids show what matters and never cut a time (${language})`, async ({
    page,
    loginAs,
  }) => {
    test.setTimeout(180_000);
    const rtl = language === 'ar';
    await page.setViewportSize(LAPTOP);
    await loginAs('acmeAdmin');
    await page.evaluate(
      `window.localStorage.setItem('language', '${language}'); window.localStorage.setItem('menu_pinned', 'true')`,
    );
    try {
      // Users: role, sites, user types and status in view.
      await page.goto('/users');
      await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
      await expect(page.getByTestId('side-menu')).toBeVisible();
      await expect(page.getByTestId('users-row').first()).toBeVisible();
      await expectColumnsInView(page, 'users', ['name', 'role', 'sites', 'user_types', 'status'], rtl);
      await page.screenshot({ path: screenPath(`laptop-users-${language}`), animations: 'disabled' });

      // The logbook of tomorrow at the layout site: the expected time whole, and stage, hosts and notes in view.
      await page.goto(`/filtered?from=${seed.tomorrow}&to=${seed.tomorrow}&site_id=${seed.siteId}`);
      const visitor = page.locator(`[data-testid="logbook-row"][data-name="${VISITOR.first} ${VISITOR.last}"]`);
      await expect(visitor.getByTestId('visit-expected')).toHaveText('14:03');
      await expectColumnsInView(page, 'logbook', ['name', 'signed_in', 'expected', 'stage', 'hosts', 'notes'], rtl);
      await expectWhole(page, 'logbook', '14:03', rtl);
      await page.screenshot({ path: screenPath(`laptop-logbook-${language}`), animations: 'disabled' });

      // Expected visits: the date and time whole.
      await page.goto('/add-expected-visitors');
      const stamp = `${seed.tomorrow.slice(8, 10)}/${seed.tomorrow.slice(5, 7)}/${seed.tomorrow.slice(0, 4)} 14:03`;
      await page.getByTestId('expected-visits-search').fill(VISITOR.last);
      const expected = page.getByTestId('expected-visits-row').filter({ hasText: `${VISITOR.first} ${VISITOR.last}` });
      await expect(expected.getByTestId('expected-visit-time-cell')).toHaveText(stamp);
      await expectColumnsInView(page, 'expected-visits', ['visitor', 'stage', 'expected', 'place', 'hosts'], rtl);
      await expectWhole(page, 'expected-visits', stamp, rtl);
      await page.getByTestId('expected-visits-table').scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenPath(`laptop-expected-visits-${language}`), animations: 'disabled' });

      // Journeys.
      await page.goto('/journeys');
      await expect(page.getByTestId('journeys-row').first()).toBeVisible();
      const columns = ['name', 'sites', 'user_types', 'flow_count', 'kiosk_count', 'mode'];
      await expectColumnsInView(page, 'journeys', columns, rtl);
      await page.screenshot({ path: screenPath(`laptop-journeys-${language}`), animations: 'disabled' });
    } finally {
      await page.evaluate(`window.localStorage.setItem('language', 'en')`);
      await clearSearch(page, '/add-expected-visitors', 'expected-visits');
    }
  });
}

test('row buttons are named with their row, in English and Arabic', async ({ page, loginAs }) => {
  await loginAs('acmeAdmin');
  await page.goto('/journeys');
  await page.getByTestId('journeys-search').fill(JOURNEY);
  const journey = page.getByTestId('journeys-row').filter({ hasText: JOURNEY });
  await expect(journey.getByTestId('journey-edit')).toHaveAccessibleName(`Edit journey: ${JOURNEY}`);
  await expect(journey.getByTestId('journey-delete')).toHaveAccessibleName(`Delete journey: ${JOURNEY}`);

  await page.goto(`/update/journey/${seed.journeyId}`);
  await expect(page.getByTestId('flow-edit')).toHaveAccessibleName(`Edit the flow of ${TYPE}`);

  await page.goto('/user-types');
  const type = page.locator(`[data-testid="user-type-row"][data-name="${TYPE}"]`);
  await expect(type.getByTestId('user-type-actions')).toHaveAccessibleName(`Actions for ${TYPE}`);

  await page.evaluate(`window.localStorage.setItem('language', 'ar')`);
  try {
    await page.goto('/journeys');
    await page.getByTestId('journeys-search').fill(JOURNEY);
    await expect(journey.getByTestId('journey-edit')).toHaveAccessibleName(`تعديل الرحلة: ${JOURNEY}`);
    await page.goto('/user-types');
    await expect(type.getByTestId('user-type-actions')).toHaveAccessibleName(`إجراءات ${TYPE}`);
  } finally {
    await page.evaluate(`window.localStorage.setItem('language', 'en')`);
    await clearSearch(page, '/journeys', 'journeys');
  }
});
