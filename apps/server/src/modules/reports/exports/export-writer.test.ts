import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, escapeCell, wallClock, writeExport, type WriterColumn } from './export-writer';

type Row = { name: string; at: Date | null; day: string; minutes: number; count: number };

const columns: WriterColumn[] = [
  { header: 'Name', type: 'text', value: (r) => (r as Row).name },
  { header: 'Signed in', type: 'datetime', value: (r) => (r as Row).at },
  { header: 'Day', type: 'date', value: (r) => (r as Row).day },
  { header: 'On site', type: 'minutes', value: (r) => (r as Row).minutes },
  { header: 'Count', type: 'number', value: (r) => (r as Row).count },
];

/** Rows in batches, as a report source yields them. */
async function* batches(rows: Row[], size: number): AsyncIterable<Row[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

const row = (i: number, extra: Partial<Row> = {}): Row => ({
  name: `Person ${i}`,
  // 2026-03-01 21:30 UTC is 2026-03-02 01:30 in Dubai (UTC+4).
  at: new Date(Date.UTC(2026, 2, 1, 21, 30) + i * 60_000),
  day: '2026-03-02',
  minutes: 125,
  count: i,
  ...extra,
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'export-writer-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('escapeCell', () => {
  it('quotes texts a spreadsheet would read as a formula', () => {
    for (const text of ['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx']) expect(escapeCell(text)).toBe(`'${text}`);
    for (const text of ['Ali', '1+1', 'a=b', '', ' =x']) expect(escapeCell(text)).toBe(text);
  });
});

describe('csvField', () => {
  it('quotes fields with quotes, commas and line breaks (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rx')).toBe('"cr\rx"');
  });
});

describe('wallClock', () => {
  it('reads instants on the zone’s clock across a daylight-saving change', () => {
    const london = wallClock('Europe/London');
    // 2026-03-29 01:00 UTC: London moves from GMT to BST.
    expect(london(new Date('2026-03-29T00:59:00Z')).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(london(new Date('2026-03-29T01:00:00Z')).toISOString()).toBe('2026-03-29T02:00:00.000Z');
    const kolkata = wallClock('Asia/Kolkata');
    expect(kolkata(new Date('2026-01-01T20:00:00Z')).toISOString()).toBe('2026-01-02T01:30:00.000Z');
  });
});

describe('writeExport xlsx', () => {
  it('writes headers, escaped texts and dates on the company clock, right to left, split past the row limit', async () => {
    const file = path.join(dir, 'split.xlsx');
    const rows = Array.from({ length: 25 }, (_, i) => row(i));
    rows[3] = row(3, { name: '=HYPERLINK("http://x")' });
    rows[4] = row(4, { name: '@SUM(1)' });
    const progress: number[] = [];
    const result = await writeExport({
      format: 'xlsx',
      path: file,
      columns,
      rows: batches(rows, 7),
      timeZone: 'Asia/Dubai',
      rightToLeft: true,
      sheetName: 'السجل',
      sheetRowLimit: 10,
      onBatch: (n) => void progress.push(n),
    });
    expect(result).toMatchObject({ rows: 25, sheets: 3 });
    expect(result.bytes).toBeGreaterThan(0);
    expect(progress).toEqual([7, 14, 21, 25]);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets.map((s) => s.name)).toEqual(['السجل', 'السجل (2)', 'السجل (3)']);
    expect(book.worksheets.map((s) => s.rowCount)).toEqual([11, 11, 6]);
    const first = book.worksheets[0]!;
    expect(first.views[0]?.rightToLeft).toBe(true);
    expect(first.getRow(1).values).toEqual([undefined, 'Name', 'Signed in', 'Day', 'On site', 'Count']);
    expect(first.getCell('A5').value).toBe('\'=HYPERLINK("http://x")');
    expect(first.getCell('A6').value).toBe("'@SUM(1)");
    // Dubai’s clock: 01:30 on the 2nd, written as a real date with the grid's format.
    expect((first.getCell('B2').value as Date).toISOString()).toBe('2026-03-02T01:30:00.000Z');
    expect(first.getCell('B2').numFmt).toBe('dd/mm/yyyy hh:mm');
    expect((first.getCell('C2').value as Date).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    // 125 minutes as a duration (a day fraction: exceljs reads it back as a time of 1899-12-30).
    expect((first.getCell('D2').value as Date).toISOString()).toBe('1899-12-30T02:05:00.000Z');
    expect(first.getCell('D2').numFmt).toBe('[h]:mm');
    // Rows go on in order across the sheets.
    expect(book.worksheets[1]!.getCell('E2').value).toBe(10);
    expect(book.worksheets[2]!.getCell('E6').value).toBe(24);
  });

  it('writes a left-to-right sheet with only its header when there are no rows', async () => {
    const file = path.join(dir, 'empty.xlsx');
    const result = await writeExport({
      format: 'xlsx',
      path: file,
      columns,
      rows: batches([], 10),
      timeZone: 'UTC',
      rightToLeft: false,
      sheetName: 'History',
    });
    expect(result).toMatchObject({ rows: 0, sheets: 1 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    // Excel reserves the name "History".
    expect(book.worksheets[0]!.name).toBe('History (1)');
    expect(book.worksheets[0]!.rowCount).toBe(1);
    expect(book.worksheets[0]!.views[0]?.rightToLeft).toBeFalsy();
  });
});

describe('writeExport csv', () => {
  it('writes UTF-8 with a BOM, CRLF lines, quoted fields, escaped cells and the company clock', async () => {
    const file = path.join(dir, 'out.csv');
    const rows = [
      row(0, { name: 'Smith, "Jo"' }),
      row(1, { name: '-1+2', at: null, minutes: 61 }),
      row(2, { name: 'سارة\nثانية' }),
    ];
    const result = await writeExport({
      format: 'csv',
      path: file,
      columns,
      rows: batches(rows, 2),
      timeZone: 'Asia/Dubai',
      rightToLeft: false,
      sheetName: 'x',
    });
    expect(result.rows).toBe(3);
    const bytes = await readFile(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(result.bytes).toBe(bytes.length);
    const text = bytes.toString('utf8').slice(1);
    expect(text.split('\r\n')).toEqual([
      'Name,Signed in,Day,On site,Count',
      '"Smith, ""Jo""",02/03/2026 01:30,02/03/2026,2:05,0',
      "'-1+2,,02/03/2026,1:01,1",
      '"سارة\nثانية",02/03/2026 01:32,02/03/2026,2:05,2',
      '',
    ]);
  });
});
