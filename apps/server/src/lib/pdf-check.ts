// A PDF we store and hand to other people must be a document and nothing more: no scripts, no actions
// run on opening, no embedded files, no forms that send data away. Those all need one of a few names in
// the file (/JavaScript, /OpenAction, …), either in the raw bytes or inside a compressed object stream,
// so the check reads names in both. A PDF we cannot read to the end (encrypted, an old compression, a
// stream too big to inflate) is refused too: what we cannot check we do not serve.
import { constants, inflateRawSync, inflateSync } from 'node:zlib';
import { AppError } from './app-error';

/** Names that make a PDF do something: scripts, actions, embedded files, forms posting elsewhere. */
export const PDF_ACTIVE_NAMES: ReadonlySet<string> = new Set([
  'JavaScript',
  'JS',
  'OpenAction',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
]);

/** Inflated bytes read for one file, all streams together: the check must not itself be a bomb. */
export const PDF_INFLATE_BUDGET = 64 * 1024 * 1024;

export type PdfFinding =
  | { kind: 'active'; name: string }
  | { kind: 'encrypted' }
  | { kind: 'unreadable'; reason: 'filter' | 'stream' | 'too_large' };

export const isPdf = (buf: Buffer) => buf.length >= 5 && buf.subarray(0, 5).toString('latin1') === '%PDF-';

// PDF delimiters and white space end a name (ISO 32000-1 §7.2.2, §7.3.5).
const ENDS_NAME = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)).concat([0, 9, 10, 12, 13, 32]));
const SLASH = 0x2f;

type NameToken = { name: string; end: number };

/** Each name in the bytes with where it ends, `#xx` escapes decoded (so /J#61vaScript is /JavaScript). */
function* namesIn(bytes: Buffer): Generator<NameToken> {
  for (let i = bytes.indexOf(SLASH); i !== -1; i = bytes.indexOf(SLASH, i + 1)) {
    let end = i + 1;
    while (end < bytes.length && !ENDS_NAME.has(bytes[end]!)) end++;
    if (end === i + 1) continue;
    const raw = bytes.subarray(i + 1, end).toString('latin1');
    const name = raw.includes('#')
      ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      : raw;
    yield { name, end };
    i = end - 1;
  }
}

