import { request, type Page } from '@playwright/test';
import { expectGridMirrored } from './fixtures/grid';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import type { WorldPerson } from './fixtures/world';

const row = (page: Page, name: string) => page.locator(`[data-testid="compliances-row"][data-name="${name}"]`);

/** Toasts close themselves after a few seconds; screenshots are taken without them, from the top. */
async function screenshot(page: Page, name: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: screenPath(name), animations: 'disabled', fullPage: true });
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function startNew(page: Page, name: string, format: 'question' | 'agreement' | 'statement' | 'vaccine') {
  await page.getByTestId('compliances-add').click();
  await expect(page).toHaveURL(/\/compliance-new$/);
  await page.getByTestId('compliance-name-input').fill(name);
  await page.getByTestId(`compliance-format-${format}`).click();
}

async function save(page: Page, toast: string) {
  await page.getByTestId('compliance-save').click();
  await expect(page).toHaveURL(/\/compliances$/);
  await expect(page.getByText(toast, { exact: true }).last()).toBeVisible();
}

/** A small but real PDF, as an admin would upload an agreement. */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** Records a person's answers through the API, as the sign-in at a kiosk or desk will. */
async function answerAs(baseURL: string, admin: WorldPerson, personEmail: string, complianceName: string) {
  const api = await request.newContext({ baseURL });
  try {
    await api.post('/api/v1/auth/login', { data: { email: admin.email, password: admin.password } });
    const csrf = (await api.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '';
    const people = await (await api.get(`/api/v1/people?search=${encodeURIComponent(personEmail)}`)).json();
    const list = await (await api.get(`/api/v1/compliances?search=${encodeURIComponent(complianceName)}`)).json();
    const compliance = await (await api.get(`/api/v1/compliances/${list.data[0].id}`)).json();
    const answers = compliance.content.questions.map(
      (q: { id: string; answers: { id: string; correct: boolean }[] }) => ({
        question_id: q.id,
        answer_id: q.answers.find((a) => a.correct)!.id,
      }),
    );
    const res = await api.post(`/api/v1/people/${people.data[0].id}/compliance-responses`, {
      data: { responses: [{ compliance_id: compliance.id, answers }] },
      headers: { 'x-csrf-token': csrf },
    });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    await api.dispose();
  }
}

test('an admin creates each kind of compliance, edits one to a new version, and deletes one', async ({
  page,
  loginAs,
  world,
  baseURL,
}) => {
  // Five compliances through the browser, an edit and a delete: many page loads on a busy machine.
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await loginAs('acmeAdmin');
  await page.goto('/compliances');
  await expect(page.getByTestId('compliances-page')).toBeVisible();

  // A question: refused without a correct answer, then saved with two questions.
  await startNew(page, 'E2E Health declaration', 'question');
  await page.getByTestId('question-0-text').fill('Do you have a fever or a cough today?');
  await page.getByTestId('question-0-answer-0').fill('Yes');
  await page.getByTestId('question-0-answer-1').fill('No');
  await page.getByTestId('question-0-answer-0-correct').uncheck();
  await page.getByTestId('compliance-save').click();
  await expect(page.getByTestId('question-0-answers-error')).toHaveText('Mark at least one answer as correct.');
  await expect(page).toHaveURL(/\/compliance-new$/);
  await page.getByTestId('question-0-answer-1-correct').check();
  await expect(page.getByTestId('question-0-answers-error')).toHaveCount(0);
  await page.getByTestId('question-add').click();
  await page.getByTestId('question-1-text').fill('Have you been told to stay at home?');
  await page.getByTestId('question-1-answer-0').fill('No');
  await page.getByTestId('question-1-answer-1').fill('Yes');
  await choose(page, 'compliance-frequency-input', 'Daily');
  // The preview asks what people will be asked.
  const preview = page.getByTestId('compliance-preview');
  await expect(preview.getByRole('heading', { name: 'E2E Health declaration' })).toBeVisible();
  await expect(preview.getByText('Have you been told to stay at home?')).toBeVisible();
  await expect(preview.getByText('Asked: Daily')).toBeVisible();
  // Trying answers in the preview shows the status the server would record (spec §4).
  await preview.getByTestId('preview-q0-a1').check();
  await preview.getByTestId('preview-q1-a0').check();
  await expect(preview.getByTestId('preview-status')).toContainText('Success');
  await preview.getByTestId('preview-q0-a0').check();
  await expect(preview.getByTestId('preview-status')).toContainText('Failed');
  await preview.getByTestId('preview-notes').fill('Hay fever only');
  await expect(preview.getByTestId('preview-status')).toContainText('Failed');
  await preview.getByTestId('preview-notes').fill('Hay fever, seen by the nurse');
  await expect(preview.getByTestId('preview-status')).toContainText('Justified');
  await screenshot(page, 'compliance-question-form-en');
  await save(page, 'Compliance created');

  // An agreement as text.
  await startNew(page, 'E2E Non-disclosure agreement', 'agreement');
  await page.getByTestId('compliance-save').click();
  await expect(page.getByText('Agreement text is required.')).toBeVisible();
  await page.getByTestId('agreement-text').fill('I will keep everything I see and hear on site confidential.');
  await choose(page, 'compliance-frequency-input', 'Once');
  await save(page, 'Compliance created');

  // An agreement as a file: uploaded and checked by the server, named in the form and the preview.
  await startNew(page, 'E2E Visitor rules (PDF)', 'agreement');
  await page.getByTestId('agreement-kind').getByText('PDF or image').click();
  await page.getByTestId('compliance-save').click();
  await expect(page.getByText('Upload the agreement as a PDF or an image.')).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'hello.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
  await expect(page.getByText('The file must be a PDF, PNG or JPG.')).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Visitor rules.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByTestId('agreement-file-name')).toHaveText('Visitor rules.pdf');
  await expect(preview.getByText('Visitor rules.pdf')).toBeVisible();
  await save(page, 'Compliance created');

  // A statement, asked every time.
  await startNew(page, 'E2E PPE statement', 'statement');
  await page.getByTestId('statement-text').fill('I will wear the protective equipment each area requires.');
  await save(page, 'Compliance created');

  // Vaccine / PCR, valid until expiry: validation days are required.
  await startNew(page, 'E2E COVID-19 vaccination or PCR', 'vaccine');
  await page.getByTestId('compliance-save').click();
  await expect(page.getByText('Choose at least one vaccine to accept, or accept negative PCR tests.')).toBeVisible();
  await page.getByTestId('vaccine-protocol-comirnaty').check();
  await page.getByTestId('vaccine-protocol-spikevax').check();
  await page.getByTestId('vaccine-accept-pcr').check();
  await page.getByTestId('vaccine-pcr-days').fill('3');
  await choose(page, 'compliance-frequency-input', 'Valid until expiry');
  await page.getByTestId('compliance-save').click();
  await expect(page.getByText('Validation days are required when answers are valid until expiry.')).toBeVisible();
  await page.getByTestId('compliance-validity-days').fill('180');
  // Reminders under 30 minutes apart and a link sent under 5 minutes before stay as typed and are
  // refused, naming each field.
  await page.getByTestId('compliance-reminder').fill('20');
  await page.getByTestId('compliance-reminder').blur();
  await expect(page.getByTestId('compliance-reminder')).toHaveValue('20');
  await page.getByTestId('compliance-send-before').fill('2');
  await page.getByTestId('compliance-send-before').blur();
  await expect(page.getByTestId('compliance-send-before')).toHaveValue('2');
  await page.getByTestId('compliance-save').click();
  await expect(page.getByText('Reminder interval must be at least 30.', { exact: true })).toBeVisible();
  await expect(page.getByText('Send before the visit must be at least 5.', { exact: true })).toBeVisible();
  await page.getByTestId('compliance-reminder').fill('60');
  await page.getByTestId('compliance-send-before').fill('5');
  await expect(preview.getByText('Or a negative PCR test taken within the last 3 days.')).toBeVisible();
  await screenshot(page, 'compliance-vaccine-form-en');
  await save(page, 'Compliance created');

  // All five are listed; the format filter narrows the list.
  await page.getByTestId('compliances-search').fill('E2E');
  await expect(page.getByTestId('compliances-row')).toHaveCount(5);
  await expect(row(page, 'E2E Health declaration').getByTestId('compliance-format')).toHaveText('Question');
  await expect(row(page, 'E2E Health declaration').getByTestId('compliance-frequency')).toHaveText('Daily');
  await expect(row(page, 'E2E COVID-19 vaccination or PCR').getByTestId('compliance-frequency')).toHaveText(
    'Valid until expiry (180 days)',
  );
  await expect(row(page, 'E2E Health declaration').getByTestId('compliance-version')).toHaveText('v1');
  await choose(page, 'compliances-filter-format', 'Agreement');
  await expect(page.getByTestId('compliances-row')).toHaveCount(2);
  await expect(row(page, 'E2E Visitor rules (PDF)')).toBeVisible();
  await screenshot(page, 'compliances-filtered-en');
  // Choosing the chosen format again clears the filter.
  await choose(page, 'compliances-filter-format', 'Agreement');
  await expect(page.getByTestId('compliances-row')).toHaveCount(5);
  await screenshot(page, 'compliances-en');

  // Edit: a changed question makes version 2.
  await row(page, 'E2E Health declaration').getByTestId('compliance-edit').click();
  await expect(page).toHaveURL(/\/compliance\/update\//);
  await expect(page.getByTestId('compliance-form-version')).toHaveText('v1');
  await expect(page.getByTestId('compliance-answered')).toHaveCount(0);
  await page.getByTestId('question-0-text').fill('Do you have a fever, a cough or a sore throat today?');
  await save(page, 'Compliance updated: now version 2');
  await expect(row(page, 'E2E Health declaration').getByTestId('compliance-version')).toHaveText('v2');

  // Once answered, the form says the answers keep their version and the format is fixed.
  await answerAs(baseURL!, world.people.acmeAdmin, world.people.acmeEmployee.email, 'E2E Health declaration');
  await page.reload();
  await row(page, 'E2E Health declaration').getByTestId('compliance-edit').click();
  await expect(page.getByTestId('compliance-answered')).toContainText(
    '1 person has answered version 2. Saving a change creates version 3; existing answers keep version 2.',
  );
  await expect(page.getByTestId('compliance-format-statement')).toBeDisabled();
  await expect(page.getByText('The format cannot change once people have answered.')).toBeVisible();
  await screenshot(page, 'compliance-answered-en');
  await page.getByTestId('question-1-answer-add').click();
  await page.getByTestId('question-1-answer-2').fill('Not sure');
  await save(page, 'Compliance updated: now version 3');
  await expect(row(page, 'E2E Health declaration').getByTestId('compliance-version')).toHaveText('v3');

  // Delete asks first, then says "Compliance Deleted".
  await row(page, 'E2E PPE statement').getByTestId('compliance-delete').click();
  await expect(page.getByRole('dialog')).toContainText('Delete “E2E PPE statement”?');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, 'E2E PPE statement')).toBeVisible();
  await row(page, 'E2E PPE statement').getByTestId('compliance-delete').click();
  await page.getByTestId('compliance-delete-confirm').click();
  await expect(page.getByText('Compliance Deleted', { exact: true })).toBeVisible();
  await expect(row(page, 'E2E PPE statement')).toHaveCount(0);
  await expect(page.getByTestId('compliances-row')).toHaveCount(4);
});

