import { makePng } from '../apps/server/test/helpers/images';
import { expectAccessible } from './fixtures/a11y';
import { pageApi } from './fixtures/api';
import { screenPath } from './fixtures/screens';
import { randomMac } from './fixtures/seed-kiosks';
import { expect, test } from './fixtures/test';

// The kiosk app at a company's door (decision 044): a tablet pairs on /kiosk-register, which hands over
// to /kiosk/; the app shows the journey's welcome screen, speaks Arabic when a visitor asks, and does
// what the dashboard asks of it.
const suffix = Math.random().toString(36).slice(2, 8);
const WELCOME = `Welcome to the E2E lobby ${suffix}`;
const NETWORK_STATUS = /^Failed to load resource: the server responded with a status of \d+/;

type Request = { id: string; status: string; error: string | null; detail: string | null };

test('a paired kiosk shows its welcome screen, speaks Arabic, and opens the door and restarts when asked', async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(150_000);
  await loginAs('acmeAdmin');
  const admin = pageApi(page);
  const post = async (url: string, data: unknown) => (await admin.post(url, data)) as { id: string };
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';

  // A site with an area, a user type of walk-in visitors, and a journey whose flow greets them.
  const site = await post('/sites', { name: `Kiosk app site ${suffix}` });
  const area = await post('/areas', { site_id: site.id, name: `Kiosk app lobby ${suffix}` });
  const visitors = await post('/user-types', {
    name: `Kiosk app visitors ${suffix}`,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  const journey = await post('/journeys', { name: `Kiosk app journey ${suffix}`, site_ids: [site.id] });
  await post(`/journeys/${journey.id}/flows`, {
    user_type_ids: [visitors.id],
    feedback: { welcome_message: `${WELCOME}, {name}!` },
  });
  const logo = await page.request.put(`/api/v1/journeys/${journey.id}/logo`, {
    headers: { 'x-csrf-token': csrf },
    multipart: { logo: { name: 'logo.png', mimeType: 'image/png', buffer: makePng(320, 80) } },
  });
  expect(logo.status(), await logo.text()).toBe(200);

  const tablet = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 }, locale: 'en-US' });
  const kiosk = await tablet.newPage();
  const errors: string[] = [];
  kiosk.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  kiosk.on('console', (m) => {
    if (m.type() === 'error' && !NETWORK_STATUS.test(m.text())) errors.push(`console.error: ${m.text()}`);
  });
  let kioskId: string | null = null;
  let personId: string | null = null;
  try {
    // Without a device token the kiosk app sends the tablet to pairing, saying it came from the app.
    await kiosk.goto('/kiosk/');
    // Polled rather than awaited as one navigation: the page may be replaced while it is still loading.
    await expect.poll(() => kiosk.url(), { timeout: 15_000 }).toMatch(/\/kiosk-register\?from=kiosk/);
    await kiosk.waitForLoadState();
    await kiosk.getByTestId('kiosk-register-mac').fill(randomMac());
    await kiosk.getByTestId('kiosk-register-submit').click();
    const code = kiosk.getByTestId('kiosk-register-code');
    await expect(code).toHaveText(/^[A-Z0-9]{3} [A-Z0-9]{3}$/);
    const added = await post('/kiosks', {
      code: (await code.innerText()).replace(/\s/g, ''),
      name: `Kiosk app ${suffix}`,
      area_id: area.id,
    });
    kioskId = added.id;
    await admin.put(`/kiosks/${added.id}/settings`, { door_relay: 1 });
    await admin.put(`/journeys/${journey.id}/kiosks`, { kiosk_ids: [added.id] });

    // Registered: the page says where it stands, then hands back to the kiosk app by itself.
    await expect(kiosk.getByTestId('kiosk-register-registered')).toBeVisible();
    await expect(kiosk.getByTestId('kiosk-register-open-kiosk')).toBeVisible();
    await expect(kiosk.getByTestId('kiosk-register-handover')).toContainText('Opening the kiosk');
    await kiosk.waitForURL((url) => url.pathname === '/kiosk/', { timeout: 15_000 });

    // The welcome screen: the flow's message (no name at the door), the logo, the date in the kiosk's format.
    await expect(kiosk.getByTestId('kiosk-welcome-message')).toHaveText(`${WELCOME}!`);
    const logoImage = kiosk.getByTestId('kiosk-logo');
    await expect(logoImage).toBeVisible();
    await expect.poll(() => logoImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await expect(logoImage).toHaveAttribute('alt', 'Acme Cloud logo');
    await expect(kiosk.getByTestId('kiosk-date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(kiosk.getByTestId('kiosk-sign-in-button')).toHaveText('Sign in');
    await expect(kiosk.getByTestId('kiosk-sign-out-button')).toHaveText('Sign out');
    await expect(kiosk.locator('html')).toHaveAttribute('lang', 'en');
    await expectAccessible(kiosk, 'the kiosk’s welcome screen');
    await kiosk.screenshot({ path: screenPath('kiosk-app-welcome-en'), animations: 'disabled' });

    // A visitor signs in by name: the search starts after a first name and two letters of the last
    // name; this flow asks nothing more, so the welcome follows, and the visit is on the logbook.
    const roles = (await admin.get('/people/roles')) as unknown as { id: string; key: string | null }[];
    const ada = await post('/people', {
      first_name: 'Ada',
      last_name: `Kiosk${suffix}`,
      email: `ada.kiosk.${suffix}@example.test`,
      role_id: roles.find((r) => r.key === 'employee')!.id,
      site_ids: [site.id],
      user_type_ids: [visitors.id],
    });
    personId = ada.id;
    await kiosk.getByTestId('kiosk-sign-in-button').click();
    await expect(kiosk.getByTestId('kiosk-identify')).toBeVisible();
    await kiosk.getByTestId('kiosk-name-search').fill(`Ada Kiosk${suffix}`);
    const hit = kiosk.getByTestId('kiosk-person-hit').filter({ hasText: `Kiosk${suffix}` });
    await expect(hit).toBeVisible();
    await expectAccessible(kiosk, 'the kiosk’s sign-in by name');
    await kiosk.screenshot({ path: screenPath('kiosk-app-identify-en'), animations: 'disabled' });
    await hit.click();
    await expect(kiosk.getByTestId('kiosk-done-message')).toHaveText(`${WELCOME}, Ada!`);
    await expectAccessible(kiosk, 'the kiosk’s welcome after signing in');
    await kiosk.screenshot({ path: screenPath('kiosk-app-done-en'), animations: 'disabled' });
    await kiosk.getByTestId('kiosk-done-close').click();
    await expect(kiosk.getByTestId('kiosk-welcome-message')).toBeVisible();
    const visits = (await admin.get(`/visits?search=Kiosk${suffix}`)) as {
      data: { person: { id: string }; state: string; sign_in_source: string }[];
    };
    expect(visits.data.filter((v) => v.person.id === ada.id)).toEqual([
      expect.objectContaining({ state: 'on_site', sign_in_source: 'kiosk' }),
    ]);

    // A visitor chooses Arabic: the whole screen turns right to left.
    await kiosk.getByTestId('kiosk-language-ar').click();
    await expect(kiosk.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(kiosk.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(kiosk.getByTestId('kiosk-sign-in-button')).toHaveText('تسجيل الدخول');
    await expect(kiosk.getByTestId('kiosk-language-ar')).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(kiosk, 'the kiosk’s welcome screen in Arabic');
    await kiosk.screenshot({ path: screenPath('kiosk-app-welcome-ar'), animations: 'disabled' });

    // Settings saved on the dashboard take effect at once: the date format, the dimming, sign in only,
    // and the kiosk's own language once the visitor's choice is given back.
    await kiosk.getByTestId('kiosk-language-en').click();
    await expect(kiosk.locator('html')).toHaveAttribute('dir', 'ltr');
    await admin.put(`/kiosks/${added.id}/settings`, {
      door_relay: 1,
      date_format: 'dd-MM-yyyy',
      brightness: 40,
      sign_mode: 'sign_in_only',
      language: 'es',
    });
    await expect(kiosk.getByTestId('kiosk-date')).toHaveText(/^\d{2}-\d{2}-\d{4}$/);
    await expect(kiosk.getByTestId('kiosk-sign-out-button')).toHaveCount(0);
    await expect(kiosk.getByTestId('kiosk-sign-in-button')).toHaveText('Registrar entrada');
    await expect(kiosk.locator('html')).toHaveAttribute('lang', 'es');
    await expect
      .poll(() => kiosk.getByTestId('kiosk-dim').evaluate((el) => Number(getComputedStyle(el).opacity)))
      .toBeGreaterThan(0.4);

    // The dashboard opens the door: delivered, the kiosk shows it open, then reports it done.
    const request = async (body: unknown) => {
      const res = await page.request.post(`/api/v1/kiosks/${added.id}/requests`, {
        headers: { 'x-csrf-token': csrf },
        data: body,
      });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return (await res.json()) as Request;
    };
    const statusOf = async (id: string) =>
      ((await (await page.request.get(`/api/v1/kiosks/requests/${id}`)).json()) as Request).status;
    const door = await request({ action: 'open_door' });
    expect(door.error).toBeNull();
    await expect(kiosk.getByTestId('kiosk-door-open')).toBeVisible();
    await expect.poll(() => statusOf(door.id), { timeout: 20_000 }).toBe('succeeded');
    await expect(kiosk.getByTestId('kiosk-door-open')).toHaveCount(0);

    // A shared screen: while the admin watches, the kiosk sends pictures of what it shows.
    const share = await request({ action: 'remote_show_screen' });
    expect(share.error).toBeNull();
    await expect.poll(() => statusOf(share.id)).toBe('running');
    const watch = await page.request.post(`/api/v1/kiosks/requests/${share.id}/screen-share/start`, {
      headers: { 'x-csrf-token': csrf },
    });
    expect(watch.status(), await watch.text()).toBe(200);
    await expect
      .poll(async () => (await page.request.get(`/api/v1/kiosks/requests/${share.id}/screen`)).status(), {
        timeout: 20_000,
      })
      .toBe(200);
    const picture = await page.request.get(`/api/v1/kiosks/requests/${share.id}/screen`);
    expect(picture.headers()['content-type']).toMatch(/^image\/(png|jpeg)/);
    expect((await picture.body()).length).toBeGreaterThan(2000);
    const unwatch = await page.request.post(`/api/v1/kiosks/requests/${share.id}/screen-share/end`, {
      headers: { 'x-csrf-token': csrf },
    });
    expect(unwatch.status()).toBe(200);
    await expect.poll(() => statusOf(share.id)).toBe('closed');

    // Its data, for support: what it keeps, its settings and its recent log.
    const pull = await request({ action: 'pull_database' });
    await expect.poll(() => statusOf(pull.id), { timeout: 20_000 }).toBe('succeeded');
    const pulled = (await (await page.request.get(`/api/v1/kiosks/requests/${pull.id}/data`)).json()) as {
      settings: { language: string };
      cache: { counts: { flows: number } };
      log: unknown[];
    };
    expect(pulled.settings.language).toBe('es');
    expect(pulled.cache.counts.flows).toBe(1);
    expect(pulled.log.length).toBeGreaterThan(0);

    // A restart: reported done, then the app reloads and comes back to its welcome screen.
    await kiosk.evaluate(() => ((window as unknown as { beforeRestart: boolean }).beforeRestart = true));
    const restart = await request({ action: 'restart_app' });
    expect(restart.error).toBeNull();
    await expect.poll(() => statusOf(restart.id), { timeout: 20_000 }).toBe('succeeded');
    await expect
      .poll(() => kiosk.evaluate(() => (window as unknown as { beforeRestart?: boolean }).beforeRestart ?? false))
      .toBe(false);
    await expect(kiosk.getByTestId('kiosk-welcome-message')).toHaveText(`${WELCOME}!`);

    // Deregistered on the dashboard: the kiosk forgets its token at once and goes back to pairing.
    await admin.delete(`/kiosks/${added.id}`);
    kioskId = null;
    // Polled rather than awaited as one navigation: the page may be replaced while it is still loading.
    await expect.poll(() => kiosk.url(), { timeout: 15_000 }).toMatch(/\/kiosk-register\?from=kiosk/);
    await kiosk.waitForLoadState();
    expect((await kiosk.evaluate(() => localStorage.getItem('kiosk_register'))) ?? '').not.toContain('"registered"');
    expect(errors).toEqual([]);
  } finally {
    await tablet.close();
    if (kioskId) await admin.delete(`/kiosks/${kioskId}`);
    if (personId) await admin.delete(`/people/${personId}`);
    await page.request.delete(`/api/v1/journeys/${journey.id}`, { headers: { 'x-csrf-token': csrf } });
    await admin.delete(`/user-types/${visitors.id}`);
    await admin.delete(`/sites/${site.id}`);
  }
});
