// Sheets and zips for the people import's tests, built from code: a filled template, a plain sheet of
// given headers, workbooks that are not what they claim, and photo zips.
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ImportRow, ImportRowList, ImportTask } from '@app/shared/people/import';
import type { TestClient } from './http-client';
import { makePng } from './images';
import { makeZip } from './upload-fixtures';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CellInput = ExcelJS.CellValue;

/** A workbook whose first sheet has the header and the rows (and, optionally, a second sheet). */
export async function sheetOf(header: string[], rows: CellInput[][], extraSheet = false): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('People');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  if (extraSheet) book.addWorksheet('Notes').addRow(['not read']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The template with rows written under its header, as someone filling it in would. */
export async function fillTemplate(template: Buffer, rows: CellInput[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0]!;
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The template's header row and its lists sheet, as text. */
export async function readTemplate(template: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template as unknown as ExcelJS.Buffer);
  const values = (row: ExcelJS.Row) =>
    (row.values as unknown[]).slice(1).map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : ''));
  const [people, lists] = book.worksheets;
  const listRows: string[][] = [];
  lists!.eachRow((row) => listRows.push(values(row)));
  return { header: values(people!.getRow(1)), lists: listRows, sheetNames: book.worksheets.map((s) => s.name) };
}

export const photoZip = (photos: { name: string; data: Buffer }[]) =>
  makeZip((zip) => photos.forEach((p) => zip.addBuffer(p.data, p.name)));

export async function uploadSheet(client: TestClient, data: Buffer, name = 'people.xlsx') {
  return client.upload('POST', '/people/import', 'file', data, name, XLSX_TYPE);
}

export async function uploaded(client: TestClient, data: Buffer): Promise<ImportTask> {
  const res = await uploadSheet(client, data);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportTask>();
}

export async function uploadPhotos(client: TestClient, taskId: string, zip: Buffer) {
  return client.upload('PUT', `/people/import/${taskId}/photos`, 'zip', zip, 'photos.zip', 'application/zip');
}

export async function rowsOf(client: TestClient, taskId: string, filter = 'all'): Promise<ImportRow[]> {
  const res = await client.get(`/people/import/${taskId}/rows?filter=${filter}&limit=500`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportRowList>().data;
}

/** Runs the task and waits for its end (the job runner is off in tests: the run happens in-process). */
export async function ranImport(client: TestClient, taskId: string): Promise<ImportTask> {
  const res = await client.post(`/people/import/${taskId}/run`, {});
  expect(res.statusCode, res.body).toBe(202);
  return waitForImport(client, taskId);
}

export async function waitForImport(client: TestClient, taskId: string): Promise<ImportTask> {
  for (let i = 0; i < 1200; i++) {
    const task = (await client.get(`/people/import/${taskId}`)).json<ImportTask>();
    if (task.status === 'done' || task.status === 'failed') return task;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import did not end');
}

let samples: { sheet: Buffer; zip: Buffer } | null = null;

/**
 * A sheet and a photo zip naming nothing of any company (for the sweeps, whose request builders are
 * synchronous): made once by `prepareImportSamples`, which the full world calls.
 */
export async function prepareImportSamples() {
  samples ??= {
    sheet: await sheetOf(
      ['First name', 'Last name', 'Email', 'User types', 'Sites'],
      [['Sweep', 'Person', 'sweep@example.test', 'Staff', 'HQ']],
    ),
    zip: await photoZip([{ name: 'sweep@example.test.png', data: makePng(250, 300) }]),
  };
}

export function importSample(kind: 'sheet' | 'zip'): Buffer {
  if (!samples) throw new Error('prepareImportSamples() first');
  return samples[kind];
}

/**
 * What a person following the product's steps does: download the company's template in a language, fill
 * one row (names, the first user type and site its lists offer) and upload it back. Returns the header,
 * the task and its row, having checked the header names each column once and the upload is taken.
 */
export async function templateRoundTrip(client: TestClient, lang: 'en' | 'ar' | 'es', who = 'Round Trip') {
  const res = await client.get('/people/import/template', { 'x-lang': lang });
  expect(res.statusCode, res.body).toBe(200);
  const { header, lists } = await readTemplate(res.rawPayload);
  const plain = header.map((h) =>
    h
      .replace(/\s*\*$/, '')
      .trim()
      .toLowerCase(),
  );
  expect(new Set(plain).size, `${lang}: ${header.join(' | ')}`).toBe(plain.length);
  const firstOf = (i: number) =>
    lists
      .slice(1)
      .map((r) => r[i] ?? '')
      .find(Boolean) ?? null;
  // The template's first nine columns are the person's own, in their fixed order.
  const [first, last] = who.split(' ');
  const filled = await fillTemplate(res.rawPayload, [
    [
      first,
      `${last} ${lang}`,
      `${first}.${lang}.${Math.random().toString(36).slice(2, 8)}@round-trip.test`.toLowerCase(),
      // Whatever a user type may require: a phone and an id number of this row's own.
      '+971',
      `50${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      `RT-${Math.random().toString(36).slice(2, 10)}`,
      'Row Company',
      firstOf(0),
      firstOf(1),
    ],
  ]);
  const up = await uploadSheet(client, filled, `template-${lang}.xlsx`);
  expect(up.statusCode, `${lang}: ${up.body}`).toBe(201);
  const task = up.json<ImportTask>();
  const rows = await rowsOf(client, task.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.errors, lang).toEqual({});
  return { header, task, row: rows[0]! };
}
