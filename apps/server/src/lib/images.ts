import { imageSize } from 'image-size';
import { AppError } from './app-error';

export type ImageKind = 'png' | 'jpg';
export type ImageRule = {
  minWidth: number;
  minHeight: number;
  maxWidth?: number;
  maxHeight?: number;
  maxBytes: number;
};

/** The type by content, never by name or declared type. */
export function detectImageKind(buf: Buffer): ImageKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  return null;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Checks an uploaded image against a spec §5 rule; throws a translated error naming the field. */
export function checkImage(
  buf: Buffer,
  rule: ImageRule,
  field: string,
): { kind: ImageKind; width: number; height: number } {
  if (buf.length > rule.maxBytes) {
    throw new AppError('file_too_large', { field, vars: { size: megabytes(rule.maxBytes) } });
  }
  const kind = detectImageKind(buf);
  if (!kind) throw new AppError('invalid_image', { field });
  let size: { width?: number; height?: number };
  try {
    size = imageSize(buf);
  } catch {
    throw new AppError('invalid_image', { field });
  }
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (width < rule.minWidth || height < rule.minHeight) {
    throw new AppError('image_too_small', { field, vars: { width: rule.minWidth, height: rule.minHeight } });
  }
  if ((rule.maxWidth && width > rule.maxWidth) || (rule.maxHeight && height > rule.maxHeight)) {
    throw new AppError('image_too_large', {
      field,
      vars: { width: rule.maxWidth ?? width, height: rule.maxHeight ?? height },
    });
  }
  return { kind, width, height };
}
