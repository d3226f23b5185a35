import { request, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { screenPath } from './fixtures/screens';
import type { World } from './fixtures/world';

/**
 * A place, a user type, a host and a visitor in Acme, and a journey whose flow for the type asks a
 * compliance question, takes the temperature (limit 37.5 °C) and asks for one of its hosts: all made
 * through the API as an admin would.
 */
async function seedFlow(baseURL: string, world: World, tag: string) {
  const admin = world.people.acmeAdmin;
  const context = await request.newContext({ baseURL });
  const login = await context.post('/api/v1/auth/login', { data: { email: admin.email, password: admin.password } });
  expect(login.ok()).toBe(true);
  const csrf = (await context.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '';
  const post = async <T = { id: string }>(url: string, data: unknown) => {
    const res = await context.post(`/api/v1${url}`, { data, headers: { 'x-csrf-token': csrf } });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  const site = await post('/sites', { name: `Sign-in HQ ${tag}` });
  const area = `Front desk ${tag}`;
  await post('/areas', { site_id: site.id, name: area });
  const type = await post('/user-types', {
    name: `Sign-in visitors ${tag}`,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  const person = (first: string, last: string) =>
    post('/people', {
      first_name: first,
      last_name: last,
      role_id: world.companies.acme.roles.employee,
      site_ids: [site.id],
      user_type_ids: [type.id],
    });
  const host = await person('Hana', `Host ${tag}`);
  await person('Vic', `Visitor ${tag}`);
  await person('Uma', `Visitor ${tag}`);
  const compliance = await post('/compliances', {
    name: `Health check ${tag}`,
    format: 'question',
    frequency: 'every_time',
    content: {
      questions: [
        {
          question: 'Do you have a fever?',
          answers: [
            { answer: 'Yes', correct: false },
            { answer: 'No', correct: true },
          ],
        },
      ],
    },
  });
  const journey = await post('/journeys', { name: `Sign-in journey ${tag}`, site_ids: [site.id] });
  await post(`/journeys/${journey.id}/flows`, {
    user_type_ids: [type.id],
    checks: { temperature_check: true, temperature_threshold: 37.5, host: true, select_host_permitted: true },
    compliances: [{ id: compliance.id }],
    host_ids: [host.id],
    host_note: 'Who are you meeting?',
  });
  await context.dispose();
  return {
    area,
    visitor: `Vic Visitor ${tag}`,
    second: `Uma Visitor ${tag}`,
    host: `Hana Host ${tag}`,
    compliance: `Health check ${tag}`,
  };
}

/** Opens the quick sign-in and runs it up to the person's flow. */
async function openFlow(page: Page, person: string, area: string, screenshot?: string) {
  await page.getByTestId('quick-sign-in').click();
  await expect(page.getByTestId('quick-sign-in-choose')).toBeVisible();
  await page.getByTestId('quick-sign-in-person').fill(person);
  await page.getByRole('option', { name: person }).click();
  await chooseArea(page, 'quick-sign-in-area', area);
  if (screenshot) await page.screenshot({ path: screenPath(screenshot) });
  await page.getByTestId('quick-sign-in-next').click();
  await expect(page.getByTestId('sign-in-flow')).toBeVisible();
}

async function chooseArea(page: Page, testId: string, area: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: area }).click();
}

// Tall enough to show the whole flow form in the screenshots.
test.use({ viewport: { width: 1280, height: 1000 } });

test('quick sign-in (by an employee) runs the journey flow, refuses a failed answer and a fever without a reason, and the mass action signs out', async ({
  page,
  loginAs,
  world,
  baseURL,
}) => {
  // The flow's three checks, then the logbook: longer than one screen's test.
  test.slow();
  const tag = Date.now().toString(36);
  const seed = await seedFlow(baseURL!, world, tag);
  // An employee at the front desk: the dashboard is theirs (spec §2), Users and Sites are not.
  await loginAs('acmeEmployee');
  await page.goto('/');
  await expect(page.getByTestId('visits-dashboard')).toBeVisible();

  await openFlow(page, seed.visitor, seed.area, 'sign-in-quick-choose-en');
  const flow = page.getByTestId('flow-person');
  const compliance = flow.getByTestId('flow-compliance');
  await expect(compliance).toContainText('Do you have a fever?');
  // The only listed host is chosen from the start.
  await expect(flow).toContainText(seed.host);

  // A wrong answer with short notes fails the policy (spec §4), and nothing is sent.
  await compliance.getByRole('radio', { name: 'Yes' }).check();
  await expect(compliance.getByTestId('flow-compliance-status')).toHaveText('Failed');
  await compliance.getByTestId('flow-compliance-notes').fill('Hay fever');
  await page.getByTestId('flow-submit').click();
  await expect(page.getByTestId('flow-issues')).toBeVisible();
  await expect(compliance.getByTestId('flow-compliance-error')).toHaveText(
    `The answer to "${seed.compliance}" fails the policy: add notes of at least 20 characters to justify it.`,
  );
  // Notes of 20 characters or more justify it.
  await compliance.getByTestId('flow-compliance-notes').fill('Hay fever, seen by the nurse today');
  await expect(compliance.getByTestId('flow-compliance-status')).toHaveText('Justified');

  // Above the limit, an override reason of at least 20 characters is needed.
  await expect(page.getByTestId('flow-temperature')).toHaveValue('36');
  await page.getByTestId('flow-temperature').fill('38.4');
  await expect(page.getByTestId('flow-temperature-hint')).toContainText('above the limit of 37.5 °C');
  await page.getByTestId('flow-submit').click();
  await expect(flow.getByText('The temperature 38.4 °C is above the limit of 37.5 °C')).toBeVisible();
  await page.screenshot({ path: screenPath('sign-in-flow-en') });
  await page.getByTestId('flow-override-reason').fill('Just walked up the stairs from the car park');
  await page.getByTestId('flow-submit').click();

  await expect(page.getByText('Signed in: 1')).toBeVisible();
  await expect(page.getByTestId('sign-in-flow')).toHaveCount(0);
  await page.getByTestId('logbook-search').fill(seed.visitor);
  const row = page.locator(`[data-testid="logbook-row"][data-name="${seed.visitor}"]`);
  await expect(row).toHaveAttribute('data-state', 'on_site');

  // The mass action signs the selected row out, after a confirmation.
  await row.getByTestId('logbook-select-row').check();
  await page.getByTestId('mass-sign-out').click();
  await expect(page.getByTestId('sign-out-confirm')).toContainText(seed.visitor);
  await page.screenshot({ path: screenPath('sign-in-mass-sign-out-en') });
  await page.getByTestId('sign-out-confirm-button').click();
  await expect(page.getByText('Signed out: 1')).toBeVisible();
  await expect(row).toHaveAttribute('data-state', 'left');
});

test('the mass sign-in page signs several people in together at one area, in Arabic', async ({
  page,
  loginAs,
  world,
  baseURL,
}) => {
  const tag = Date.now().toString(36);
  const seed = await seedFlow(baseURL!, world, tag);
  // Arabic from the first page: right to left throughout.
  await page.addInitScript("window.localStorage.setItem('language', 'ar')");
  await loginAs('acmeAdmin');
  await page.goto('/multiple-signin');
  await expect(page.getByTestId('multiple-sign-in-page')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('multiple-sign-in-search').fill(`Visitor ${tag}`);
  const row = (name: string) => page.locator(`[data-testid="multiple-sign-in-row"][data-name="${name}"]`);
  await expect(page.getByTestId('multiple-sign-in-row')).toHaveCount(2);

  // People first: the area is asked for before the flow opens.
  await row(seed.visitor).getByTestId('multiple-sign-in-select-row').check();
  await row(seed.second).getByTestId('multiple-sign-in-select-row').check();
  await page.getByTestId('multiple-sign-in-start').click();
  await expect(page.getByText('اختر المنطقة أولًا.')).toBeVisible();
  await chooseArea(page, 'multiple-sign-in-area', seed.area);
  await page.getByTestId('multiple-sign-in-start').click();

  const person = (name: string) => page.locator(`[data-testid="flow-person"][data-person="${name}"]`);
  await expect(page.getByTestId('flow-person')).toHaveCount(2);
  await person(seed.visitor).getByRole('radio', { name: 'No' }).check();
  await person(seed.second).getByRole('radio', { name: 'Yes' }).check();
  await person(seed.second).getByTestId('flow-temperature').fill('100.2');
  await expect(person(seed.second).getByTestId('flow-override-reason')).toBeVisible();
  await expect(page.getByTestId('flow-compliance-status')).toHaveText(['ناجح', 'فاشل']);
  await page.screenshot({ path: screenPath('sign-in-multiple-flow-ar') });

  // Both are signed in together once the second's answer is justified and the fever explained.
  await person(seed.second).getByTestId('flow-compliance-notes').fill('حساسية موسمية، فحصها الممرض اليوم');
  await person(seed.second).getByTestId('flow-override-reason').fill('صعد الدرج للتو من موقف السيارات');
  await page.getByTestId('flow-submit').click();
  await expect(page.getByText('تم تسجيل الدخول: 2')).toBeVisible();
  await expect(page.getByTestId('sign-in-flow')).toHaveCount(0);
});
