import { expect as baseExpect, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { waitForMail } from './fixtures/mail';
import { screenPath } from './fixtures/screens';
import { signInPlace } from './fixtures/sign-in-place';
import { expect, test } from './fixtures/test';
import { PHONE } from './fixtures/visitor-phone';
import type { WorldPerson } from './fixtures/world';

// A drill as wardens run it (issue 15): two wardens, one at a desk and one on a phone at the muster
// point, mark the same roll and each sees the other's marks live; the phone loses its connection,
// keeps marking (the marks wait on the phone, clearly shown), and sends them once when it is back; a
// person answers their own "I am safe" link; the session is ended; the report shows the milestones
// and its PDF opens. Once in English and once in Arabic.

type Language = 'en' | 'ar';
const DESKTOP = { width: 1366, height: 800 };
// Browsers log every failed request (offline, or a 4xx the page explains) as "Failed to load resource".
const NETWORK_NOISE = /^Failed to load resource|WebSocket connection to .* failed/;

type Warden = { context: BrowserContext; page: Page; errors: string[] };

/**
 * A warden's browser signed in through the API: the session cookie in the context's jar and the login
 * result stored the way the app stores it, so the page opens signed in without the login screen.
 */
async function openWarden(
  browser: Browser,
  baseURL: string,
  person: WorldPerson,
  entityId: string,
  language: Language,
  viewport: { width: number; height: number },
): Promise<Warden> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US', timezoneId: 'UTC' });
  const login = await context.request.post('/api/v1/auth/login', {
    data: { email: person.email, password: person.password },
  });
  baseExpect(login.ok(), await login.text()).toBe(true);
  let result = (await login.json()) as { status: string; entity?: { id: string } };
  if (result.status !== 'ok' || result.entity?.id !== entityId) {
    const csrf = (await context.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '';
    const chosen = await context.request.post('/api/v1/auth/entity', {
      data: { entity_id: entityId },
      headers: { 'x-csrf-token': csrf },
    });
    baseExpect(chosen.ok(), await chosen.text()).toBe(true);
    result = (await chosen.json()) as typeof result;
  }
  const { csrf_token: _csrf, ...stored } = result as typeof result & { csrf_token?: string };
  const user = JSON.stringify({ ...stored, entity_id: entityId });
  await context.addInitScript(
    ([userJson, id, lang]) => {
      window.localStorage.setItem('user', userJson);
      window.localStorage.setItem('entity_id', id);
      window.localStorage.setItem('language', lang);
    },
    [user, entityId, language] as const,
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !NETWORK_NOISE.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors };
}

const row = (page: Page, name: string) => page.getByTestId('roll-row').filter({ hasText: name });

/** Opens the session page and waits until it follows the session live. */
async function openSession(page: Page, name: string, id: string) {
  await page.goto(`/emergency-sessions/${encodeURIComponent(name)}/${id}`);
  // The first page of a run waits for the server's first reads of the session.
  await expect(page.getByTestId('emergency-session-name')).toHaveText(name, { timeout: 30_000 });
  await expect(page.getByTestId('emergency-session-live')).toHaveAttribute('data-state', 'live');
}

/** The marks requests a page sends, with the client ids in each (to prove a queued mark goes once). */
function watchMarkRequests(page: Page): string[][] {
  const sent: string[][] = [];
  page.on('requestfinished', (request: Request) => {
    if (!/\/emergency\/sessions\/[\w-]+\/marks$/.test(request.url())) return;
    const body = request.postDataJSON() as { marks: { client_id: string }[] };
    sent.push(body.marks.map((m) => m.client_id));
  });
  return sent;
}

async function seedDrill(api: ApiCaller, tag: string) {
  const place = await signInPlace(api, {
    site: `Muster HQ ${tag}`,
    area: `Warehouse ${tag}`,
    type: `Drill staff ${tag}`,
    journey: `Drill journey ${tag}`,
  });
  const names = { ana: `Ana Alarm${tag}`, ben: `Ben Bell${tag}`, cleo: `Cleo Clock${tag}`, dara: `Dara Door${tag}` };
  const emails = Object.fromEntries(
    Object.entries(names).map(([key]) => [key, `${key}.${tag.toLowerCase()}@acme.test`]),
  ) as Record<keyof typeof names, string>;
  const ids: string[] = [];
  for (const key of Object.keys(names) as (keyof typeof names)[])
    ids.push(await place.addPerson(names[key], emails[key]));
  await api.call('POST', '/visits/sign-in', { area_id: place.areaId, people: ids.map((person_id) => ({ person_id })) });
  const name = `Drill ${tag}`;
  const detail = await api.call<{ session: { id: string }; roll: { full_name: string }[] }>(
    'POST',
    '/emergency/sessions',
    {
      name,
      is_drill: true,
      area_ids: [place.areaId],
      highlight_after_minutes: 1,
    },
  );
  return { name, id: detail.session.id, names, emails, roll: detail.roll };
}

for (const language of ['en', 'ar'] as const) {
  test(`two wardens run a drill live, a phone goes offline and back, "I am safe", the report (${language})`, async ({
    browser,
    world,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tag = `${language.toUpperCase()}${Date.now().toString(36).slice(-5)}`;
    const api = await apiCaller(world.people.acmeAdmin);
    const acme = world.companies.acme.id;
    const drill = await seedDrill(api, tag);
    expect(drill.roll).toHaveLength(4);

    const desk = await openWarden(browser, baseURL!, world.people.acmeAdmin, acme, language, DESKTOP);
    const phone = await openWarden(browser, baseURL!, world.people.twoCompanies, acme, language, PHONE);
    const visitor = await browser.newContext({ baseURL, viewport: PHONE, locale: 'en-US', timezoneId: 'UTC' });
    try {
      const phoneMarks = watchMarkRequests(phone.page);
      await openSession(desk.page, drill.name, drill.id);
      await openSession(phone.page, drill.name, drill.id);
      await expect(desk.page.getByTestId('emergency-session-drill')).toBeVisible();
      await expect(desk.page.getByTestId('emergency-accounted')).toHaveAttribute('data-total', '4');
      await expect(desk.page.getByTestId('emergency-accounted')).toHaveAttribute('data-done', '0');

      // 1. Each warden marks someone; the other sees it within a second, with who marked it.
      await row(desk.page, drill.names.ana).getByTestId('roll-mark-present').click();
      await expect(row(phone.page, drill.names.ana)).toHaveAttribute('data-status', 'present');
      await expect(row(phone.page, drill.names.ana).getByTestId('roll-how')).toContainText(
        world.people.acmeAdmin.fullName,
      );
      await row(phone.page, drill.names.ben).getByTestId('roll-mark-out').click();
      await expect(row(desk.page, drill.names.ben)).toHaveAttribute('data-status', 'out');
      await expect(desk.page.getByTestId('emergency-accounted')).toHaveAttribute('data-done', '2');
      // Every tap target on the phone is 48 px high at least.
      for (const button of await row(phone.page, drill.names.cleo).getByRole('button').all()) {
        expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(48);
      }
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(desk.page, `session page (${language})`);
      await desk.page.screenshot({ path: screenPath(`emergency-session-${language}`) });
      await phone.page.screenshot({ path: screenPath(`emergency-session-${language}-390`) });

      // 2. The phone loses its connection: marks wait on the phone, and it says so.
      await phone.context.setOffline(true);
      await expect(phone.page.getByTestId('emergency-offline')).toBeVisible();
      await row(phone.page, drill.names.cleo).getByTestId('roll-mark-present').click();
      await expect(row(phone.page, drill.names.cleo)).toHaveAttribute('data-status', 'present');
      await expect(row(phone.page, drill.names.cleo).getByTestId('roll-waiting')).toBeVisible();
      await expect(phone.page.getByTestId('emergency-offline')).toHaveAttribute('data-waiting', '1');
      // Marked out, then present again: the last tap is what counts.
      await row(phone.page, drill.names.ana).getByTestId('roll-mark-out').click();
      await row(phone.page, drill.names.ana).getByTestId('roll-mark-present').click();
      await expect(phone.page.getByTestId('emergency-offline')).toHaveAttribute('data-waiting', '3');
      await expect(phone.page.getByTestId('emergency-accounted')).toHaveAttribute('data-done', '3');
      await expectAccessible(phone.page, `session page offline (${language})`);
      await phone.page.screenshot({ path: screenPath(`emergency-offline-${language}-390`) });
      // The desk has heard nothing of it.
      await expect(row(desk.page, drill.names.cleo)).toHaveAttribute('data-status', 'not_present');
      expect(phoneMarks.flat()).toHaveLength(1);

      // 3. Back online: the marks are sent (once), the banner goes, the desk sees them.
      await phone.context.setOffline(false);
      await expect(phone.page.getByTestId('emergency-offline')).toHaveCount(0);
      await expect(phone.page.getByTestId('roll-waiting')).toHaveCount(0);
      await expect(row(desk.page, drill.names.cleo)).toHaveAttribute('data-status', 'present');
      await expect(row(desk.page, drill.names.ana)).toHaveAttribute('data-status', 'present');
      await expect(phone.page.getByTestId('emergency-session-live')).toHaveAttribute('data-state', 'live');
      const sent = phoneMarks.flat();
      expect(new Set(sent).size, 'each queued mark sent once').toBe(sent.length);
      expect(sent).toHaveLength(4);

      // 4. Dara answers her own "I am safe" link on her phone; the wardens see her present.
      const mail = await waitForMail(drill.emails.dara, /DRILL|تدريب|SIMULACRO/i);
      const link = /https?:\/\/\S+\/i-am-safe\/[\w-]+/.exec(mail.text)?.[0];
      expect(link, mail.text).toBeDefined();
      await visitor.addInitScript(`window.localStorage.setItem('language', '${language}')`);
      const dara = await visitor.newPage();
      await dara.goto(new URL(link!).pathname);
      await expect(dara.getByTestId('safe-ask')).toBeVisible();
      await expectAccessible(dara, `"I am safe" (${language})`);
      await dara.screenshot({ path: screenPath(`emergency-safe-${language}-390`), fullPage: true });
      await dara.getByTestId('safe-submit').click();
      await expect(dara.getByTestId('safe-done')).toBeVisible();
      await dara.screenshot({ path: screenPath(`emergency-safe-done-${language}-390`), fullPage: true });
      await expect(row(desk.page, drill.names.dara)).toHaveAttribute('data-status', 'present');
      await expect(row(phone.page, drill.names.dara)).toHaveAttribute('data-status', 'present');
      await expect(desk.page.getByTestId('emergency-accounted')).toHaveAttribute('data-done', '4');

      // 5. The desk ends the session; the phone shows it ended.
      await desk.page.getByTestId('emergency-session-end').click();
      await desk.page.getByTestId('end-session-confirm').click();
      await expect(desk.page.getByTestId('emergency-session-page')).toHaveAttribute('data-state', 'ended');
      await expect(phone.page.getByTestId('emergency-session-page')).toHaveAttribute('data-state', 'ended');
      await expect(row(phone.page, drill.names.ben).getByTestId('roll-mark-present')).toBeDisabled();

      // 6. The report: milestones, every mark, and a PDF.
      await desk.page.getByTestId('emergency-session-report').click();
      await expect(desk.page.getByTestId('roll-call-report')).toHaveAttribute('data-state', 'ready');
      await expect(desk.page.getByTestId('report-milestone')).toHaveCount(3);
      await expect(desk.page.locator('[data-testid="report-milestone"][data-percent="100"]')).not.toContainText(
        language === 'ar' ? 'لم يتحقق' : 'Not reached',
      );
      await expect(desk.page.getByTestId('report-unaccounted-none')).toBeVisible();
      // Cleo's one mark, sent once from the phone's queue, is one line of the report.
      await expect(
        desk.page
          .getByTestId('report-mark-row')
          .filter({ hasText: drill.names.cleo })
          .filter({ hasText: world.people.twoCompanies.fullName }),
      ).toHaveCount(1);
      await expectAccessible(desk.page, `roll-call report (${language})`);
      await desk.page.screenshot({ path: screenPath(`emergency-report-${language}`), fullPage: true });
      await desk.page.emulateMedia({ media: 'print' });
      await expect(desk.page.getByTestId('report-pdf')).toBeHidden();
      await expect(desk.page.getByTestId('top-bar')).toBeHidden();
      await desk.page.emulateMedia({ media: 'screen' });
      const pdfHref = await desk.page.getByTestId('report-pdf').getAttribute('href');
      expect(pdfHref).toContain(`lang=${language}`);
      const pdf = await desk.context.request.get(pdfHref!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The report on a phone reads too.
      await phone.page.goto(`/emergency-sessions/${encodeURIComponent(drill.name)}/${drill.id}/report`);
      await expect(phone.page.getByTestId('roll-call-report')).toHaveAttribute('data-state', 'ready');
      await phone.page.screenshot({ path: screenPath(`emergency-report-${language}-390`), fullPage: true });
    } finally {
      await visitor.close();
      await desk.context.close();
      await phone.context.close();
      await api.dispose();
    }
    expect(desk.errors, 'errors on the desk').toEqual([]);
    expect(phone.errors, 'errors on the phone').toEqual([]);
  });
}
