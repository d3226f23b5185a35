import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { login } from './fixtures/login';
import { screenPath } from './fixtures/screens';
import { fillRegistration, openPhone } from './fixtures/visitor-phone';
import type { World } from './fixtures/world';

// The whole visit, as a visitor and two admins live it: the visitor registers on a phone through the
// type's link and gets the visit's QR; an admin approves the visit; the visitor answers the journey's
// compliance online; the admin signs them in from the dashboard without being asked it again, while a
// second admin's logbook shows the arrival live; the badge opens ready to print; the confirmation link
// has expired because the visitor has arrived. Once in English and once in Arabic.

type Language = 'en' | 'ar';

/** The §8 message a confirmation link shows once the visitor has arrived, from the product's catalogue. */
const arrivedMessage = (language: Language): string => {
  // Playwright runs from the repository's root.
  const file = join(process.cwd(), `packages/shared/src/i18n/${language}/errors.pre-registration.json`);
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as { pre_registration_expired: Record<string, string> };
  return catalogue.pre_registration_expired.visit_arrived!;
};

/** A site and area, an approval-required visitor type with its link, a host and a journey whose flow asks a host and an every-time statement. */
async function seed(baseURL: string, world: World, tag: string) {
  const admin = world.people.acmeAdmin;
  const context = await request.newContext({ baseURL });
  const login = await context.post('/api/v1/auth/login', { data: { email: admin.email, password: admin.password } });
  expect(login.ok()).toBe(true);
  const csrf = (await context.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '';
  const call = async <T = { id: string }>(method: 'GET' | 'POST', url: string, data?: unknown) => {
    const res = await context.fetch(`/api/v1${url}`, { method, data, headers: { 'x-csrf-token': csrf } });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  const site = await call('POST', '/sites', { name: `Journey HQ ${tag}` });
  const area = `Lobby ${tag}`;
  await call('POST', '/areas', { site_id: site.id, name: area });
  const guests = await call('POST', '/user-types', {
    name: `Journey guests ${tag}`,
    registration_method: 'pre_registered_with_approval',
    grace_period_minutes: 30,
  });
  const staff = await call('POST', '/user-types', {
    name: `Journey staff ${tag}`,
    registration_method: 'registration_not_required',
    grace_period_minutes: 30,
  });
  const host = { first: 'Henna', last: `Host${tag}` };
  const hostPerson = await call('POST', '/people', {
    first_name: host.first,
    last_name: host.last,
    email: `henna.${tag}@acme.test`,
    role_id: world.companies.acme.roles.employee,
    site_ids: [site.id],
    user_type_ids: [staff.id],
  });
  const rules = await call('POST', '/compliances', {
    name: `Site rules ${tag}`,
    format: 'statement',
    frequency: 'every_time',
    content: { statement: 'I will follow the instructions of the site staff.' },
  });
  const journey = await call('POST', '/journeys', { name: `Journey ${tag}`, site_ids: [site.id] });
  await call('POST', `/journeys/${journey.id}/flows`, {
    user_type_ids: [guests.id],
    checks: { host: true, print_badge: true, show_name: true, show_user_type: true },
    host_ids: [hostPerson.id],
    compliances: [{ id: rules.id }],
  });
  const qrUrl = (await call<{ url: string }>('GET', `/user-types/${guests.id}/qr`)).url;
  await context.dispose();
  return {
    siteId: site.id,
    area,
    type: `Journey guests ${tag}`,
    complianceId: rules.id,
    qr: qrUrl.split('/').pop()!,
    host: { ...host, full: `${host.first} ${host.last}` },
  };
}

const logbookRow = (page: Page, name: string) => page.locator(`[data-testid="logbook-row"][data-name="${name}"]`);

for (const language of ['en', 'ar'] as const) {
  test(`a visit from invitation to departure: registered on a phone, approved, compliance online, signed in live, badge, expired link (${language})`, async ({
    page,
    browser,
    baseURL,
    world,
  }) => {
    // Three browsers (the visitor's phone and two admins) each load the app.
    test.setTimeout(120_000);
    // The form's first slot is the next quarter hour: after 23:40 (company clock, UTC here) it is
    // tomorrow, and tomorrow's visit cannot be today's arrival.
    const now = new Date();
    test.skip(now.getUTCHours() === 23 && now.getUTCMinutes() >= 40, 'the first visit slot falls on tomorrow');

    const tag = `${Date.now().toString(36)}${language}`;
    const s = await seed(baseURL!, world, tag);
    const visitorName = language === 'ar' ? ['ليلى', `زائرة ${tag}`] : ['Lena', `Visitor ${tag}`];
    const fullName = visitorName.join(' ');

    // 1. The visitor registers on a phone through the type's link and gets the visit's QR.
    const phone = await openPhone(browser, baseURL!, language);
    const visitor = phone.page;
    await visitor.goto(`/e/${s.qr}`);
    await expect(visitor.getByTestId('pre-registration-form')).toBeVisible();
    await expect(visitor.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await fillRegistration(visitor, {
      names: visitorName as [string, string],
      email: `lena.${tag}@example.test`,
      host: s.host,
      typeMore: language === 'ar' ? /حرفين على الأقل/ : /at least two letters/,
    });
    await visitor.getByTestId('pre-registration-submit').click();
    // The visit's own pass page (its link token), not the type's link.
    await expect(visitor).toHaveURL(/\/pre-registration\/[\w-]+\/success\?add_visitor=true$/);
    expect(new URL(visitor.url()).pathname).not.toContain(s.qr);
    await expect(visitor.getByTestId('success-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await visitor.screenshot({ path: screenPath(`journey-qr-${language}-390`), fullPage: true });
    const complianceHref = await visitor.getByTestId('success-compliance-link').getAttribute('href');
    const token = complianceHref!.split('/').pop()!;

    // 2. An admin approves the visit waiting for approval.
    await page.addInitScript(`window.localStorage.setItem('language', '${language}')`);
    await login(page, world.people.acmeAdmin);
    await page.goto('/add-expected-visitors');
    await page.getByTestId('expected-visits-search').fill(visitorName[1]!);
    const expected = page.getByTestId('expected-visits-row').filter({ hasText: visitorName[1]! });
    await expect(expected).toHaveAttribute('data-stage', 'awaiting_approval');
    await expected.getByTestId('expected-visit-approve').click();
    await page.getByTestId('expected-visit-approve-confirm').click();
    await expect(expected).toHaveAttribute('data-stage', 'approved');

    // 3. The visitor answers the compliance online, before coming.
    await visitor.goto(complianceHref!);
    await visitor.getByTestId(`compliance-accept-yes-${s.complianceId}`).check();
    await visitor.getByTestId('compliance-submit').click();
    await expect(visitor.getByTestId('compliance-all-done')).toBeVisible();
    await visitor.screenshot({ path: screenPath(`journey-compliance-${language}-390`), fullPage: true });

    // 4. A second admin watches the site's logbook: the visit is expected.
    const other = await browser.newContext({ baseURL });
    try {
      await other.addInitScript(`window.localStorage.setItem('language', '${language}')`);
      const second = await other.newPage();
      await login(second, world.people.twoCompanies, { company: 'Acme Cloud' });
      await second.goto(`/filtered?site_id=${s.siteId}`);
      await expect(logbookRow(second, fullName)).toHaveAttribute('data-state', 'expected');
      await second.evaluate('window.__stayedOpen = true');

      // 5. The first admin signs the visitor in from the dashboard; the compliance answered online
      // counts, so only the host (the flow's one listed host, chosen already) is left.
      await page.goto('/');
      await expect(page.getByTestId('visits-dashboard')).toBeVisible();
      await page.getByTestId('quick-sign-in').click();
      await page.getByTestId('quick-sign-in-person').fill(fullName);
      await page.getByRole('option', { name: fullName }).click();
      await page.getByTestId('quick-sign-in-area').click();
      await page.getByRole('option', { name: s.area }).click();
      await page.getByTestId('quick-sign-in-next').click();
      const flow = page.getByTestId('flow-person');
      await expect(flow.getByTestId('flow-compliance-valid')).toBeVisible();
      await expect(flow.getByTestId('flow-compliance')).toHaveCount(0);
      await expect(flow).toContainText(s.host.full);
      await page.screenshot({ path: screenPath(`journey-sign-in-${language}`) });
      await page.getByTestId('flow-submit').click();
      await expect(page.getByTestId('sign-in-flow')).toHaveCount(0);

      // The other admin's logbook shows the arrival without a reload.
      await expect(logbookRow(second, fullName)).toHaveAttribute('data-state', 'on_site');
      expect(await second.evaluate('window.__stayedOpen')).toBe(true);
      await second.screenshot({ path: screenPath(`journey-live-${language}`), fullPage: true });
    } finally {
      await other.close();
    }

    // 6. The badge opens in its own tab, ready to print, with the label of the next action.
    await page.getByTestId('logbook-search').fill(visitorName[1]!);
    const row = logbookRow(page, fullName);
    await expect(row).toHaveAttribute('data-state', 'on_site');
    const [badge] = await Promise.all([page.context().waitForEvent('page'), row.getByTestId('visit-badge').click()]);
    const card = badge.getByTestId('badge-card');
    await expect(card.getByTestId('badge-name')).toHaveText(fullName);
    await expect(card.getByTestId('badge-user-type')).toHaveText(s.type);
    await expect(card.getByTestId('badge-label')).toHaveText(language === 'ar' ? 'تسجيل الخروج' : 'Sign out');
    await badge.emulateMedia({ media: 'print' });
    await expect(badge.getByTestId('badge-print')).toBeHidden();
    await badge.screenshot({ path: screenPath(`journey-badge-${language}`), fullPage: true });
    await badge.close();

    // 7. The confirmation link has expired: the visitor has arrived.
    await visitor.goto(`/pre-registration/${token}`);
    await expect(visitor).toHaveURL(/\/link-expired\?/);
    await expect(visitor.getByTestId('link-expired-message')).toHaveText(arrivedMessage(language));
    await visitor.screenshot({ path: screenPath(`journey-expired-${language}-390`), fullPage: true });
    await phone.close();
  });
}
