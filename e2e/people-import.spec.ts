import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { ImportRowList, ImportTaskList } from '@app/shared/people/import';
import { expectAccessible } from './fixtures/a11y';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';

// The people import (issue 16 item 1), as the Acme admin: the template downloaded (an xlsx with this
// run's user type and site in its lists), filled with exceljs with six people (a bad email, an unknown
// site, the same email twice), uploaded; the problems marked in the grid, the email fixed there and
// the duplicate dropped; the run followed in the queue to its end and its details read (four created,
// one skipped with its reason, one dropped). The same sheet imported again updates the people it
// created rather than adding them twice; that second import is reviewed, run and read in Arabic.
// Everything made here goes at the end, and the admin's language is English again.

const suffix = Math.random().toString(36).slice(2, 8);
const SITE = `E2E Import site ${suffix}`;
const TYPE = `E2E Import staff ${suffix}`;
const FILE = `people-${suffix}.xlsx`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LAPTOP = { width: 1366, height: 800 };

const email = (name: string) => `${name}.${suffix}@example.test`;
const IVY = `Ivy Import${suffix}`;
const BEN = `Ben Badmail${suffix}`;
const UNA = `Una Unknown${suffix}`;
const DAN = `Dan Double${suffix}`;
const DANA = `Dana Double${suffix}`;
const CARA = `Cara Clean${suffix}`;

/** The sheet's rows (rows 2 to 7 of the sheet; the header is row 1). */
const PEOPLE: [name: string, email: string, site: string][] = [
  [IVY, email('ivy'), SITE],
  [BEN, `ben.${suffix}.example.test`, SITE],
  [UNA, email('una'), `No such site ${suffix}`],
  [DAN, email('dan'), SITE],
  [DANA, email('dan'), SITE],
  [CARA, email('cara'), SITE],
];
const HEADERS = ['First name *', 'Last name *', 'Email', 'User types *', 'Sites *'];

let api: ApiCaller;
let siteId = '';
let typeId = '';

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  siteId = (await api.call<{ id: string }>('POST', '/sites', { name: SITE })).id;
  typeId = (
    await api.call<{ id: string }>('POST', '/user-types', {
      name: TYPE,
      registration_method: 'registration_allowed',
      grace_period_minutes: 30,
    })
  ).id;
});

test.afterAll(async () => {
  const gone = () => undefined;
  // The language is the admin's own setting: English for the tests that follow, whatever happened here.
  await api.call('PUT', '/me/lang', { lang: 'en' }).catch(gone);
  const tasks = await api.call<ImportTaskList>('GET', '/people/import?limit=100').catch(() => null);
  for (const task of tasks?.data.filter((t) => t.file_name === FILE) ?? []) {
    const created = await api
      .call<ImportRowList>('GET', `/people/import/${task.id}/rows?filter=created&limit=100`)
      .catch(() => null);
    for (const row of created?.data ?? [])
      if (row.person) await api.call('DELETE', `/people/${row.person.id}`).catch(gone);
    await api.call('DELETE', `/people/import/${task.id}`).catch(gone);
  }
  if (typeId) await api.call('DELETE', `/user-types/${typeId}`).catch(gone);
  if (siteId) await api.call('DELETE', `/sites/${siteId}`).catch(gone);
  await api.dispose();
});

/** The template's first sheet filled with PEOPLE, under the columns its header names. */
async function fillTemplate(template: Buffer): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const column = (name: string) => {
    const index = header.indexOf(name);
    expect(index, `the template's column ${name}`).toBeGreaterThanOrEqual(0);
    return index + 1;
  };
  PEOPLE.forEach(([name, mail, site], i) => {
    const [first, last] = name.split(' ');
    const row = sheet.getRow(i + 2);
    [first, last, mail, TYPE, site].forEach((value, j) => (row.getCell(column(HEADERS[j]!)).value = value ?? null));
    row.commit();
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A full-page screenshot once the toasts have gone, from the top. */
async function screenshot(page: Page, name: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: screenPath(name), animations: 'disabled', fullPage: true });
}

