// The import's workbook: checked by its content before anything reads it, then read a row at a time.
// An xlsx is a zip of XML parts. Nothing the zip says about itself is believed: every part is inflated
// once and counted (the unpacked total is bounded, so a small file cannot unpack to gigabytes), the
// parts must follow one another from the first byte to the central directory (what a reader going
// through the file in order sees is exactly what was counted), and the parts of a workbook must be
// there, without macros. Then exceljs's streaming reader gives the first sheet's rows; a formula gives
// its cached value, never evaluated.
import { Readable } from 'node:stream';
import type { Entry } from 'yauzl';
import { IMPORT_LIMITS } from '@app/shared/people/import';
import { AppError } from '../../lib/app-error';
import { megabytes } from '../../lib/images';

const FIELD = 'file';
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const END_OF_CENTRAL_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const HAS_DATA_DESCRIPTOR = 0x08;
const WORKBOOK_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
const SHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;

const notXlsx = () => new AppError('validation_failed', { field: FIELD, messageKey: 'import_not_xlsx' });
const tooLargeUnpacked = () =>
  new AppError('file_too_large', {
    field: FIELD,
    messageKey: 'import_sheet_unpacked_too_large',
    vars: { size: megabytes(IMPORT_LIMITS.maxUnpackedBytes) },
  });

type Part = { name: string; offset: number; compressedSize: number };

/** The parts lie end to end from the first byte to the central directory, with nothing hidden between. */
function checkLayout(buf: Buffer, parts: Part[]) {
  const eocd = buf.lastIndexOf(END_OF_CENTRAL_DIRECTORY);
  if (eocd < 0 || eocd + 22 > buf.length) throw notXlsx();
  const directoryAt = buf.readUInt32LE(eocd + 16);
  let expected = 0;
  for (const part of [...parts].sort((a, b) => a.offset - b.offset)) {
    if (part.offset !== expected || part.offset + 30 > buf.length) throw notXlsx();
    if (buf.readUInt32LE(part.offset) !== LOCAL_HEADER) throw notXlsx();
    const flags = buf.readUInt16LE(part.offset + 6);
    const dataStart = part.offset + 30 + buf.readUInt16LE(part.offset + 26) + buf.readUInt16LE(part.offset + 28);
    let end = dataStart + part.compressedSize;
    if (flags & HAS_DATA_DESCRIPTOR) {
      if (end + 12 > buf.length) throw notXlsx();
      end += buf.readUInt32LE(end) === DATA_DESCRIPTOR ? 16 : 12;
    }
    expected = end;
  }
  if (expected !== directoryAt) throw notXlsx();
}

/**
 * Checks that the upload is an xlsx workbook by its content, within the size limits once unpacked.
 * Throws a 400 naming the field `file` (not a workbook, a macro workbook, a damaged zip) or a 413 (too
 * large once unpacked).
 */
export async function checkXlsx(buf: Buffer): Promise<void> {
  if (buf.length < 4 || buf.readUInt32LE(0) !== LOCAL_HEADER) throw notXlsx();
  // exceljs and yauzl are loaded with the first upload: an idle server never needs them.
  const { default: yauzl } = await import('yauzl');
  const zip = await yauzl
    .fromBufferPromise(buf, { lazyEntries: true, decodeStrings: false, validateEntrySizes: false })
    .catch(() => {
      throw notXlsx();
    });
  const parts: Part[] = [];
  let contentTypes = '';
  try {
    if (zip.entryCount > IMPORT_LIMITS.maxParts) throw notXlsx();
    let total = 0;
    const entries = zip.eachEntry();
    for (;;) {
      const next = await entries.next().catch(() => {
        throw notXlsx();
      });
      if (next.done) break;
      const entry: Entry = next.value;
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
      if (
        !name ||
        name.includes('\\') ||
        name.startsWith('/') ||
        name.split('/').includes('..') ||
        entry.isEncrypted() ||
        !entry.canDecodeFileData()
      ) {
        throw notXlsx();
      }
      // Declared sizes may lie low, never high: one past the limit is refused before inflating.
      if (entry.uncompressedSize > IMPORT_LIMITS.maxUnpackedBytes) throw tooLargeUnpacked();
      parts.push({ name, offset: entry.relativeOffsetOfLocalHeader, compressedSize: entry.compressedSize });
      if (name.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry).catch(() => {
        throw notXlsx();
      });
      let size = 0;
      const kept: Buffer[] = [];
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          total += chunk.length;
          // Leaving the loop destroys the stream: nothing more is inflated.
          if (total > IMPORT_LIMITS.maxUnpackedBytes) throw tooLargeUnpacked();
          if (name === '[Content_Types].xml' && size <= 256 * 1024) kept.push(chunk);
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw notXlsx();
      }
      if (size !== entry.uncompressedSize) throw notXlsx();
      if (kept.length) contentTypes = Buffer.concat(kept).toString('utf8');
    }
  } finally {
    zip.close();
  }
  const names = new Set(parts.map((p) => p.name));
  if (
    !names.has('xl/workbook.xml') ||
    ![...names].some((n) => SHEET_PART.test(n)) ||
    names.has('xl/vbaProject.bin') ||
    !contentTypes.includes(WORKBOOK_TYPE)
  ) {
    throw notXlsx();
  }
  checkLayout(buf, parts);
}

/** A cell as text: formulas by their cached value (never evaluated), dates as YYYY-MM-DD, rich text joined. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.richText)) {
    return (v.richText as { text?: unknown }[]).map((r) => (typeof r.text === 'string' ? r.text : '')).join('');
  }
  if ('formula' in v || 'sharedFormula' in v) return 'result' in v ? cellText(v.result) : null;
  // An error value (#N/A, #REF!) holds nothing.
  if ('error' in v) return null;
  if ('text' in v) return cellText(v.text);
  return null;
}

export type SheetRow = { number: number; cells: (string | null)[] };

/**
 * The first sheet's rows, one at a time, each as its cells' text (index 0 is column A). Empty rows are
 * left out. Only a workbook `checkXlsx` accepted is given here.
 */
export async function* readFirstSheet(buf: Buffer): AsyncGenerator<SheetRow> {
  const { default: excel } = await import('exceljs');
  const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([buf]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let read = false;
  try {
    for await (const sheet of reader) {
      const model = (reader as unknown as { model?: { sheets?: { name?: string }[] } }).model;
      const first = model?.sheets?.[0]?.name;
      const isFirst = !read && (first === undefined || (sheet as unknown as { name?: string }).name === first);
      for await (const row of sheet) {
        // Another sheet (the template's lists) is read through to its end, unused.
        if (!isFirst) continue;
        const values = row.values as unknown[];
        const cells: (string | null)[] = [];
        let any = false;
        for (let i = 1; i < values.length && i <= IMPORT_LIMITS.maxColumns; i++) {
          const text = cellText(values[i])?.trim() ?? null;
          cells.push(text ? text.slice(0, IMPORT_LIMITS.cellMax) : null);
          if (text) any = true;
        }
        if (any) yield { number: row.number, cells };
      }
      if (isFirst) read = true;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notXlsx();
  }
  if (!read) throw notXlsx();
}
