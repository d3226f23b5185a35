import { deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  HTML_AS_PDF,
  makeCleanPdf,
  makePdfOf,
  makePdfWithEscapedName,
  makePdfWithFlateJs,
  makePdfWithJavaScript,
  makePdfWithOpenAction,
  pdfStream,
} from '../../test/helpers/upload-fixtures';
import { AppError } from './app-error';
import { checkPdf, findPdfProblem, isPdf, PDF_ACTIVE_NAMES } from './pdf-check';

const catalog = (extra = '') => `<< /Type /Catalog /Pages 2 0 R ${extra}>>`;
const pages = '<< /Type /Pages /Kids [] /Count 0 >>';
const ascii85 = (data: Buffer) => {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const group = Buffer.concat([data.subarray(i, i + 4), Buffer.alloc(4)]).readUInt32BE(0);
    const digits = Array.from({ length: 5 }, (_, k) =>
      String.fromCharCode(33 + (Math.floor(group / 85 ** (4 - k)) % 85)),
    );
    out += digits.slice(0, Math.min(4, data.length - i) + 1).join('');
  }
  return Buffer.from(`${out}~>`);
};

describe('isPdf', () => {
  it('takes only files that start with %PDF-', () => {
    expect(isPdf(makeCleanPdf())).toBe(true);
    expect(isPdf(HTML_AS_PDF)).toBe(false);
    expect(isPdf(Buffer.from(' %PDF-1.7'))).toBe(false);
  });
});

