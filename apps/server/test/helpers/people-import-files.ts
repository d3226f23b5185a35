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
