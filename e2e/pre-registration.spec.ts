import { request, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { expectAccessible } from './fixtures/a11y';
import { screenPath } from './fixtures/screens';
import { loadWorld } from './fixtures/world';
import { waitForMail } from './fixtures/mail';
import { fillRegistration, openPhone, PHONE } from './fixtures/visitor-phone';

// The public visitor pages on a phone: a visitor opens a user type's self-registration link (/e/<qr>),
// registers a visit with a host, gets the visit's QR, answers the journey's question compliance online,
// and after the admin deletes the visit both of its links say so. The site, type, journey and
// compliance are this run's own.
const suffix = Math.random().toString(36).slice(2, 8);
const DESKTOP = { width: 1280, height: 900 };
const END = 'Please contact the system admin for further details.';

type Seeded = {
  api: Awaited<ReturnType<typeof adminApi>>;
  qr: string;
  complianceId: string;
  /** The right answer of each question (the visitor picks these). */
  rightAnswers: string[];
  wrongAnswer: string;
  host: { first: string; last: string; full: string };
  /** A type whose self-registrations wait for approval (an admin's visits of it do not). */
  guestsType: string;
  /** Custom-field sections: one bound to the visitors' type (with a custom "Employer"), one to staff. */
  sections: { visitors: string; staff: string };
  /** An expected visit as the admin adds it; answers the token of its confirmation link. */
  expectVisitor: (firstName: string, typeId?: string) => Promise<string>;
  cleanUp: () => Promise<void>;
};

async function adminApi(baseURL: string) {
  const admin = loadWorld().people.acmeAdmin;
  const context: APIRequestContext = await request.newContext({ baseURL });
  const login = await context.post('/api/v1/auth/login', { data: { email: admin.email, password: admin.password } });
  if (!login.ok()) throw new Error(`API sign-in failed: ${login.status()}`);
  const headers = {
    'x-csrf-token': (await context.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '',
  };
  const check = async (res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    if (!res.ok()) throw new Error(`${res.url()} answered ${res.status()}: ${await res.text()}`);
    return (res.status() === 204 ? null : await res.json()) as Record<string, unknown> & { id: string };
  };
  return {
    context,
    get: async (url: string) => check(await context.get(`/api/v1${url}`)),
    post: async (url: string, data: unknown) => check(await context.post(`/api/v1${url}`, { data, headers })),
    put: async (url: string, data: unknown) => check(await context.put(`/api/v1${url}`, { data, headers })),
    delete: async (url: string) => check(await context.delete(`/api/v1${url}`, { headers })),
  };
}

async function seed(baseURL: string): Promise<Seeded> {
  const world = loadWorld();
  const api = await adminApi(baseURL);
  const site = await api.post('/sites', { name: `E2E Pre-reg HQ ${suffix}` });
  const area = await api.post('/areas', { site_id: site.id, name: `Reception ${suffix}` });
  const type = await api.post('/user-types', {
    name: `E2E Visitors ${suffix}`,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  const compliance = (await api.post('/compliances', {
    name: `Health questions ${suffix}`,
    format: 'question',
    frequency: 'daily',
    content: {
      questions: [
        {
          question: 'Do you have a fever today?',
          answers: [
            { answer: 'Yes', correct: false },
            { answer: 'No', correct: true },
          ],
        },
        {
          question: 'Have you been told to self-isolate?',
          answers: [
            { answer: 'Yes', correct: false },
            { answer: 'No', correct: true },
          ],
        },
      ],
    },
  })) as unknown as {
    id: string;
    content: { questions: { answers: { id: string; correct: boolean }[] }[] };
  };
  const journey = await api.post('/journeys', { name: `E2E Pre-reg journey ${suffix}`, site_ids: [site.id] });
  const host = { first: 'Hannah', last: `Host${suffix}` };
  const staff = await api.post('/user-types', {
    name: `E2E Staff ${suffix}`,
    registration_method: 'registration_not_required',
    grace_period_minutes: 30,
  });
  const hostPerson = await api.post('/people', {
    first_name: host.first,
    last_name: host.last,
    email: `hannah.${suffix}@acme.test`,
    role_id: world.companies.acme.roles.employee,
    site_ids: [site.id],
    user_type_ids: [staff.id],
  });
  const guests = await api.post('/user-types', {
    name: `E2E Guests ${suffix}`,
    registration_method: 'pre_registered_with_approval',
    grace_period_minutes: 30,
  });
  // What the public form asks besides the visitor's own fields: per user type.
  const visitorSection = await api.post('/custom-field-sections', {
    name: `E2E Visitor details ${suffix}`,
    user_type_ids: [type.id],
  });
  const staffSection = await api.post('/custom-field-sections', {
    name: `E2E Staff ${suffix}`,
    user_type_ids: [staff.id],
  });
  for (const [sectionId, name] of [
    [visitorSection.id, 'Vehicle plate'],
    [visitorSection.id, 'Employer'],
    [staffSection.id, 'T-shirt size'],
    [staffSection.id, 'Parking bay'],
  ]) {
    await api.post('/custom-fields', { section_id: sectionId, name, type: 'text', binding: 'profile' });
  }
  await api.post(`/journeys/${journey.id}/flows`, {
    user_type_ids: [type.id, guests.id],
    checks: { host: true },
    host_note: 'Who are you visiting today?',
    host_ids: [hostPerson.id],
    compliances: [{ id: compliance.id }],
  });
  const qrUrl = (await api.get(`/user-types/${type.id}/qr`)).url as string;
  const questions = compliance.content.questions;
  return {
    api,
    qr: qrUrl.split('/').pop()!,
    complianceId: compliance.id,
    rightAnswers: questions.map((q) => q.answers.find((a) => a.correct)!.id),
    wrongAnswer: questions[0]!.answers.find((a) => !a.correct)!.id,
    host: { ...host, full: `${host.first} ${host.last}` },
    guestsType: guests.id,
    sections: { visitors: visitorSection.id, staff: staffSection.id },
    expectVisitor: async (firstName, typeId = type.id) => {
      const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
      const created = (await api.post('/expected-visits', {
        visitor: {
          first_name: firstName,
          last_name: `Guest ${suffix}`,
          email: `${firstName.toLowerCase()}.${suffix}@example.test`,
          phone_code: '971',
          phone: `5${Date.now().toString().slice(-8)}`,
          company_name: 'Contoso',
        },
        user_type_id: typeId,
        site_id: site.id,
        area_id: area.id,
        visit_date: tomorrow,
        visit_time: '10:00',
        host_ids: [hostPerson.id],
      })) as unknown as { data: { link_url: string } };
      return created.data.link_url.split('/').pop()!;
    },
    cleanUp: async () => {
      // Best effort: the visits made here keep their person and type.
      for (const url of [
        `/journeys/${journey.id}`,
        `/compliances/${compliance.id}`,
        `/people/${hostPerson.id}`,
        `/custom-field-sections/${visitorSection.id}`,
        `/custom-field-sections/${staffSection.id}`,
      ]) {
        await api.delete(url).catch(() => undefined);
      }
      await api.context.dispose();
    },
  };
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: screenPath(name), fullPage: true, animations: 'disabled' });

/** Fills the self-registration form as a visitor with this email, choosing the seeded host. */
const register = (page: Page, s: Seeded, email: string, names: [string, string], typeMore: RegExp) =>
  fillRegistration(page, { names, email, host: s.host, typeMore });

let seeded: Seeded;
test.beforeAll(async ({ baseURL }) => {
  seeded = await seed(baseURL ?? loadWorld().baseURL);
});
test.afterAll(async () => seeded?.cleanUp());

test('pre-registration: a visitor registers on a phone, gets the QR, answers the compliance; a deleted visit’s links expire', async ({
  browser,
  baseURL,
}) => {
  const s = seeded;
  const phone = await openPhone(browser, baseURL!, 'en');
  const page = phone.page;

  // /e/<qr> opens the self-registration with add_visitor.
  await page.goto(`/e/${s.qr}`);
  await expect(page).toHaveURL(new RegExp(`/pre-registration/${s.qr}\\?add_visitor=true$`));
  await expect(page.getByTestId('public-company')).toHaveText('Acme Cloud');
  await expect(page.getByTestId('pre-registration-type-name')).toHaveText(`E2E Visitors ${suffix}`);
  await expect(page.getByTestId('pre-registration-place')).toHaveText(`E2E Pre-reg HQ ${suffix} › Reception ${suffix}`);

  // Sending it empty names what is missing, in the browser.
  await page.getByTestId('pre-registration-submit').click();
  await expect(page.getByText('First name is required.')).toBeVisible();

  // Only the sections of this user type, and one field per label: a custom field may not be named like
  // the built-in company field (the server refuses it), so the section asks "Employer" beside it.
  await expect(page.getByTestId(`pre-registration-section-${s.sections.visitors}`)).toContainText('Vehicle plate');
  await expect(page.getByTestId(`pre-registration-section-${s.sections.visitors}`)).toContainText('Employer');
  await expect(page.getByTestId(`pre-registration-section-${s.sections.staff}`)).toHaveCount(0);
  await expect(page.getByText('T-shirt size')).toHaveCount(0);
  await expect(page.locator('label').filter({ hasText: /^Company( \*)?$/ })).toHaveCount(1);

  const email = `vera.${suffix}@example.test`;
  await register(page, s, email, ['Vera', `Visitor ${suffix}`], /at least two letters/);
  await shot(page, 'pre-registration-form-en-390');
  await page.getByTestId('pre-registration-submit').click();

  // The success page: the visit's QR and what happens next, at the visit's own address; a reload still
  // shows it, and so does the link of the confirmation email on another device.
  await expect(page).toHaveURL(/\/pre-registration\/[\w-]+\/success\?add_visitor=true$/);
  await expect(page.getByTestId('success-title')).toHaveText('Your visit is registered');
  await expect(page.getByTestId('success-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  const code = (await page.getByTestId('success-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{4,}$/);
  await page.reload();
  await expect(page.getByTestId('success-code')).toHaveText(code);
  await expect(page.getByTestId('success-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await shot(page, 'pre-registration-success-en-390');
  const mail = await waitForMail(email, /^Your visit to Acme Cloud$/);
  expect(mail.text).toContain(`Your visit code: ${code}`);
  const passLink = /https?:\/\/\S+\/pre-registration\/[\w-]+\/success/.exec(mail.text)![0];
  expect(new URL(passLink).pathname).toBe(new URL(page.url()).pathname);
  const otherDevice = await openPhone(browser, baseURL!, 'en');
  await otherDevice.page.goto(new URL(passLink).pathname);
  await expect(otherDevice.page.getByTestId('success-code')).toHaveText(code);
  await expect(otherDevice.page.getByTestId('success-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(otherDevice.page.getByTestId('success-place')).toHaveText(
    `E2E Pre-reg HQ ${suffix} › Reception ${suffix}`,
  );
  await otherDevice.close();

  // The online compliance: questions, the answer-status rule live, answers saved as success.
  await page.getByTestId('success-compliance-link').click();
  await expect(page).toHaveURL(/\/online-compliance\/[\w-]+$/);
  const token = new URL(page.url()).pathname.split('/').pop()!;
  const item = page.getByTestId(`compliance-item-${s.complianceId}`);
  await expect(item).toContainText('Do you have a fever today?');
  await page.getByTestId(`compliance-notes-${s.complianceId}`).fill('Short note');
  await expect(page.getByTestId(`compliance-live-${s.complianceId}`)).toHaveText(
    'A wrong answer would count as: Failed',
  );
  await page.getByTestId(`compliance-notes-${s.complianceId}`).fill('A note long enough to justify it');
  await expect(page.getByTestId(`compliance-live-${s.complianceId}`)).toHaveText(
    'A wrong answer would count as: Justified',
  );
  await page.getByTestId(`compliance-notes-${s.complianceId}`).fill('');
  await page.getByTestId('compliance-submit').click();
  await expect(page.getByTestId('compliance-missing')).toContainText(`Health questions ${suffix}`);
  for (const answer of s.rightAnswers) await page.getByTestId(`compliance-answer-${answer}`).check();
  await page.getByTestId('compliance-submit').click();
  await expect(page.getByTestId(`compliance-status-${s.complianceId}`)).toHaveText('Success');
  await expect(page.getByTestId('compliance-all-done')).toBeVisible();
  await shot(page, 'online-compliance-en-390');

  // The admin deletes the visit: both of its links now say so, in the spec's words.
  const visit = (await (await s.api.context.get(`/api/v1/public/visits/${token}?mode=compliance`)).json()) as {
    visitId: string;
  };
  await s.api.delete(`/expected-visits/${visit.visitId}`);
  await page.goto(`/online-compliance/${token}`);
  await expect(page).toHaveURL(/\/link-expired\?/);
  await expect(page.getByTestId('link-expired-message')).toHaveText(
    `Your compliance link has expired because your visit has been deleted. ${END}`,
  );
  await page.goto(`/pre-registration/${token}`);
  await expect(page.getByTestId('link-expired-message')).toHaveText(
    `Your confirmation link has expired because your visit has been deleted. ${END}`,
  );
  await shot(page, 'link-expired-en-390');
  // The visit's pass says so too, and shows no QR.
  await page.goto(new URL(passLink).pathname);
  await expect(page.getByTestId('success-ended-message')).toHaveText(
    `Your visit has been deleted, so its QR code cannot be used. ${END}`,
  );
  await expect(page.getByTestId('success-qr')).toHaveCount(0);
  await shot(page, 'pre-registration-pass-ended-en-390');
  await phone.close();
});

test('pre-registration: a visit that needs no approval says it is registered, as the admin list does', async ({
  browser,
  baseURL,
}) => {
  const s = seeded;
  // An admin added it: it needs no approval, though the type's self-registrations do.
  const token = await s.expectVisitor('Greta', s.guestsType);
  const phone = await openPhone(browser, baseURL!, 'en');
  const page = phone.page;
  await page.goto(`/pre-registration/${token}`);
  await page.getByTestId('confirm-visit-submit').click();
  await expect(page).toHaveURL(new RegExp(`/pre-registration/${token}/success\\?add_visitor=true$`));
  await expect(page.getByTestId('success-title')).toHaveText('Your visit is registered');
  await expect(page.getByTestId('success-next')).not.toContainText('approved');
  await page.reload();
  await expect(page.getByTestId('success-title')).toHaveText('Your visit is registered');
  await phone.close();
});

test('pre-registration: the form and its pages in Arabic on a phone, and on a desktop', async ({
  browser,
  baseURL,
}) => {
  const s = seeded;
  const phone = await openPhone(browser, baseURL!, 'ar');
  const page = phone.page;

  // A visit the admin added: its confirmation link shows it with the visitor's details, and confirms it.
  const token = await s.expectVisitor('Omar');
  await page.goto(`/pre-registration/${token}`);
  await expect(page.getByTestId('confirm-visit-form')).toBeVisible();
  await expect(page.getByTestId('visit-summary-when')).toContainText('10:00');
  await expect(page.getByTestId('visit-summary-host')).toHaveText(s.host.full);
  await expect(page.getByTestId('pre-registration-first-name')).toHaveValue('Omar');
  await shot(page, 'pre-registration-confirm-ar-390');
  await page.getByTestId('confirm-visit-submit').click();
  await expect(page).toHaveURL(new RegExp(`/pre-registration/${token}/success\\?add_visitor=true$`));
  await expect(page.getByTestId('success-code')).toBeVisible();

  await page.goto(`/pre-registration/${s.qr}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('سجّل زيارتك');
  await page.getByTestId('pre-registration-submit').click();
  await expect(page.getByText('الاسم الأول مطلوب.').first()).toBeVisible();
  await shot(page, 'pre-registration-form-ar-390-errors');

  await register(page, s, `nour.${suffix}@example.test`, ['نور', `زائر ${suffix}`], /حرفين على الأقل/);
  await shot(page, 'pre-registration-form-ar-390');
  await page.getByTestId('pre-registration-submit').click();
  await expect(page.getByTestId('success-title')).toHaveText('تم تسجيل زيارتك');
  await shot(page, 'pre-registration-success-ar-390');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'pre-registration-success-ar-desktop');
  await page.setViewportSize(PHONE);

  await page.getByTestId('success-compliance-link').click();
  await expect(page.getByTestId(`compliance-item-${s.complianceId}`)).toBeVisible();
  await page.getByTestId(`compliance-answer-${s.wrongAnswer}`).check();
  await page.getByTestId(`compliance-notes-${s.complianceId}`).fill('ملاحظة');
  await expect(page.getByTestId(`compliance-live-${s.complianceId}`)).toHaveAttribute('data-status', 'failed');
  await shot(page, 'online-compliance-ar-390');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'online-compliance-ar-desktop');
  await phone.close();

  // The English form at desktop width.
  const desktop = await openPhone(browser, baseURL!, 'en');
  await desktop.page.setViewportSize(DESKTOP);
  await desktop.page.goto(`/pre-registration/${s.qr}`);
  await expect(desktop.page.getByTestId('pre-registration-form')).toBeVisible();
  await shot(desktop.page, 'pre-registration-form-en-desktop');
  await desktop.close();
});

test('pre-registration: the visitor agrees to face sign-in on their pass and withdraws it, in English and Arabic', async ({
  browser,
  baseURL,
}) => {
  const s = seeded;
  await s.api.put('/face-settings', { enabled: true });
  try {
    for (const lang of ['en', 'ar'] as const) {
      const token = await s.expectVisitor(lang === 'en' ? 'Farah' : 'Fadi');
      const phone = await openPhone(browser, baseURL!, lang);
      const page = phone.page;
      await page.goto(`/pre-registration/${token}/success`);
      await expect(page.getByTestId('face-consent')).toBeVisible();
      await expect(page.getByTestId('face-consent')).toContainText(lang === 'en' ? '128 numbers' : '128 رقمًا');
      await expectAccessible(page, `face consent ${lang}`);
      await shot(page, `pre-registration-face-consent-${lang}-390`);
      await page.getByTestId('face-consent-give').click();
      // Without a profile photo the face ID waits for one.
      await expect(page.getByTestId('face-consent-given')).toContainText(
        lang === 'en' ? 'Your face ID will be made once you have a profile photo.' : 'صورة شخصية',
      );
      await expectAccessible(page, `face consent given ${lang}`);
      await page.reload();
      await expect(page.getByTestId('face-consent-given')).toBeVisible();
      await page.getByTestId('face-consent-withdraw').click();
      await expect(page.getByTestId('face-consent-give')).toBeVisible();
      await phone.close();
    }
  } finally {
    await s.api.put('/face-settings', { enabled: false });
  }
});