// Two letters turn up by chance in binary data (uncompressed font bytes are read too, since a reader
// may be sent into them by an object offset), so /JS and /AA count only as keys with a value: a string,
// a dictionary or a reference. Longer names are too unlikely by chance to need it.
const SHORT_NAMES = new Set(['JS', 'AA']);
const KEY_VALUE = /^[\0\t\n\f\r ]*(?:[(<]|\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+R)/;
const hasValue = (bytes: Buffer, end: number) => KEY_VALUE.test(bytes.subarray(end, end + 32).toString('latin1'));

function activeName(bytes: Buffer): PdfFinding | null {
  for (const { name, end } of namesIn(bytes)) {
    if (PDF_ACTIVE_NAMES.has(name) && (!SHORT_NAMES.has(name) || hasValue(bytes, end))) return { kind: 'active', name };
    // Encrypted streams cannot be read, and object streams may hide actions inside them.
    if (name === 'Encrypt') return { kind: 'encrypted' };
  }
  return null;
}

const FILTER_ALIASES: Record<string, string> = {
  Fl: 'FlateDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  RL: 'RunLengthDecode',
  DCT: 'DCTDecode',
  CCF: 'CCITTFaxDecode',
};
// Their data is an image: it holds no objects, so no names that act.
const IMAGE_FILTERS = new Set(['DCTDecode', 'JPXDecode', 'CCITTFaxDecode', 'JBIG2Decode']);

type Stream = { dict: Buffer; data: Buffer };
const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** Streams found by their keywords; a lying /Length is not believed (readers repair it the same way). */
function* streamsIn(buf: Buffer): Generator<Stream> {
  let from = 0;
  for (;;) {
    const start = buf.indexOf('stream', from, 'latin1');
    if (start === -1) return;
    from = start + 6;
    // The keyword follows its dictionary (`>>`) and is followed by an end of line; `endstream` and
    // words that merely contain it are not streams.
    const before = buf[start - 1];
    if (before !== 0x3e && !isSpace(before)) continue;
    let dataStart = start + 6;
    if (buf[dataStart] === 0x0d && buf[dataStart + 1] === 0x0a) dataStart += 2;
    else if (buf[dataStart] === 0x0a || buf[dataStart] === 0x0d) dataStart += 1;
    else continue;
    const dictStart = Math.max(
      buf.lastIndexOf('obj', start, 'latin1'),
      buf.lastIndexOf('endstream', start, 'latin1'),
      0,
    );
    const end = buf.indexOf('endstream', dataStart, 'latin1');
    const dataEnd = end === -1 ? buf.length : end;
    yield { dict: buf.subarray(dictStart, start), data: buf.subarray(dataStart, dataEnd) };
    from = dataEnd;
  }
}

/** The stream's filters in order, read as names so an escaped /F#69lter is still seen. */
function filtersOf(dict: Buffer, names: NameToken[]): string[] {
  const at = names.findIndex((t) => t.name === 'Filter');
  if (at === -1) return [];
  let i = names[at]!.end;
  while (isSpace(dict[i])) i++;
  const following = names.slice(at + 1);
  let list: NameToken[];
  if (dict[i] === 0x5b) {
    const close = dict.indexOf(']', i, 'latin1');
    list = following.filter((t) => close === -1 || t.end <= close);
  } else {
    list = dict[i] === SLASH ? following.slice(0, 1) : [];
  }
  return list.map((t) => FILTER_ALIASES[t.name] ?? t.name);
}

function asciiHex(data: Buffer): Buffer {
  const hex = data
    .toString('latin1')
    .replace(/>.*$/s, '')
    .replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

function ascii85(data: Buffer): Buffer {
  const text = data.toString('latin1').replace(/~>.*$/s, '').replace(/^<~/, '').replace(/\s/g, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    const value = group.reduce((acc, digit) => acc * 85 + digit, 0);
    for (let i = 0; i < count - 1; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const ch of text) {
    if (ch === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const digit = ch.charCodeAt(0) - 33;
    if (digit < 0 || digit > 84) throw new Error('bad ASCII85');
    group.push(digit);
    if (group.length === 5) flush(5);
  }
  if (group.length) flush(group.length);
  return Buffer.from(out);
}

class BudgetSpent extends Error {}

function inflate(data: Buffer, budget: { left: number }): Buffer {
  const options = { maxOutputLength: Math.max(budget.left, 1), finishFlush: constants.Z_SYNC_FLUSH };
  let out: Buffer;
  try {
    out = inflateSync(data, options);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new BudgetSpent();
    // Some writers leave out the zlib header; readers accept the bare deflate data.
    try {
      out = inflateRawSync(data, options);
    } catch (raw) {
      if ((raw as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new BudgetSpent();
      throw raw;
    }
  }
  budget.left -= out.length;
  return out;
}

type ReadStream = Stream & { names: NameToken[]; filters: string[]; holdsObjects: boolean; isImage: boolean };

function readStream(stream: Stream): ReadStream {
  const names = [...namesIn(stream.dict)];
  const filters = filtersOf(stream.dict, names);
  // Objects (and so actions) live in object streams, found by /N and /First whatever else the
  // dictionary claims; any other stream that says it is an image is pixels.
  const holdsObjects = names.some((t) => t.name === 'N' || t.name === 'First' || t.name === 'ObjStm');
  const isImage = names.some((t) => t.name === 'Image') || filters.some((f) => IMAGE_FILTERS.has(f));
  return { ...stream, names, filters, holdsObjects, isImage };
}

/** The file with the data of compressed and image streams left out: what a reader parses as objects. */
function skeletonOf(buf: Buffer, streams: ReadStream[]): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (const stream of streams) {
    if (stream.filters.length === 0 && !(stream.isImage && !stream.holdsObjects)) continue;
    const start = stream.data.byteOffset - buf.byteOffset;
    parts.push(buf.subarray(at, start));
    at = start + stream.data.length;
  }
  parts.push(buf.subarray(at));
  return Buffer.concat(parts);
}

/**
 * What makes a PDF unfit to store, or null. The caller has checked it starts with `%PDF-`. Names are
 * read in the file's objects and inside every stream that can hold objects, never in compressed bytes
 * or pixels as they are (where a short name turns up by chance).
 */
export function findPdfProblem(buf: Buffer, inflateBudget = PDF_INFLATE_BUDGET): PdfFinding | null {
  const streams = [...streamsIn(buf)].map(readStream);
  const outer = activeName(skeletonOf(buf, streams));
  if (outer) return outer;
  const budget = { left: inflateBudget };
  for (const stream of streams) {
    if (stream.isImage && !stream.holdsObjects) continue;
    if (stream.filters.length === 0) continue; // part of the skeleton above
    let data = stream.data;
    try {
      for (const filter of stream.filters) {
        if (filter === 'FlateDecode') data = inflate(data, budget);
        else if (filter === 'ASCIIHexDecode') data = asciiHex(data);
        else if (filter === 'ASCII85Decode') data = ascii85(data);
        else return { kind: 'unreadable', reason: 'filter' };
      }
    } catch (error) {
      return { kind: 'unreadable', reason: error instanceof BudgetSpent ? 'too_large' : 'stream' };
    }
    const inside = activeName(data);
    if (inside) return inside;
  }
  return null;
}

const MESSAGE_KEY: Record<PdfFinding['kind'], string> = {
  active: 'pdf_active_content',
  encrypted: 'pdf_encrypted',
  unreadable: 'pdf_unreadable',
};

/** Throws a translated 422 naming the field when the PDF is not a plain document. */
export function checkPdf(buf: Buffer, field: string): void {
  if (!isPdf(buf)) throw new AppError('rule_violation', { field, messageKey: 'pdf_invalid' });
  const problem = findPdfProblem(buf);
  if (problem) {
    throw new AppError('rule_violation', {
      field,
      messageKey: MESSAGE_KEY[problem.kind],
      vars: problem.kind === 'active' ? { name: problem.name } : undefined,
    });
  }
}