describe('findPdfProblem', () => {
  it('passes a plain PDF, compressed page text included', () => {
    expect(findPdfProblem(makeCleanPdf())).toBeNull();
    // Names that merely start like an active one are not active.
    expect(findPdfProblem(makePdfOf(catalog('/JSON 1 /AAPL 2 /OpenActions 3'), pages))).toBeNull();
    // Two letters in binary data by chance are not a key with a value.
    expect(
      findPdfProblem(
        makePdfOf(catalog(), pages, Buffer.from('<< >> stream\n\x8f/JS\x01/AA]\x02\nendstream', 'latin1')),
      ),
    ).toBeNull();
  });

  it('takes /JS and /AA as keys with a string, a dictionary or a reference', () => {
    for (const entry of [
      '/JS (app.alert(1))',
      '/JS <6170702e616c657274>',
      '/JS 7 0 R',
      '/AA << /O 7 0 R >>',
      '/AA\n12 0 R',
    ]) {
      expect(findPdfProblem(makePdfOf(catalog(entry), pages)), entry).toMatchObject({ kind: 'active' });
    }
  });

  it('finds every active name in the raw bytes', () => {
    for (const name of PDF_ACTIVE_NAMES) {
      expect(findPdfProblem(makePdfOf(catalog(`/${name} 3 0 R`), pages)), name).toEqual({ kind: 'active', name });
    }
    expect(findPdfProblem(makePdfWithJavaScript())).toEqual({ kind: 'active', name: 'JavaScript' });
    expect(findPdfProblem(makePdfWithOpenAction())).toEqual({ kind: 'active', name: 'OpenAction' });
  });

  it('decodes #xx name escapes', () => {
    expect(findPdfProblem(makePdfWithEscapedName())).toEqual({ kind: 'active', name: 'JavaScript' });
    expect(findPdfProblem(makePdfOf(catalog('/#4Fpen#41ction 3 0 R'), pages))).toEqual({
      kind: 'active',
      name: 'OpenAction',
    });
  });

  it('looks inside compressed streams, whatever their dictionary claims', () => {
    expect(findPdfProblem(makePdfWithFlateJs())).toEqual({ kind: 'active', name: 'JavaScript' });
    expect(makePdfWithFlateJs().includes('/JavaScript')).toBe(false);
    const hidden = deflateSync(Buffer.from('7 0 << /Type /Action /S /Launch /F (calc.exe) >>'));
    const streams = [
      pdfStream('/Filter /Fl', hidden),
      pdfStream('/F#69lter /FlateDecode', hidden),
      pdfStream('/Filter [/FlateDecode]', hidden),
      pdfStream('/Filter /FlateDecode', deflateRawSync(Buffer.from('/Launch'))),
      pdfStream('/Filter [/ASCII85Decode /FlateDecode]', ascii85(hidden)),
      pdfStream('/Filter /ASCIIHexDecode', Buffer.from(`${Buffer.from('/Launch 1').toString('hex')}>`)),
      // An object stream that calls itself an image is still read.
      pdfStream('/Type /ObjStm /Subtype /Image /N 1 /First 4 /Filter /FlateDecode', hidden),
    ];
    for (const stream of streams) {
      expect(findPdfProblem(makePdfOf(catalog(), pages, stream)), stream.toString('latin1', 0, 60)).toEqual({
        kind: 'active',
        name: 'Launch',
      });
    }
  });

  it('does not inflate image pixels', () => {
    const pixels = deflateSync(Buffer.from('/JS as pixel bytes'));
    const image = pdfStream('/Type /XObject /Subtype /Image /Width 6 /Height 1 /Filter /FlateDecode', pixels);
    expect(findPdfProblem(makePdfOf(catalog(), pages, image))).toBeNull();
  });

  it('refuses what it cannot read through: encryption, other filters, broken or oversized streams', () => {
    const encrypted = Buffer.from(
      makePdfOf(catalog(), pages, '<< /Filter /Standard /V 2 >>')
        .toString('latin1')
        .replace('trailer\n<<', 'trailer\n<< /Encrypt 3 0 R'),
      'latin1',
    );
    expect(findPdfProblem(encrypted)).toEqual({ kind: 'encrypted' });
    expect(findPdfProblem(makePdfOf(catalog(), pages, pdfStream('/Filter /LZWDecode', Buffer.from('x'))))).toEqual({
      kind: 'unreadable',
      reason: 'filter',
    });
    expect(
      findPdfProblem(makePdfOf(catalog(), pages, pdfStream('/Filter /FlateDecode', Buffer.from('not deflate')))),
    ).toEqual({ kind: 'unreadable', reason: 'stream' });
    // A compressed stream that inflates past the budget is refused, not inflated to the end.
    const bomb = makePdfOf(
      catalog(),
      pages,
      pdfStream('/Filter /FlateDecode', deflateSync(Buffer.alloc(4 * 1024 * 1024))),
    );
    expect(bomb.length).toBeLessThan(10 * 1024);
    expect(findPdfProblem(bomb, 1024 * 1024)).toEqual({ kind: 'unreadable', reason: 'too_large' });
    expect(findPdfProblem(bomb)).toBeNull();
  });
});

describe('checkPdf', () => {
  it('throws a 422 naming the field and the active name', () => {
    expect(() => checkPdf(makeCleanPdf(), 'file')).not.toThrow();
    const error = (() => {
      try {
        checkPdf(makePdfWithFlateJs(), 'file');
      } catch (e) {
        return e;
      }
    })() as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(422);
    expect(error.options).toMatchObject({
      field: 'file',
      messageKey: 'pdf_active_content',
      vars: { name: 'JavaScript' },
    });
    expect(() => checkPdf(HTML_AS_PDF, 'file')).toThrow(AppError);
  });
});

describe('names by chance', () => {
  it('never reads compressed bytes as they are, so a short name in them is not a finding', () => {
    // Deflated data that happens to hold `/JS (` inflates to harmless text; the raw bytes are not names.
    const text = Buffer.from('BT /F1 12 Tf (hello) Tj ET');
    const compressed = deflateSync(text);
    const lucky = Buffer.concat([compressed, Buffer.from('/JS (x)', 'latin1')]);
    const stream = pdfStream('/Filter /FlateDecode', lucky);
    expect(findPdfProblem(makePdfOf(catalog(), pages, stream))).toBeNull();
    // The same bytes outside any stream are a key with a value.
    expect(findPdfProblem(makePdfOf(catalog('/JS (x)'), pages))).toMatchObject({ kind: 'active', name: 'JS' });
  });
});