test('the compliance screens in Arabic, mirrored', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await loginAs('acmeAdmin');
  await page.goto('/compliances');
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('compliances-add')).toHaveText('امتثال جديد');

  await page.getByTestId('compliances-add').click();
  await page.getByTestId('compliance-name-input').fill('إقرار صحي يومي');
  await page.getByTestId('question-0-text').fill('هل لديك حمى أو سعال اليوم؟');
  await page.getByTestId('question-0-answer-0').fill('لا');
  await page.getByTestId('question-0-answer-1').fill('نعم');
  await choose(page, 'compliance-frequency-input', 'يوميًا');
  // The form reads from the right: the preview stands at the start of the row, on the left.
  const formBox = (await page.getByTestId('compliance-name-input').boundingBox())!;
  const previewBox = (await page.getByTestId('compliance-preview').boundingBox())!;
  expect(previewBox.x + previewBox.width).toBeLessThan(formBox.x);
  await expect(page.getByTestId('compliance-preview')).toContainText('يُطلب: يوميًا');
  await screenshot(page, 'compliance-form-ar');
  await page.getByTestId('compliance-save').click();
  await expect(page).toHaveURL(/\/compliances$/);
  await expect(page.getByText('تم إنشاء الامتثال', { exact: true })).toBeVisible();
  await page.getByTestId('compliances-search').fill('إقرار');
  await expect(row(page, 'إقرار صحي يومي').getByTestId('compliance-format')).toHaveText('سؤال');
  await expectGridMirrored(page, 'compliances', 'name');
  await screenshot(page, 'compliances-ar');

  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('the compliance list shows a flow that asks it as soon as the flow is saved (no cache wait, no reload)', async ({
  page,
  loginAs,
  world,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = Math.random().toString(36).slice(2, 8);
  const names = {
    compliance: `E2E Live PPE ${suffix}`,
    journey: `E2E Live journey ${suffix}`,
    type: `E2E Live type ${suffix}`,
  };
  const api = await request.newContext({ baseURL });
  await api.post('/api/v1/auth/login', {
    data: { email: world.people.acmeAdmin.email, password: world.people.acmeAdmin.password },
  });
  const headers = { 'x-csrf-token': (await api.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '' };
  const post = async (url: string, data: unknown) => {
    const res = await api.post(`/api/v1${url}`, { data, headers });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as { id: string };
  };
  const site = await post('/sites', { name: `E2E Live site ${suffix}` });
  const type = await post('/user-types', {
    name: names.type,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  const compliance = await post('/compliances', {
    name: names.compliance,
    format: 'statement',
    frequency: 'every_time',
    content: { statement: 'I will wear the protective equipment the site requires.' },
  });
  const journey = await post('/journeys', { name: names.journey, site_ids: [site.id] });
  try {
    await loginAs('acmeAdmin');
    await page.goto('/compliances');
    await page.getByTestId('compliances-search').fill(names.compliance);
    await expect(row(page, names.compliance)).toContainText('Not in a journey');
    await page.evaluate('window.__noReload = true');

    // The flow is saved in the journeys feature, reached and left inside the app.
    const menu = page.getByTestId('side-menu');
    await menu.getByTestId('menu-journeys').click();
    await page
      .locator(`[data-testid="journeys-row"][data-name="${names.journey}"]`)
      .getByTestId('journey-add-flow')
      .click();
    await expect(page.getByTestId('flow-editor-title')).toHaveText(`Add flow to ${names.journey}`);
    await page.getByTestId('flow-user-types').click();
    await page.getByRole('option', { name: names.type, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('flow-compliance-add').click();
    await page.getByRole('option', { name: names.compliance, exact: true }).click();
    await page.getByTestId('flow-save').click();
    await expect(page).toHaveURL(new RegExp(`/update/journey/${journey.id}$`));

    // Back on the compliance list at once (well within its 30-second cache): it names the journey.
    await menu.getByTestId('menu-compliances').click();
    await expect(row(page, names.compliance).getByTestId('compliance-journeys')).toContainText(names.journey, {
      timeout: 5_000,
    });
    expect(await page.evaluate('window.__noReload')).toBe(true);
    await page.getByTestId('compliances-search').fill('');
    await expect(page.getByTestId('compliances-row').first()).toBeVisible();
  } finally {
    await api.delete(`/api/v1/journeys/${journey.id}`, { headers });
    await api.delete(`/api/v1/compliances/${compliance.id}`, { headers });
    await api.delete(`/api/v1/user-types/${type.id}`, { headers });
    await api.delete(`/api/v1/sites/${site.id}`, { headers });
    await api.dispose();
  }
});
