import { type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { screenPath } from './fixtures/screens';
import { expectRealtimeLive } from './fixtures/realtime';
import { signInPlace, type SignInPlace } from './fixtures/sign-in-place';
import { expect, test } from './fixtures/test';
import { loadWorld, type WorldPerson } from './fixtures/world';

// The emergency list and the sessions list (spec §2 /emergency-list, /emergency-sessions; §4
// "Emergency session"; issue 15): the list shows everyone on site by site and area, filters and
// follows sign-ins live; a drill started from the sessions page reaches a second admin's browser as
// 'Session Started' (Join, Dismiss), and an end as 'Session Ended' (View, Dismiss; only Okay on the
// sessions list), each once the sessions were read again; the same in Arabic. Everything is made on
// a site of this run's own.
test.describe.configure({ mode: 'serial' });
// First loads of a page in a fresh browser may take a while on a busy machine.
const FIRST_LOAD = { timeout: 30_000 };

const tag = Math.random().toString(36).slice(2, 8);
const SITE = `E2E Evac ${tag}`;
const HALL = 'Assembly hall';
const WORKSHOP = 'Workshop';
const ADA = `Ada Hall${tag}`;
const BEN = `Ben Hall${tag}`;
const CAI = `Cai Workshop${tag}`;
const DEV = `Dev Late${tag}`;

type Session = { id: string; name: string };

let api: ApiCaller;
let place: SignInPlace;
const ids = { workshop: '', ada: '', ben: '', cai: '', dev: '' };

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  place = await signInPlace(api, {
    site: SITE,
    area: HALL,
    type: `E2E Evac people ${tag}`,
    journey: `E2E Evac journey ${tag}`,
  });
  ids.workshop = (await api.call<{ id: string }>('POST', '/areas', { site_id: place.siteId, name: WORKSHOP })).id;
  ids.ada = await place.addPerson(ADA, `ada.${tag}@example.test`);
  ids.ben = await place.addPerson(BEN, `ben.${tag}@example.test`);
  ids.cai = await place.addPerson(CAI, `cai.${tag}@example.test`);
  ids.dev = await place.addPerson(DEV, `dev.${tag}@example.test`);
  await signIn(place.areaId, [ids.ada, ids.ben]);
  await signIn(ids.workshop, [ids.cai]);
});

test.afterAll(async () => {
  const here = await api.call<{ data: { id: string }[] }>(
    'GET',
    `/visits?count=on_site&site_id=${place.siteId}&limit=100`,
  );
  if (here.data.length > 0) await api.call('POST', '/visits/sign-out', { visit_ids: here.data.map((v) => v.id) });
  await api.call('DELETE', '/table-preferences/emergency-list');
  await api.call('DELETE', '/table-preferences/emergency-sessions');
  await api.dispose();
});

const signIn = (areaId: string, people: string[]) =>
  api.call('POST', '/visits/sign-in', { area_id: areaId, people: people.map((person_id) => ({ person_id })) });

/**
 * A browser context signed in through the API, as the web app would be after its sign-in page: the
 * session cookie from the API's answer, and the stored login result the route guard reads.
 */
async function signInContext(context: BrowserContext, person: WorldPerson, companyId: string, language = 'en') {
  const login = await context.request.post('/api/v1/auth/login', {
    data: { email: person.email, password: person.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const csrf = async () => (await context.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '';
  if (((await login.json()) as { status?: string }).status === 'choose_entity') {
    const chosen = await context.request.post('/api/v1/auth/entity', {
      data: { entity_id: companyId },
      headers: { 'x-csrf-token': await csrf() },
    });
    expect(chosen.ok(), await chosen.text()).toBe(true);
  }
  const me = (await (await context.request.get('/api/v1/auth/me')).json()) as Record<string, unknown>;
  const { csrf_token: _token, ...stored } = me;
  const user = JSON.stringify({ ...stored, entity_id: companyId });
  await context.addInitScript(
    ({ user, entity, lang }) => {
      if (!localStorage.getItem('user')) localStorage.setItem('user', user);
      localStorage.setItem('entity_id', entity);
      if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
    },
    { user, entity: companyId, lang: language },
  );
  /** A call as this person (the page's own cookie and CSRF token), failing loudly. */
  return async <T>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> => {
    const res = await context.request.fetch(`/api/v1${url}`, {
      method,
      data,
      headers: { 'x-csrf-token': await csrf() },
    });
    if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  };
}

type Caller = Awaited<ReturnType<typeof signInContext>>;

/** The second admin of Acme (an admin of two companies), in a browser of their own. */
async function secondAdmin(browser: Browser, baseURL: string) {
  const world = loadWorld();
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 800 } });
  const call = await signInContext(context, world.people.twoCompanies, world.companies.acme.id);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  return { context, page, call, errors };
}

const startDrill = (call: Caller, name: string) =>
  call<{ session: Session }>('POST', '/emergency/sessions', {
    name,
    is_drill: true,
    site_ids: [place.siteId],
  }).then((detail) => detail.session);

const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title });
const sessionUrl = (id: string) => new RegExp(`/emergency-sessions/[^/]+/${id}$`);

