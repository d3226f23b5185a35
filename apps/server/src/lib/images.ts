// Uploaded images are decoded, never trusted by their header: a header can claim any size (a 20000×20000
// logo costs a browser 1.6 GB to draw) and bytes can follow the image (an HTML page after a PNG's end).
// So an upload is decoded with a pixel limit and re-encoded: what is stored is our own PNG or JPEG, with
// no metadata and nothing appended.
import type SharpModule from 'sharp';
import { AppError } from './app-error';

export type ImageKind = 'png' | 'jpg';
export type ImageRule = {
  minWidth: number;
  minHeight: number;
  maxWidth: number;
  maxHeight: number;
  maxBytes: number;
};
export type CheckedImage = { data: Buffer; kind: ImageKind; width: number; height: number };

// sharp (libvips) is loaded with the first upload: most processes never decode an image, and loading it
// costs about 10 MB of memory and 150 ms of start-up.
let loadingSharp: Promise<typeof SharpModule> | null = null;
const loadSharp = () =>
  (loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // Decoded pixels are not kept between requests: uploads are one-off, and a cache would only hold memory.
    sharp.cache(false);
    return sharp;
  }));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type by content, never by name or declared type. */
export function detectImageKind(buf: Buffer): ImageKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  return null;
}

export const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

const SHARP_FORMAT: Record<ImageKind, string> = { png: 'png', jpg: 'jpeg' };

/**
 * Checks an uploaded image against a rule (spec §5) and answers it re-encoded: the bytes to store.
 * Throws a translated error naming the field: file_too_large, invalid_image (not a PNG or JPEG by
 * content, or damaged), image_too_small, image_too_large (including a header past the pixel limit).
 */
export async function checkImage(buf: Buffer, rule: ImageRule, field: string): Promise<CheckedImage> {
  if (buf.length > rule.maxBytes) {
    throw new AppError('file_too_large', { field, vars: { size: megabytes(rule.maxBytes) } });
  }
  // Only PNG and JPEG reach the decoder: SVG, GIF, WebP and the rest are refused by their first bytes.
  const kind = detectImageKind(buf);
  if (!kind) throw new AppError('invalid_image', { field });
  const sharp = await loadSharp();
  const tooLarge = () =>
    new AppError('image_too_large', { field, vars: { width: rule.maxWidth, height: rule.maxHeight } });
  const input = () =>
    sharp(buf, {
      // Refused from the header, before a pixel is decoded.
      limitInputPixels: rule.maxWidth * rule.maxHeight,
      // A truncated or corrupt image is refused rather than stored half grey.
      failOn: 'error',
      autoOrient: true,
    });
  const refused = (error: unknown) =>
    error instanceof Error && /pixel limit/i.test(error.message)
      ? tooLarge()
      : new AppError('invalid_image', { field });

  const meta = await input()
    .metadata()
    .catch((error: unknown) => {
      throw refused(error);
    });
  if (meta.format !== SHARP_FORMAT[kind]) throw new AppError('invalid_image', { field });
  // The size as shown: a phone photo taken upright is stored sideways with an EXIF orientation.
  const { width, height } = meta.autoOrient;
  if (width < rule.minWidth || height < rule.minHeight) {
    throw new AppError('image_too_small', { field, vars: { width: rule.minWidth, height: rule.minHeight } });
  }
  if (width > rule.maxWidth || height > rule.maxHeight) throw tooLarge();

  // sharp writes no metadata unless asked (no EXIF, GPS, XMP or ICC), and only the decoded pixels. The
  // stored image keeps to the rule's byte limit too: a second, tighter encoding when the first is over.
  const encodings =
    kind === 'png'
      ? [() => input().png(), () => input().png({ compressionLevel: 9, palette: meta.isPalette })]
      : [() => input().jpeg({ quality: 90 }), () => input().jpeg({ quality: 75 })];
  for (const encode of encodings) {
    const out = await encode()
      .toBuffer({ resolveWithObject: true })
      .catch((error: unknown) => {
        throw refused(error);
      });
    if (out.data.length <= rule.maxBytes) {
      return { data: out.data, kind, width: out.info.width, height: out.info.height };
    }
  }
  throw new AppError('file_too_large', { field, vars: { size: megabytes(rule.maxBytes) } });
}
