import { request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { mailsTo, waitForMail } from './fixtures/mail';
import { expect, test } from './fixtures/test';
import { expectGridMirrored } from './fixtures/grid';
import { screenPath } from './fixtures/screens';
import { loadWorld } from './fixtures/world';

// Expected visitors (spec /add-expected-visitors, §4 Journey stage and Visit lifecycle actions, §5 visit
// date and time not before now, host search after a first name and two letters): an admin adds a new
// visitor for tomorrow with a host, the visitor is emailed the confirmation link; the visit is changed
// and deleted from the upcoming list. A visit a visitor registered through an approval type's link waits
// for the admin, who approves it and then rejects it; the list in Arabic.

const tag = Date.now().toString(36).slice(-6);
const E2E = {
  site: `E2E Visits ${tag}`,
  area: 'Front desk',
  visitors: `E2E Visitors ${tag}`,
  guests: `E2E Guests ${tag}`,
  journey: `E2E Visits ${tag}`,
};

type Setup = { siteId: string; areaId: string; visitorsId: string; guestsId: string; guestsQr: string };
let setup: Setup;
let admin: APIRequestContext;
let csrf = '';

async function call<T>(method: 'get' | 'post', url: string, data?: unknown): Promise<T> {
  const res = await admin[method](`/api/v1${url}`, { data, headers: { 'x-csrf-token': csrf } });
  if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

// A site with one area, a user type anyone may register with and one whose self-registered visits wait
// for approval, and a journey at the site whose flow asks for a host.
test.beforeAll(async () => {
  const world = loadWorld();
  admin = await request.newContext({ baseURL: world.baseURL });
  const { email, password } = world.people.acmeAdmin;
  const login = await admin.post('/api/v1/auth/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  csrf = (await admin.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '';
  const site = await call<{ id: string }>('post', '/sites', { name: E2E.site });
  const area = await call<{ id: string }>('post', '/areas', { site_id: site.id, name: E2E.area });
  const type = (name: string, registration_method: string) =>
    call<{ id: string }>('post', '/user-types', { name, registration_method, grace_period_minutes: 30 });
  const visitors = await type(E2E.visitors, 'registration_allowed');
  const guests = await type(E2E.guests, 'pre_registered_with_approval');
  const journey = await call<{ id: string }>('post', '/journeys', { name: E2E.journey, site_ids: [site.id] });
  await call('post', `/journeys/${journey.id}/flows`, {
    user_type_ids: [visitors.id, guests.id],
    checks: { host: true },
    host_note: 'Who are you visiting?',
  });
  const qr = await call<{ url: string }>('get', `/user-types/${guests.id}/qr`);
  setup = {
    siteId: site.id,
    areaId: area.id,
    visitorsId: visitors.id,
    guestsId: guests.id,
    guestsQr: qr.url.split('/').pop()!,
  };
});

test.afterAll(async () => {
  await admin.dispose();
});

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const row = (page: Page, name: string) => page.getByTestId('expected-visits-row').filter({ hasText: name });

async function screenshot(page: Page, name: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: screenPath(name), animations: 'disabled', fullPage: true });
}

/** The company's clock now (YYYY-MM-DDTHH:mm) and the day after, as the date picker shows it. */
async function companyClock(page: Page) {
  const res = await page.request.get('/api/v1/expected-visits/options');
  const { timezone } = (await res.json()) as { timezone: string };
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  const today = `${parts.year}-${parts.month}-${parts.day}`;
  const next = new Date(`${today}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const tomorrow = next.toISOString().slice(0, 10);
  const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  const before = new Date(`${today}T00:00:00Z`);
  before.setUTCDate(before.getUTCDate() - 1);
  return {
    now: `${today}T${parts.hour}:${parts.minute}`,
    yesterday: dmy(before.toISOString().slice(0, 10)),
    today: dmy(today),
    tomorrow: dmy(tomorrow),
    tomorrowIso: tomorrow,
  };
}

async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

async function setWhen(page: Page, form: Locator, date: string, time: string) {
  const input = form.getByTestId('expected-visit-date');
  await input.fill(date);
  await input.blur();
  await expect(input).toHaveValue(date);
  await form.getByTestId('expected-visit-time-hours').fill(time.slice(0, 2));
  await form.getByTestId('expected-visit-time-minutes').fill(time.slice(3, 5));
  // Closes the time picker's list.
  await form.getByTestId('expected-visit-clock').click();
}

test('an admin adds a new visitor for tomorrow with a host, then changes the time and deletes the visit', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const last = `Visitor${tag}`;
  const email = `vera.${tag}@example.test`;
  await loginAs('acmeAdmin');
  await page.goto('/add-expected-visitors');
  const form = page.getByTestId('expected-visit-add-form');
  await expect(form).toBeVisible();
  const clock = await companyClock(page);

  await form.getByTestId('expected-visit-first-name').fill('Vera');
  await form.getByTestId('expected-visit-last-name').fill(last);
  await form.getByTestId('expected-visit-company-name').fill('Northwind');
  await form.getByTestId('expected-visit-email').fill(email);
  await choose(page, form.getByTestId('expected-visit-phone-code'), /^\+44 /);
  await form.getByTestId('expected-visit-phone').fill('77a00 900-1');
  await expect(form.getByTestId('expected-visit-phone')).toHaveValue('77009001');
  await choose(page, form.getByTestId('expected-visit-site'), E2E.site);
  // The site's only area is chosen with it.
  await expect(form.getByTestId('expected-visit-area')).toHaveValue(E2E.area);
  await choose(page, form.getByTestId('expected-visit-user-type'), E2E.visitors);

  // A time before now is refused on its field, before anything is sent.
  if (!clock.now.endsWith('T00:00')) {
    await setWhen(page, form, clock.today, '00:00');
    await form.getByTestId('expected-visit-save').click();
    await expect(form.getByText('Visit date and time cannot be before now.')).toBeVisible();
  }
  // A past day typed on a phone stays as typed and is refused on the date, never moved to today.
  await page.setViewportSize({ width: 390, height: 844 });
  await setWhen(page, form, clock.yesterday, '10:00');
  await form.getByTestId('expected-visit-save').click();
  await expect(form.getByTestId('expected-visit-date')).toHaveValue(clock.yesterday);
  await expect(form.getByTestId('expected-visit-date')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Visit date and time cannot be before now.')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 720 });
  await setWhen(page, form, clock.tomorrow, '10:00');
  await expect(form.getByText('Visit date and time cannot be before now.')).toHaveCount(0);

  // Hosts are searched once a first name and two letters of the second are typed.
  const hosts = form.getByTestId('expected-visit-hosts');
  await hosts.click();
  await hosts.fill('Ada');
  await expect(page.getByText('Keep typing: the first name and two letters of the last name')).toBeVisible();
  await hosts.fill('Ada Ac');
  // Each host shows their email under the name, so two of one name can be told apart.
  await expect(page.getByRole('option', { name: /Ada Acme/ }).getByTestId('person-option-email')).toHaveText(
    'admin@acme.test',
  );
  await page.getByRole('option', { name: /Ada Acme/ }).click();
  await form.getByTestId('expected-visit-notes').fill('Parking space 4');
  await form.getByTestId('expected-visit-clock').click();
  await screenshot(page, 'expected-visitors-form-en');

  await form.getByTestId('expected-visit-save').click();
  await expect(toast(page, 'Created successfully')).toBeVisible();
  // Spec §2: a successful visit addition goes to the dashboard root.
  await expect(page).toHaveURL(/\/$/);

  // The visitor is emailed the confirmation link.
  const mail = await waitForMail(email, /^Your visit to Acme Cloud$/);
  expect(mail.text).toMatch(/\/pre-registration\/[\w-]{20,}/);
  expect(mail.text).toContain(`${E2E.site}, ${E2E.area}`);

  await page.goto('/add-expected-visitors');
  await page.getByTestId('expected-visits-search').fill(last);
  const mine = row(page, last);
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAttribute('data-stage', 'ready_to_sign_in');
  await expect(mine.getByTestId('expected-visit-stage')).toHaveText('Ready to sign in');
  await expect(mine.getByTestId('expected-visit-time-cell')).toHaveText(`${clock.tomorrow} 10:00`);
  await expect(mine).toContainText('Ada Acme');
  await expect(mine.getByTestId('expected-visit-approve')).toHaveCount(0);

  // The invitation goes again, with the same link.
  await mine.getByTestId('expected-visit-send-invitation').click();
  await expect(toast(page, `Invitation sent to ${email}.`)).toBeVisible();
  await expect.poll(() => mailsTo(email).filter((m) => m.subject === 'Your visit to Acme Cloud').length).toBe(2);

  // Edit: the same form in a modal, the time moved to 11:30.
  await mine.getByTestId('expected-visit-edit').click();
  const edit = page.getByTestId('expected-visit-edit-form');
  await expect(edit.getByTestId('expected-visit-person')).toHaveValue(`Vera ${last}`);
  await page.screenshot({ path: screenPath('expected-visit-edit-en'), animations: 'disabled' });
  await edit.getByTestId('expected-visit-time-hours').fill('11');
  await edit.getByTestId('expected-visit-time-minutes').fill('30');
  await edit.getByTestId('expected-visit-clock').click();
  await edit.getByTestId('expected-visit-save').click();
  await expect(toast(page, 'Updated successfully')).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(mine.getByTestId('expected-visit-time-cell')).toHaveText(`${clock.tomorrow} 11:30`);

  // Delete, after saying so.
  await mine.getByTestId('expected-visit-delete').click();
  await expect(page.getByRole('dialog')).toContainText(`Vera ${last}`);
  await page.getByTestId('expected-visit-delete-confirm').click();
  await expect(toast(page, 'Deleted successfully')).toBeVisible();
  await expect(mine).toHaveCount(0);
});

test('a visit waiting for approval is approved, then rejected; the list in Arabic', async ({ page, loginAs }) => {
  const last = `Guest${tag}`;
  const hostId = await adminPersonId();
  // The visitor registers through the Guests link (no session): the visit waits for an admin.
  const visitor = await request.newContext({ baseURL: loadWorld().baseURL });
  const registered = await visitor.post('/api/v1/public/pre-registrations', {
    data: {
      link_id: setup.guestsQr,
      user_type_id: setup.guestsId,
      area_id: setup.areaId,
      visit_date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      visit_time: '09:15',
      first_name: 'Gil',
      last_name: last,
      email: `gil.${tag}@example.test`,
      phone_code: '34',
      phone: `6${String(Date.now()).slice(-8)}`,
      host_ids: JSON.stringify([hostId]),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  expect(((await registered.json()) as { stage: string }).stage).toBe('awaiting_approval');
  await visitor.dispose();

  await loginAs('acmeAdmin');
  await page.goto('/add-expected-visitors');
  await page.getByTestId('expected-visits-search').fill(last);
  const mine = row(page, last);
  await expect(mine.getByTestId('expected-visit-stage')).toHaveText('Awaiting admin approval');
  await expect(mine.getByTestId('expected-visit-reject')).toBeVisible();
  // No invitation while the visit waits for a decision: it would tell the visitor they are expected.
  await expect(mine.getByTestId('expected-visit-send-invitation')).toHaveCount(0);
  await screenshot(page, 'expected-visitors-en');

  await mine.getByTestId('expected-visit-approve').click();
  await page.getByTestId('expected-visit-approve-confirm').click();
  await expect(toast(page, 'Visit approved')).toBeVisible();
  await expect(mine).toHaveAttribute('data-stage', 'approved');
  await expect(mine.getByTestId('expected-visit-stage')).toHaveText('Approved by admin');
  await expect(mine.getByTestId('expected-visit-approve')).toHaveCount(0);
  // The visitor registered it themselves, so it is confirmed: the invitation's link would open as
  // expired, and it is not offered. The visitor is told of the approval, with their QR code.
  await expect(mine.getByTestId('expected-visit-send-invitation')).toHaveCount(0);
  const approval = await waitForMail(`gil.${tag}@example.test`, /^Your visit to Acme Cloud is approved$/);
  expect(approval.text).toMatch(/\/pre-registration\/[\w-]+\/success/);

  await mine.getByTestId('expected-visit-reject-approved').click();
  await expect(page.getByRole('dialog')).toContainText('Reject this approved visit?');
  await page.getByTestId('expected-visit-reject-approved-confirm').click();
  await expect(toast(page, 'Visit rejected')).toBeVisible();
  await expect(mine).toHaveAttribute('data-stage', 'rejected');
  await expect(mine.getByTestId('expected-visit-stage')).toHaveText('Rejected by admin');
  await expect(mine.getByTestId('expected-visit-approve-rejected')).toBeVisible();

  try {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('إضافة زوار متوقعين');
    await page.getByTestId('expected-visits-search').fill(last);
    await expect(mine.getByTestId('expected-visit-stage')).toHaveText('مرفوضة من المسؤول');
    await expect(page.locator('[data-testid="expected-visits-table"][aria-busy]')).toHaveCount(0);
    await expectGridMirrored(page, 'expected-visits', 'visitor');
    await screenshot(page, 'expected-visitors-ar');
  } finally {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  }
});

test('a compliance failed after approval shows on the row, with the compliance link the job sent', async ({
  page,
  loginAs,
}) => {
  const last = `Checked${tag}`;
  const email = `carla.${tag}@example.test`;
  const hostId = await adminPersonId();
  // A user type whose visits wait for approval, in a journey asking one question, its link sent up to
  // a week before the visit: the job runner sends it as soon as the visit is registered.
  const type = await call<{ id: string }>('post', '/user-types', {
    name: `E2E Checked ${tag}`,
    registration_method: 'pre_registered_with_approval',
    grace_period_minutes: 30,
  });
  const question = await call<{
    id: string;
    content: { questions: { id: string; answers: { id: string; correct: boolean }[] }[] };
  }>('post', '/compliances', {
    name: `E2E Health ${tag}`,
    format: 'question',
    frequency: 'every_time',
    settings: { send_before_minutes: 7 * 24 * 60, reminder_interval_minutes: 240 },
    content: {
      questions: [
        {
          question: 'Do you have a fever today?',
          answers: [
            { answer: 'Yes', correct: false },
            { answer: 'No', correct: true },
          ],
        },
      ],
    },
  });
  const journey = await call<{ id: string }>('post', '/journeys', {
    name: `E2E Checked ${tag}`,
    site_ids: [setup.siteId],
  });
  await call('post', `/journeys/${journey.id}/flows`, {
    user_type_ids: [type.id],
    checks: { host: true },
    compliances: [{ id: question.id }],
  });
  const qr = await call<{ url: string }>('get', `/user-types/${type.id}/qr`);

  const visitor = await request.newContext({ baseURL: loadWorld().baseURL });
  const registered = await visitor.post('/api/v1/public/pre-registrations', {
    data: {
      link_id: qr.url.split('/').pop()!,
      user_type_id: type.id,
      area_id: setup.areaId,
      visit_date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      visit_time: '11:30',
      first_name: 'Carla',
      last_name: last,
      email,
      phone_code: '34',
      phone: `7${String(Date.now()).slice(-8)}`,
      host_ids: JSON.stringify([hostId]),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const visitId = ((await registered.json()) as { visit_id: string }).visit_id;
  // Registered inside the week before the visit: the registration email carried the compliance link.
  let token = '';
  await expect
    .poll(() => {
      const text = mailsTo(email).find((m) => m.text.includes('/online-compliance/'))?.text ?? '';
      token = /\/online-compliance\/([\w-]+)/.exec(text)?.[1] ?? '';
      return token;
    })
    .not.toBe('');

  await call('post', `/expected-visits/${visitId}/decisions`, { decision: 'approve' });
  const wrong = question.content.questions.map((q) => ({
    question_id: q.id,
    answer_id: q.answers.find((a) => !a.correct)!.id,
  }));
  const failed = await visitor.post(`/api/v1/public/visits/${token}/compliance`, {
    data: { responses: [{ compliance_id: question.id, answers: wrong, notes: 'no' }] },
  });
  expect(failed.status(), await failed.text()).toBe(200);
  await visitor.dispose();

  // An admin adds another visitor of the type: the job runner sends that one the link at once.
  const other = `Added${tag}`;
  const otherEmail = `dario.${tag}@example.test`;
  await call('post', '/expected-visits', {
    visitor: {
      first_name: 'Dario',
      last_name: other,
      email: otherEmail,
      phone_code: '34',
      phone: `8${String(Date.now()).slice(-8)}`,
    },
    user_type_id: type.id,
    site_id: setup.siteId,
    area_id: setup.areaId,
    visit_date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    visit_time: '12:00',
    host_ids: [hostId],
  });
  const sent = await waitForMail(otherEmail, /^Before your visit to .*: please complete the compliance$/);
  expect(sent.text).toContain('/online-compliance/');

  await loginAs('acmeAdmin');
  await page.goto('/add-expected-visitors');
  await page.getByTestId('expected-visits-search').fill(other);
  const added = row(page, other);
  await expect(added.getByTestId('expected-visit-stage')).toHaveText('Compliance pending');
  await expect(added.getByTestId('expected-visit-compliance-mails')).toContainText('Link sent');
  await expect(added.getByTestId('expected-visit-compliance-mails')).toContainText('Next reminder');

  await page.getByTestId('expected-visits-search').fill(last);
  const mine = row(page, last);
  await expect(mine.getByTestId('expected-visit-stage')).toHaveText('Awaiting admin approval (compliance failed)');
  await expect(mine.getByTestId('expected-visit-approve')).toBeVisible();
  await expect(mine.getByTestId('expected-visit-compliance-mails')).toContainText('Link sent');
  await screenshot(page, 'expected-visitors-compliance-failed-en');

  try {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('expected-visits-search').fill(last);
    await expect(mine.getByTestId('expected-visit-stage')).toHaveText('بانتظار موافقة المسؤول (فشل الامتثال)');
    await expect(mine.getByTestId('expected-visit-compliance-mails')).toContainText('أُرسل الرابط');
    await screenshot(page, 'expected-visitors-compliance-failed-ar');
  } finally {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  }
});

/** Ada Acme's person id in the company (hosts are people, not logins). */
async function adminPersonId(): Promise<string> {
  const found = await call<{ data: { id: string }[] }>('post', '/expected-visits/hosts/search', { query: 'Ada Acme' });
  return found.data[0]!.id;
}
