import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import type { ExportFormat } from '@app/shared/reports/common';
import { wallClockMs } from '@app/shared/time-zones';
import type { ReportCell, ReportColumn } from '../report-source';

// Writes a report's rows to an xlsx or csv file as they are read, a batch at a time, never holding the
// whole sheet in memory (issue 14 item 8): xlsx through exceljs's streaming writer (each row committed
// as it is written), csv through a file stream (UTF-8 with a BOM, RFC 4180 quoting). Past a sheet's
// row limit the rows go on in another sheet. Cells that a spreadsheet would take for a formula are
// escaped; instants read on the company's clock; Arabic sheets run right to left.

/** Rows an xlsx sheet holds (1,048,576), less its header row. */
export const XLSX_SHEET_ROWS = 1_048_576 - 1;

/** A column as the writer takes it: its header and cells already in the sheet's language. */
export type WriterColumn = Pick<ReportColumn<unknown>, 'type'> & {
  header: string;
  value: (row: unknown) => ReportCell;
};

export type ExportWriteOptions = {
  format: ExportFormat;
  /** Where the file is written (a scratch file: the caller puts it in the file store when it is complete). */
  path: string;
  columns: readonly WriterColumn[];
  rows: AsyncIterable<readonly unknown[]>;
  /** The company's time zone: instants are written as its clock reads them. */
  timeZone: string;
  rightToLeft: boolean;
  /** The sheet's name (a second sheet is named "<name> (2)", …). */
  sheetName: string;
  /** Data rows per sheet before another begins (xlsx only; a test gives a small one). */
  sheetRowLimit?: number;
  /** Called after each batch with the rows written so far; awaited (progress is saved there). */
  onBatch?: (rowsSoFar: number) => Promise<void> | void;
};

export type ExportWriteResult = { rows: number; bytes: number; sheets: number };

const FORMULA_START = /^[=+\-@\t\r]/;

/** OWASP's advice against formula injection: a text a spreadsheet would read as a formula gets a leading quote. */
export const escapeCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The company clock's reading of instants, fast enough for a million rows: a zone's offset changes only
 * at quarter hours, so the offset is worked out once per quarter hour of the instants met.
 */
export function wallClock(timeZone: string): (instant: Date) => Date {
  const offsets = new Map<number, number>();
  const QUARTER = 15 * 60 * 1000;
  return (instant) => {
    const ms = instant.getTime();
    const bucket = Math.floor(ms / QUARTER);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const start = bucket * QUARTER;
      offset = wallClockMs(start, timeZone) - start;
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    return new Date(ms - (ms % 1000) + offset);
  };
}

const dateText = (wall: Date) => `${pad(wall.getUTCDate())}/${pad(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()}`;
const timeText = (wall: Date) => `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
const minutesText = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(m / 60)}:${pad(m % 60)}`;
};
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A cell as the xlsx sheet takes it: text escaped, instants on the company's clock as real Excel dates. */
function xlsxValue(column: WriterColumn, cell: ReportCell, wall: (d: Date) => Date): ExcelJS.CellValue {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : wall(cell);
  if (typeof cell === 'number') return column.type === 'minutes' ? cell / 1440 : cell;
  if (column.type === 'date') {
    const day = ISO_DAY.exec(cell);
    if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  }
  return escapeCell(cell);
}

/** A cell as csv text: DD/MM/YYYY HH:mm on the company's clock, minutes as h:mm, text escaped. */
function csvText(column: WriterColumn, cell: ReportCell, wall: (d: Date) => Date): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return '';
    const w = wall(cell);
    return column.type === 'date' ? dateText(w) : `${dateText(w)} ${timeText(w)}`;
  }
  if (typeof cell === 'number') return column.type === 'minutes' ? minutesText(cell) : String(cell);
  if (column.type === 'date') {
    const day = ISO_DAY.exec(cell);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  return escapeCell(cell);
}

/** RFC 4180: a field with a quote, a comma or a line break is quoted, its quotes doubled. */
export const csvField = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

const NUMBER_FORMATS: Partial<Record<WriterColumn['type'], string>> = {
  datetime: 'dd/mm/yyyy hh:mm',
  date: 'dd/mm/yyyy',
  minutes: '[h]:mm',
};

/** Sheet names: at most 31 characters, none of : \ / ? * [ ], and never Excel's reserved "History". */
const sheetTitle = (name: string, index: number) => {
  const clean = name.replace(/[:\\/?*[\]]/g, ' ').trim() || 'Sheet';
  const reserved = clean.toLowerCase() === 'history';
  const suffix = index === 0 && !reserved ? '' : ` (${index + 1})`;
  return clean.slice(0, 31 - suffix.length) + suffix;
};

async function writeXlsx(options: ExportWriteOptions): Promise<{ rows: number; sheets: number }> {
  const limit = Math.max(1, options.sheetRowLimit ?? XLSX_SHEET_ROWS);
  const wall = wallClock(options.timeZone);
  // Loaded with the first export: it is large, and an idle server never needs it.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    filename: options.path,
    useStyles: true,
    useSharedStrings: false,
  });
  const columns = options.columns;
  let sheet: ExcelJS.Worksheet | null = null;
  let sheets = 0;
  let inSheet = 0;
  let rows = 0;
  const openSheet = () => {
    sheet?.commit();
    const next = workbook.addWorksheet(sheetTitle(options.sheetName, sheets), {
      views: [{ rightToLeft: options.rightToLeft, state: 'frozen', ySplit: 1 }],
    });
    next.columns = columns.map((column) => ({
      header: column.header,
      width: column.type === 'datetime' ? 18 : column.type === 'text' ? 24 : 12,
      style: NUMBER_FORMATS[column.type] ? { numFmt: NUMBER_FORMATS[column.type] } : {},
    }));
    next.getRow(1).font = { bold: true };
    next.getRow(1).commit();
    sheets += 1;
    inSheet = 0;
    sheet = next;
    return next;
  };
  let current = openSheet();
  for await (const batch of options.rows) {
    for (const row of batch) {
      if (inSheet >= limit) current = openSheet();
      current.addRow(columns.map((column) => xlsxValue(column, column.value(row), wall))).commit();
      inSheet += 1;
      rows += 1;
    }
    await options.onBatch?.(rows);
  }
  current.commit();
  await workbook.commit();
  return { rows, sheets };
}

async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function writeCsv(options: ExportWriteOptions): Promise<{ rows: number; sheets: number }> {
  const wall = wallClock(options.timeZone);
  const stream = createWriteStream(options.path, { encoding: 'utf8' });
  const closed = new Promise<void>((resolve, reject) => {
    stream.on('close', resolve);
    stream.on('error', reject);
  });
  let rows = 0;
  try {
    await write(stream, '\uFEFF' + options.columns.map((c) => csvField(escapeCell(c.header))).join(',') + '\r\n');
    for await (const batch of options.rows) {
      let chunk = '';
      for (const row of batch) {
        chunk += options.columns.map((c) => csvField(csvText(c, c.value(row), wall))).join(',') + '\r\n';
        rows += 1;
      }
      await write(stream, chunk);
      await options.onBatch?.(rows);
    }
  } finally {
    stream.end();
    await closed;
  }
  return { rows, sheets: 1 };
}

/** Writes the whole file at `options.path`; answers the rows, the bytes and the sheets written. */
export async function writeExport(options: ExportWriteOptions): Promise<ExportWriteResult> {
  const { rows, sheets } = options.format === 'xlsx' ? await writeXlsx(options) : await writeCsv(options);
  const { size } = await stat(options.path);
  return { rows, bytes: size, sheets };
}
