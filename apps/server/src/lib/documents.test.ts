import { describe, expect, it } from 'vitest';
import { makePng, readImage } from '../../test/helpers/images';
import {
  GIF,
  HTML_AS_PDF,
  makeCleanPdf,
  makePdfWithOpenAction,
  makePngBomb,
  makePolyglotPng,
} from '../../test/helpers/upload-fixtures';
import { AppError } from './app-error';
import { checkDocument, storedFileType } from './documents';

const MB = 1024 * 1024;
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? [e.code, e.options.messageKey ?? null, e.options.field] : e),
  );

describe('checkDocument', () => {
  it('keeps a plain PDF as it is, and re-encodes an image', async () => {
    const pdf = makeCleanPdf();
    expect(await checkDocument(pdf, 'file', 5 * MB)).toEqual({ data: pdf, type: storedFileType(pdf) });
    const image = await checkDocument(makePolyglotPng(), 'file', 5 * MB);
    expect(image?.type).toEqual({ kind: 'png', mime: 'image/png', ext: 'png' });
    expect(image!.data.includes('<script')).toBe(false);
    expect(await readImage(image!.data)).toMatchObject({ width: 400, height: 500, hasMetadata: false });
  });

  it('answers null for anything else, so the caller names what it takes', async () => {
    expect(await checkDocument(HTML_AS_PDF, 'file', 5 * MB)).toBeNull();
    expect(await checkDocument(GIF, 'file', 5 * MB)).toBeNull();
  });

  it('refuses by size first, then active content or an image that breaks the document rule', async () => {
    expect(await codeOf(checkDocument(makeCleanPdf(), 'file', 10))).toEqual(['file_too_large', null, 'file']);
    expect(await codeOf(checkDocument(makePdfWithOpenAction(), 'file', 5 * MB))).toEqual([
      'rule_violation',
      'pdf_active_content',
      'file',
    ]);
    expect(await codeOf(checkDocument(makePngBomb(), 'file', 5 * MB))).toEqual(['image_too_large', null, 'file']);
  });
});

describe('storedFileType', () => {
  it('knows stored bytes by their first bytes', () => {
    expect(storedFileType(makeCleanPdf())?.mime).toBe('application/pdf');
    expect(storedFileType(makePng(1, 1))?.ext).toBe('png');
    expect(storedFileType(HTML_AS_PDF)).toBeNull();
  });
});