async function switchLanguage(page: Page, lang: 'en' | 'ar') {
  await page.getByTestId('language-menu').click();
  await page.getByTestId(`language-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });
const gridRow = (page: Page, row: number) => page.locator(`[data-testid="import-grid-row"][data-row="${row}"]`);
const cell = (row: Locator, column: string) => row.locator(`td[data-column="${column}"]`);
const count = (page: Page, id: string) => page.getByTestId(`import-count-${id}`).getByTestId('import-count-value');

/** Uploads the sheet on the import page and waits for its checked task. */
async function upload(page: Page, sheet: Buffer) {
  await page.getByTestId('import-sheet-input').setInputFiles({ name: FILE, mimeType: XLSX, buffer: sheet });
  await expect(page).toHaveURL(/\/users\/import\?task=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('import-file-name')).toHaveText(FILE);
}

/** Runs the import from the grid and follows it in the queue to its end. */
async function runAndWait(page: Page, taskId: string) {
  await page.getByTestId('import-run').click();
  await page.getByTestId('import-run-confirm').click();
  await expect(page).toHaveURL(/\/users\/import\/queue$/);
  const task = page.locator(`[data-testid="import-task"][data-task-id="${taskId}"]`);
  await expect(task).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  return task;
}

test('imports people from the template: problems fixed in the grid, the run followed in the queue, a second import updating them; in English and Arabic', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(LAPTOP);
  await loginAs('acmeAdmin');

  // The entry point on the users page.
  await page.goto('/users');
  await page.getByTestId('people-import-open').click();
  await expect(page).toHaveURL(/\/users\/import$/);
  await expect(page.getByRole('heading', { name: 'Import people' })).toBeVisible();
  await expectAccessible(page, 'the import page');

  // The template: an xlsx with the company's columns, and this run's type and site in its lists.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('import-template-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('people-import.xlsx');
  const template = await readFile(await download.path());
  expect(template.subarray(0, 2).toString()).toBe('PK');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template as unknown as ArrayBuffer);
  expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(expect.arrayContaining(HEADERS));
  const lists = book.worksheets[1]!;
  const listed: unknown[] = [];
  lists.eachRow((row) => listed.push(...(row.values as unknown[])));
  expect(listed).toEqual(expect.arrayContaining([TYPE, SITE]));

  // The browser refuses what is no .xlsx before sending it (the server decides the rest).
  await page
    .getByTestId('import-sheet-input')
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n') });
  await expect(page.getByTestId('import-sheet')).toContainText('Choose an Excel workbook (.xlsx).');

  const sheet = await fillTemplate(template);
  await upload(page, sheet);
  await expect(toast(page, `${FILE} read: 6 rows, 4 with problems.`)).toBeVisible();
  await expect(count(page, 'total')).toHaveText('6');
  await expect(count(page, 'valid')).toHaveText('2');
  await expect(count(page, 'errors')).toHaveText('4');
  await expect(count(page, 'dropped')).toHaveText('0');
  const firstTask = new URL(page.url()).searchParams.get('task')!;
  await expectAccessible(page, 'the import page with its task');
  await screenshot(page, 'people-import-en');

  // The grid: each problem marked on its cell, in words reachable by the keyboard.
  await page.getByTestId('import-open-grid').click();
  await expect(page).toHaveURL(new RegExp(`/users/import/grid\\?task=${firstTask}$`));
  await expect(page.getByRole('heading', { name: 'Review the rows' })).toBeVisible();
  await expect(page.getByTestId('import-grid-row')).toHaveCount(6);
  await screenshot(page, 'people-import-grid-en');
  const ben = gridRow(page, 3);
  await expect(cell(ben, 'email')).toHaveAttribute('data-invalid', 'true');
  const benProblem = cell(ben, 'email').getByTestId('import-cell-problem');
  await expect(benProblem).toHaveAccessibleName('Problem in Email: Invalid email address');
  // Reached by the keyboard, the warning shows its problem.
  await benProblem.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(benProblem).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('Invalid email address');
  await expect(cell(gridRow(page, 4), 'sites')).toHaveAttribute('data-invalid', 'true');
  await expect(cell(gridRow(page, 4), 'sites').getByTestId('import-cell-problem')).toHaveAccessibleName(
    `Problem in Sites: There is no site named “No such site ${suffix}”.`,
  );
  await expect(cell(gridRow(page, 5), 'email').getByTestId('import-cell-problem')).toHaveAccessibleName(
    /also on row 6 of the file/,
  );
  await expect(cell(gridRow(page, 6), 'email').getByTestId('import-cell-problem')).toHaveAccessibleName(
    /also on row 5 of the file/,
  );
  await expect(cell(gridRow(page, 2), 'email')).not.toHaveAttribute('data-invalid', 'true');
  await expect(gridRow(page, 2).getByTestId('import-row-state')).toHaveAttribute('data-state', 'ready');
  await expect(gridRow(page, 2).getByTestId('import-row-action')).toHaveText('New person');
  await expect(page.getByTestId('import-tab-errors')).toHaveAccessibleName('With problems (4)');
  await expectAccessible(page, 'the import grid');

  // The bad email fixed from its problem: a value still wrong keeps what was typed and says why.
  await benProblem.click();
  const form = page.getByTestId('import-row-form');
  const emailField = form.getByTestId('import-row-cell-email');
  await expect(emailField).toBeFocused();
  await emailField.fill(`ben.${suffix}@still-wrong`);
  await page.getByTestId('import-row-save').click();
  await expect(page.getByTestId('import-row-still')).toContainText('The row still has 1 problem');
  await expect(emailField).toHaveValue(`ben.${suffix}@still-wrong`);
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the row editor');
  await page.screenshot({ path: screenPath('people-import-edit-en'), animations: 'disabled' });
  await emailField.fill(email('ben'));
  await page.getByTestId('import-row-save').click();
  await expect(toast(page, 'Row 3 is ready to import.')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(cell(ben, 'email')).toHaveText(email('ben'));
  await expect(cell(ben, 'email')).not.toHaveAttribute('data-invalid', 'true');

  // The duplicate dropped, after a confirmation: its twin has no problem left.
  await gridRow(page, 6).getByTestId('import-row-drop').click();
  await page.getByTestId('import-drop-confirm').click();
  await expect(toast(page, 'Row 6 dropped.')).toBeVisible();
  await expect(gridRow(page, 6).getByTestId('import-row-state')).toHaveAttribute('data-state', 'dropped');
  await expect(gridRow(page, 5).getByTestId('import-row-state')).toHaveAttribute('data-state', 'ready');
  await expect(count(page, 'valid')).toHaveText('4');
  await expect(count(page, 'errors')).toHaveText('1');
  await expect(count(page, 'dropped')).toHaveText('1');
  await page.getByTestId('import-tab-errors').click();
  await expect(page.getByTestId('import-grid-row')).toHaveCount(1);
  await expect(gridRow(page, 4)).toBeVisible();

  // Run: the queue follows it to its end.
  const first = await runAndWait(page, firstTask);
  await expect(first.getByTestId('import-task-created')).toHaveText('4');
  await expect(first.getByTestId('import-task-updated')).toHaveText('0');
  await expect(first.getByTestId('import-task-skipped')).toHaveText('1');
  await expect(first.getByTestId('import-task-grid')).toHaveCount(0);
  await expect(page.getByText(/removed 30 days after they last changed/)).toBeVisible();
  await expectAccessible(page, 'the import queue');
  await screenshot(page, 'people-import-queue-en');

  // Its details: the people created, and the row skipped with its reason.
  await first.getByTestId('import-task-details').click();
  await expect(page).toHaveURL(new RegExp(`/users/import/details/${firstTask}$`));
  await expect(page.getByRole('heading', { name: 'Import details' })).toBeVisible();
  await expect(count(page, 'created')).toHaveText('4');
  const details = page.getByTestId('import-detail-row');
  await expect(details).toHaveCount(4);
  for (const name of [IVY, BEN, DAN, CARA])
    await expect(details.filter({ hasText: name }).getByTestId('import-detail-person')).toHaveText(`Created ${name}`);
  await expectAccessible(page, 'the import details');
  await screenshot(page, 'people-import-details-en');
  await page.getByTestId('import-details-tab-skipped').click();
  await expect(details).toHaveCount(1);
  await expect(details.first()).toContainText(UNA);
  await expect(details.first().getByTestId('import-detail-reason')).toHaveText('Not imported: the row has problems.');
  await expect(details.first().getByTestId('import-detail-problems')).toContainText(
    `There is no site named “No such site ${suffix}”.`,
  );
  await page.getByTestId('import-details-tab-dropped').click();
  await expect(details).toHaveCount(1);
  await expect(details.first()).toContainText(DANA);

  // The same sheet again: the people it created are updated, not added twice.
  await page.goto('/users/import');
  await upload(page, sheet);
  const secondTask = new URL(page.url()).searchParams.get('task')!;
  expect(secondTask).not.toBe(firstTask);
  await page.getByTestId('import-open-grid').click();
  await expect(gridRow(page, 2).getByTestId('import-row-action')).toHaveText(`Updates ${IVY}`);
  await expect(gridRow(page, 7).getByTestId('import-row-action')).toHaveText(`Updates ${CARA}`);

  // Reviewed and run in Arabic, right to left.
  await switchLanguage(page, 'ar');
  await expect(page.getByRole('heading', { name: 'مراجعة الصفوف' })).toBeVisible();
  await expect(gridRow(page, 2).getByTestId('import-row-action')).toHaveText(`يحدّث ${IVY}`);
  // The column is named as the (English) sheet names it; the problem is told in Arabic.
  await expect(cell(gridRow(page, 4), 'sites').getByTestId('import-cell-problem')).toHaveAccessibleName(
    `مشكلة في Sites: لا يوجد موقع باسم «No such site ${suffix}».`,
  );
  await expectAccessible(page, 'the import grid in Arabic');
  await screenshot(page, 'people-import-grid-ar');
  await page.goto(`/users/import?task=${secondTask}`);
  await expect(page.getByRole('heading', { name: 'استيراد الأشخاص' })).toBeVisible();
  await expectAccessible(page, 'the import page in Arabic');
  await screenshot(page, 'people-import-ar');
  await page.getByTestId('import-open-grid').click();
  const second = await runAndWait(page, secondTask);
  await expect(page.getByRole('heading', { name: 'قائمة الاستيراد' })).toBeVisible();
  await expect(second.getByTestId('import-task-created')).toHaveText('0');
  await expect(second.getByTestId('import-task-updated')).toHaveText('2');
  await expect(second.getByTestId('import-task-skipped')).toHaveText('4');
  await expectAccessible(page, 'the import queue in Arabic');
  await screenshot(page, 'people-import-queue-ar');

  await second.getByTestId('import-task-details').click();
  await expect(page.getByRole('heading', { name: 'تفاصيل الاستيراد' })).toBeVisible();
  await expect(page.getByTestId('import-details-empty')).toContainText('لم يُنشأ أي شخص');
  await page.getByTestId('import-details-tab-updated').click();
  await expect(details).toHaveCount(2);
  await expect(details.filter({ hasText: IVY }).getByTestId('import-detail-person')).toHaveText(`حُدّث ${IVY}`);
  await expectAccessible(page, 'the import details in Arabic');
  await screenshot(page, 'people-import-details-ar');

  // The language is the admin's own setting: back to English for the tests that follow.
  await switchLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: 'Import details' })).toBeVisible();
  await expect(details.filter({ hasText: CARA }).getByTestId('import-detail-person')).toHaveText(`Updated ${CARA}`);
});
