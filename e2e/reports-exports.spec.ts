import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { blockingViolations } from './fixtures/a11y';
import { screenPath } from './fixtures/screens';
import { expect, test } from './fixtures/test';
import { loadWorld } from './fixtures/world';
import { apiCaller, type ApiCaller } from './fixtures/api';
import { signInPlace } from './fixtures/sign-in-place';

// Exports (issue 14 item 8): the print queue of this run's own site is exported from its page; the
// notice follows the job to its end and downloads the file, which is read back with exceljs. In Arabic
// the export list shows both exports, and the Arabic one (headers in Arabic, right to left) downloads
// from the list.

const suffix = Math.random().toString(36).slice(2, 8);
const SITE = `E2E Export site ${suffix}`;
const PRINTED = `Ezra Export${suffix}`;

let api: ApiCaller;
let site = '';
let visit = '';

test.beforeAll(async () => {
  api = await apiCaller(loadWorld().people.acmeAdmin);
  const place = await signInPlace(api, {
    site: SITE,
    area: `Export lobby ${suffix}`,
    type: `E2E Export crew ${suffix}`,
    journey: `E2E Export ${suffix}`,
  });
  site = place.siteId;
  const person = await place.addPerson(PRINTED, `ezra.export.${suffix}@example.test`);
  const signedIn = await api.call<{ data: { id: string }[] }>('POST', '/visits/sign-in', {
    area_id: place.areaId,
    people: [{ person_id: person }],
  });
  visit = signedIn.data[0]!.id;
  await api.call('POST', `/visits/${visit}/badge-prints`, {});
});

test.afterAll(async () => {
  await api.call('POST', '/visits/sign-out', { visit_ids: [visit] }).catch(() => undefined);
  await api.call('DELETE', '/table-preferences/reporting-printer').catch(() => undefined);
  await api.call('DELETE', '/table-preferences/reporting-export-list').catch(() => undefined);
  await api.dispose();
});

/** Waits for the download a click starts and reads the file back with exceljs. */
async function downloadedBook(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toMatch(/^printer-\d{4}-\d\d-\d\d_\d{4}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  return book;
}

test('exports a report view, follows its progress, downloads and opens the file; the export list in Arabic', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(120_000);
  await loginAs('acmeAdmin');
  await page.goto(`/reporting/printer?site_id=${site}`);
  await expect(page.getByTestId('printer-row')).toHaveCount(1);

  await page.getByTestId('export-button').click();
  await page.getByTestId('export-format-xlsx').click();
  const notice = page.getByTestId('export-notice');
  await expect(notice).toBeVisible();
  // The job runs in the background (the runner polls every 2 s): the notice follows it to its end.
  await expect(notice).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(notice).toContainText('1 row');
  await page.screenshot({ path: screenPath('reports-export-notice-en'), animations: 'disabled' });

  const english = await downloadedBook(page, () => page.getByTestId('export-notice-download').click());
  const sheet = english.worksheets[0]!;
  expect(sheet.views[0]?.rightToLeft).toBeFalsy();
  expect(sheet.rowCount).toBe(2);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toContain('Person');
  expect((sheet.getRow(2).values as unknown[]).slice(1)).toContain(PRINTED);

  // In Arabic: export again, then find both on the export list and download the Arabic one there.
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('export-button').click();
  await page.getByTestId('export-format-xlsx').click();
  await page.goto('/reporting/export-list');
  await expect(page.getByRole('heading', { name: 'قائمة التصدير' })).toBeVisible();
  const rows = page.getByTestId('exports-row');
  await expect(rows.first()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'done');
  await expect(rows.first().getByTestId('export-rows')).toHaveText('1');
  await page.screenshot({ path: screenPath('reports-export-list-ar'), animations: 'disabled' });
  expect(await blockingViolations(page)).toEqual([]);

  const arabic = await downloadedBook(page, () => rows.first().getByTestId('export-download').click());
  const arSheet = arabic.worksheets[0]!;
  expect(arSheet.views[0]?.rightToLeft).toBe(true);
  expect(arSheet.name).toBe('قائمة الطباعة');
  expect((arSheet.getRow(1).values as unknown[]).slice(1)).toContain('الشخص');
  expect((arSheet.getRow(2).values as unknown[]).slice(1)).toContain(PRINTED);

  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: 'Export list' })).toBeVisible();
  await page.screenshot({ path: screenPath('reports-export-list-en'), animations: 'disabled' });
});
