import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@app/shared/constants';
import { makeJpeg, makePng, readImage } from '../../test/helpers/images';
import {
  EXIF_SECRETS,
  GIF,
  HTML_PAYLOAD,
  makeFakeHeaderPng,
  makeMetadataJpeg,
  makePngBomb,
  makePolyglotPng,
  makeTruncatedPng,
  SVG_WITH_SCRIPT,
} from '../../test/helpers/upload-fixtures';
import { AppError } from './app-error';
import { checkImage, detectImageKind } from './images';

const rule = { minWidth: 200, minHeight: 45, maxWidth: 4096, maxHeight: 4096, maxBytes: 2 * 1024 * 1024 };

/** The AppError a check throws, to compare its code, field and variables. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, options } = error as AppError;
  return { code, field: options.field, vars: options.vars };
}

describe('detectImageKind', () => {
  it('knows PNG and JPEG by their first bytes only', () => {
    expect(detectImageKind(makePng(1, 1))).toBe('png');
    expect(detectImageKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpg');
    expect(detectImageKind(GIF)).toBeNull();
    expect(detectImageKind(SVG_WITH_SCRIPT)).toBeNull();
  });
});

describe('checkImage', () => {
  it('answers the image re-encoded in its own format, with its size', async () => {
    const png = makePng(200, 45);
    const checked = await checkImage(png, rule, 'logo');
    expect(checked).toMatchObject({ kind: 'png', width: 200, height: 45 });
    expect(checked.data.equals(png)).toBe(false);
    expect(await readImage(checked.data)).toMatchObject({ format: 'png', width: 200, height: 45 });
    const jpeg = await checkImage(await makeJpeg(300, 400), rule, 'logo');
    expect(jpeg).toMatchObject({ kind: 'jpg', width: 300, height: 400 });
    expect(await readImage(jpeg.data)).toMatchObject({ format: 'jpeg' });
  });

  it('checks the file size first, then the minimum and maximum dimensions', async () => {
    expect(await refusal(checkImage(makePng(300, 300), { ...rule, maxBytes: 10 }, 'logo'))).toEqual({
      code: 'file_too_large',
      field: 'logo',
      vars: { size: '0 MB' },
    });
    expect(await refusal(checkImage(makePng(200, 44), rule, 'logo'))).toEqual({
      code: 'image_too_small',
      field: 'logo',
      vars: { width: 200, height: 45 },
    });
    expect(await refusal(checkImage(makePng(300, 300), { ...rule, maxWidth: 250 }, 'photo'))).toEqual({
      code: 'image_too_large',
      field: 'photo',
      vars: { width: 250, height: 4096 },
    });
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = makePngBomb();
    expect(bomb.length).toBeLessThan(100 * 1024);
    const started = performance.now();
    expect(await refusal(checkImage(bomb, { ...rule, maxBytes: LIMITS.logo.maxBytes }, 'logo'))).toEqual({
      code: 'image_too_large',
      field: 'logo',
      vars: { width: 4096, height: 4096 },
    });
    // Decoding 400 million pixels takes seconds; reading a header does not.
    expect(performance.now() - started).toBeLessThan(1000);
    // Within the pixel limit (4096² = 16.8 M) but wider than the rule: refused by the dimensions.
    expect((await refusal(checkImage(makePngBomb(5000, 100), rule, 'logo'))).code).toBe('image_too_large');
  });

  it('refuses a fake header, a truncated image and anything that is not a PNG or JPEG', async () => {
    const fake = makeFakeHeaderPng();
    expect(fake.length).toBe(65);
    expect((await refusal(checkImage(fake, rule, 'logo'))).code).toMatch(/^(image_too_large|invalid_image)$/);
    // The same 65 bytes claiming a size within the rule: there are no pixels to decode.
    const hollow = Buffer.from(fake);
    hollow.writeUInt32BE(300, 16);
    hollow.writeUInt32BE(300, 20);
    expect(await refusal(checkImage(hollow, rule, 'logo'))).toMatchObject({ code: 'invalid_image', field: 'logo' });
    expect(await refusal(checkImage(await makeTruncatedPng(), rule, 'photo'))).toMatchObject({
      code: 'invalid_image',
      field: 'photo',
    });
    const jpeg = await makeJpeg(300, 400);
    const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    expect((await refusal(checkImage(cut, rule, 'photo'))).code).toBe('invalid_image');
    for (const other of [GIF, SVG_WITH_SCRIPT, Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.from('%PDF-1.7')]) {
      expect(await refusal(checkImage(other, rule, 'logo'))).toMatchObject({ code: 'invalid_image', field: 'logo' });
    }
  });

  it('keeps nothing after the image: an appended HTML page is dropped', async () => {
    const polyglot = makePolyglotPng();
    const checked = await checkImage(polyglot, rule, 'logo');
    expect(checked).toMatchObject({ kind: 'png', width: 400, height: 500 });
    expect(checked.data.includes(HTML_PAYLOAD)).toBe(false);
    expect(checked.data.includes('<script')).toBe(false);
    expect(checked.data.subarray(-8, -4).toString('latin1')).toBe('IEND');
  });

  it('applies the EXIF orientation and strips EXIF, GPS and XMP', async () => {
    const jpeg = await makeMetadataJpeg();
    expect(await readImage(jpeg)).toMatchObject({ width: 500, height: 400, hasMetadata: true });
    for (const secret of EXIF_SECRETS) expect(jpeg.includes(secret)).toBe(true);

    const photo = { minWidth: 250, minHeight: 300, maxWidth: 4096, maxHeight: 4096, maxBytes: 3 * 1024 * 1024 };
    // 500 × 400 as stored would be too short for a photo; upright it is 400 × 500.
    const checked = await checkImage(jpeg, photo, 'photo');
    expect(checked).toMatchObject({ kind: 'jpg', width: 400, height: 500 });
    expect(await readImage(checked.data)).toEqual({ format: 'jpeg', width: 400, height: 500, hasMetadata: false });
    for (const secret of EXIF_SECRETS) expect(checked.data.includes(secret)).toBe(false);
    expect(checked.data.includes('Exif')).toBe(false);
  });

  it('keeps the stored image within the byte limit: a tighter encoding, else a refusal', async () => {
    // Noise saved at a low quality: re-encoding it at a higher one makes it bigger.
    const pixels = Buffer.alloc(600 * 600 * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
    const small = await sharp(pixels, { raw: { width: 600, height: 600, channels: 3 } })
      .jpeg({ quality: 30 })
      .toBuffer();
    const generous = await checkImage(small, rule, 'logo');
    expect(generous.data.length).toBeGreaterThan(small.length);
    const tight = await checkImage(small, { ...rule, maxBytes: generous.data.length - 1 }, 'logo');
    expect(tight.data.length).toBeLessThan(generous.data.length);
    expect(await refusal(checkImage(small, { ...rule, maxBytes: small.length }, 'logo'))).toMatchObject({
      code: 'file_too_large',
      field: 'logo',
    });
  });
});