async function screenshot(page: Page, name: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: screenPath(name), animations: 'disabled', fullPage: true });
}

async function pick(page: Page, input: Locator, option: string) {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('the emergency list shows everyone on site by site and area, filters, and follows sign-ins live', async ({
  page,
  world,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await signInContext(page.context(), world.people.acmeAdmin, world.companies.acme.id);
  await page.goto('/emergency-list');
  const list = page.getByTestId('emergency-list-page');
  await expect(list.getByTestId('emergency-list-live')).toHaveAttribute('data-state', 'live', FIRST_LOAD);
  const site = list.locator(`[data-testid="emergency-site"][data-name="${SITE}"]`);
  await expect(site.getByTestId('emergency-site-count')).toHaveText('3 people');
  const area = (name: string) => site.locator(`[data-testid="emergency-area"][data-name="${name}"]`);
  await expect(area(HALL).getByTestId('emergency-area-count')).toHaveText('2 people');
  await expect(area(HALL).getByTestId('emergency-person-name')).toHaveText([ADA, BEN].sort());
  await expect(area(WORKSHOP).getByTestId('emergency-person-name')).toHaveText([CAI]);
  await expect(area(WORKSHOP).getByTestId('emergency-person-type')).toHaveText(`E2E Evac people ${tag}`);
  await expect(area(WORKSHOP).getByTestId('emergency-person-signed-in')).toHaveText(/^\d{2}:\d{2}$/);

  // Narrowed to the run's site, then to one of its areas.
  await pick(page, page.getByTestId('emergency-list-sites'), SITE);
  await expect(list.getByTestId('emergency-site')).toHaveCount(1);
  await expect(list.getByTestId('emergency-list-total')).toHaveText('3 people on site');
  await pick(page, page.getByTestId('emergency-list-areas'), WORKSHOP);
  await expect(list.getByTestId('emergency-area')).toHaveCount(1);
  await expect(list.getByTestId('emergency-person-name')).toHaveText([CAI]);
  await expectAccessible(page, 'emergency list filtered (en)');

  // Someone signing in at the hall appears without a reload once the area filter is lifted.
  await page.locator('.mantine-MultiSelect-pill', { hasText: WORKSHOP }).locator('button').click();
  await expect(list.getByTestId('emergency-area')).toHaveCount(2);
  await page.evaluate('window.__noReload = true');
  await signIn(place.areaId, [ids.dev]);
  await expect(area(HALL).getByTestId('emergency-person-name')).toHaveText([ADA, BEN, DEV].sort());
  await expect(list.getByTestId('emergency-list-total')).toHaveText('4 people on site');
  // The search finds a person by name within what is shown.
  await page.getByTestId('emergency-list-search').fill('dev late');
  await expect(list.getByTestId('emergency-person-name')).toHaveText([DEV]);
  await page.getByTestId('emergency-list-search').fill('');
  expect(await page.evaluate('window.__noReload')).toBe(true);
  await screenshot(page, 'emergency-list-en');

  // The filter is kept for the next visit (the warden's table preference).
  await page.reload();
  await expect(list.getByTestId('emergency-site')).toHaveCount(1);
  await expect(page.locator('.mantine-MultiSelect-pill', { hasText: SITE })).toBeVisible();

  // In Arabic, right to left.
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(list.getByRole('heading', { name: 'قائمة الطوارئ' })).toBeVisible();
  await expect(list.getByTestId('emergency-list-total')).toHaveText('4 أشخاص في الموقع');
  await expectAccessible(page, 'emergency list (ar)');
  await screenshot(page, 'emergency-list-ar');
  await page.getByTestId('emergency-list-clear').click();
  await expect(page.locator('.mantine-MultiSelect-pill')).toHaveCount(0);
});

test('a drill started from the sessions page reaches another admin, who joins; its end reaches the first', async ({
  page,
  world,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await signInContext(page.context(), world.people.acmeAdmin, world.companies.acme.id);
  const other = await secondAdmin(browser, baseURL!);
  try {
    await other.page.goto('/');
    await expect(other.page.getByTestId('top-bar')).toBeVisible(FIRST_LOAD);
    await expectRealtimeLive(other.page);
    // Everyone on site at the run's site now (the first test signs one more in).
    const places = await api.call<{ sites: { id: string; areas: { on_site: number }[] }[] }>(
      'GET',
      '/emergency/places',
    );
    const onSite = places.sites.find((s) => s.id === place.siteId)!.areas.reduce((sum, a) => sum + a.on_site, 0);
    expect(onSite).toBeGreaterThanOrEqual(3);

    await page.goto('/emergency-sessions');
    const sessionsPage = page.getByTestId('emergency-sessions-page');
    await expect(sessionsPage.getByTestId('emergency-sessions-live')).toHaveAttribute('data-state', 'live', FIRST_LOAD);
    await expect(sessionsPage.getByTestId('session-stats')).toBeVisible();
    await expectAccessible(page, 'emergency sessions (en)');

    // Start a drill over the run's site.
    const DRILL = `E2E Drill ${tag}`;
    await page.getByTestId('sessions-start').click();
    const form = page.getByTestId('start-session-form');
    await expect(form).toBeVisible();
    await page.getByTestId('start-session-drill').check();
    await expect(page.getByTestId('start-session-name')).toHaveValue(/^Fire drill \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await page.getByTestId('start-session-name').fill(DRILL);
    await form.getByText('Choose sites and areas').click();
    // Nothing chosen: refused in place.
    await page.getByTestId('start-session-submit').click();
    await expect(form).toContainText('Choose at least one site or area.');
    await pick(page, page.getByTestId('start-session-sites'), SITE);
    await expect(page.getByTestId('start-session-estimate')).toContainText(
      `${onSite} people on site now in 2 area(s) will be on the roll.`,
    );
    await expectAccessible(page, 'start session modal (en)');
    await screenshot(page, 'emergency-start-en');
    await page.getByTestId('start-session-submit').click();
    await expect(page.locator('.mantine-Notification-root', { hasText: 'Session Started' })).toBeVisible();
    await expect(page).toHaveURL(/\/emergency-sessions\/[^/]+\/[0-9a-f-]{36}$/);
    const first = page.url().split('/').at(-1)!;

    // The other admin, elsewhere, is told: Join or Dismiss.
    const started = dialog(other.page, 'Session Started');
    await expect(started).toBeVisible();
    await expect(started.getByTestId('session-event-message')).toHaveText(
      `${world.people.acmeAdmin.fullName} started the emergency session “${DRILL}”. Join it to take the roll call with the other wardens.`,
    );
    await expect(started.getByTestId('session-started-dismiss')).toHaveText('Dismiss');
    await expectAccessible(other.page, 'Session Started modal (en)');
    await other.page.screenshot({ path: screenPath('emergency-session-started-en') });
    await started.getByTestId('session-started-join').click();
    await expect(other.page).toHaveURL(sessionUrl(first));
    await expect(started).toHaveCount(0);

    // The first admin is on the dashboard when the other ends it: View (or Dismiss).
    await page.goto('/');
    await expect(page.getByTestId('top-bar')).toBeVisible();
    await expectRealtimeLive(page);
    await other.call('POST', `/emergency/sessions/${first}/end`);
    const ended = dialog(page, 'Session Ended');
    await expect(ended).toBeVisible();
    await expect(ended.getByTestId('session-event-message')).toHaveText(
      `${world.people.twoCompanies.fullName} ended the emergency session “${DRILL}”.`,
    );
    await expect(ended.getByTestId('session-ended-dismiss')).toBeVisible();
    await expect(ended.getByTestId('session-ended-okay')).toHaveCount(0);
    await ended.getByTestId('session-ended-view').click();
    await expect(page).toHaveURL(sessionUrl(first));

    // On the sessions list, a start shows its card at once, then the modal 400–500 ms after the refresh.
    await page.goto('/emergency-sessions');
    await expect(sessionsPage.getByTestId('emergency-sessions-live')).toHaveAttribute('data-state', 'live');
    const SECOND = `E2E Second drill ${tag}`;
    const asked = Date.now();
    const second = await startDrill(other.call, SECOND);
    const card = sessionsPage.locator(`[data-testid="active-session"][data-name="${SECOND}"]`);
    const startedHere = dialog(page, 'Session Started');
    await expect(startedHere).toBeVisible();
    expect(Date.now() - asked).toBeGreaterThanOrEqual(400);
    // The data was refreshed before the modal opened.
    await expect(card).toBeVisible({ timeout: 1 });
    await expect(card.getByTestId('drill-badge')).toHaveText('Drill');
    await expect(card.getByTestId('session-accounted')).toHaveText(`0 of ${onSite} accounted for`);
    await expect(card.getByTestId('active-missing')).toHaveText(String(onSite));
    await startedHere.getByTestId('session-started-dismiss').click();
    await expect(startedHere).toHaveCount(0);
    await screenshot(page, 'emergency-sessions-en');

    // Ended while on the sessions list: only Okay; the card leaves, the history holds both drills.
    await other.call('POST', `/emergency/sessions/${second.id}/end`);
    const endedHere = dialog(page, 'Session Ended');
    await expect(endedHere).toBeVisible();
    await expect(endedHere.getByTestId('session-ended-okay')).toHaveText('Okay');
    await expect(endedHere.getByTestId('session-ended-view')).toHaveCount(0);
    await expect(endedHere.getByTestId('session-ended-dismiss')).toHaveCount(0);
    await expect(card).toHaveCount(0);
    await endedHere.getByTestId('session-ended-okay').click();
    const row = (name: string) => sessionsPage.locator(`[data-testid="sessions-row"][data-name="${name}"]`);
    await expect(row(SECOND).getByTestId('drill-badge')).toHaveText('Drill');
    await expect(row(DRILL)).toHaveAttribute('data-drill', 'true');
    // Real emergencies only: the drills leave the grid; drills only: they are back.
    await sessionsPage.getByTestId('sessions-kind').getByText('Real emergencies').click();
    await expect(row(DRILL)).toHaveCount(0);
    await sessionsPage.getByTestId('sessions-kind').getByText('Drills', { exact: true }).click();
    await expect(row(DRILL)).toBeVisible();
    await expect(sessionsPage.getByTestId('sessions-row').filter({ has: page.getByTestId('drill-badge') })).toHaveCount(
      await sessionsPage.getByTestId('sessions-row').count(),
    );
    await expect(sessionsPage.getByTestId('stats-drills-count')).not.toHaveText('0');
    await row(DRILL).getByTestId('sessions-row-view').click();
    await expect(page).toHaveURL(sessionUrl(first));

    // In Arabic.
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto('/emergency-sessions');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(sessionsPage.getByTestId('emergency-sessions-live')).toHaveAttribute('data-state', 'live');
    const THIRD = `E2E Arabic drill ${tag}`;
    const third = await startDrill(other.call, THIRD);
    const startedAr = dialog(page, 'بدأت الجلسة');
    await expect(startedAr).toBeVisible();
    await expect(startedAr.getByTestId('session-started-join')).toHaveText('انضمام');
    await expect(startedAr.getByTestId('session-started-dismiss')).toHaveText('تجاهل');
    await expectAccessible(page, 'Session Started modal (ar)');
    await page.screenshot({ path: screenPath('emergency-session-started-ar') });
    await startedAr.getByTestId('session-started-dismiss').click();
    await expect(sessionsPage.locator(`[data-testid="active-session"][data-name="${THIRD}"]`)).toBeVisible();
    await expectAccessible(page, 'emergency sessions (ar)');
    await screenshot(page, 'emergency-sessions-ar');
    await page.getByTestId('sessions-start').click();
    await expect(page.getByTestId('start-session-form')).toBeVisible();
    await expectAccessible(page, 'start session modal (ar)');
    await screenshot(page, 'emergency-start-ar');
    await page.keyboard.press('Escape');

    await other.call('POST', `/emergency/sessions/${third.id}/end`);
    const endedAr = dialog(page, 'انتهت الجلسة');
    await expect(endedAr).toBeVisible();
    await expect(endedAr.getByTestId('session-ended-okay')).toBeVisible();
    await expect(endedAr.getByTestId('session-ended-view')).toHaveCount(0);
    await endedAr.getByTestId('session-ended-okay').click();
    expect(other.errors).toEqual([]);
  } finally {
    await other.context.close();
  }
});
