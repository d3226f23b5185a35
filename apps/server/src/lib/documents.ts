// Documents people upload (agreement files, vaccination certificates): a PDF with no active content, or
// a PNG or JPEG that is decoded and stored re-encoded like any other image. Known by content only.
import { LIMITS } from '@app/shared/constants';
import { AppError } from './app-error';
import { checkImage, detectImageKind, megabytes } from './images';
import { checkPdf, isPdf } from './pdf-check';

export type StoredFileType =
  | { kind: 'pdf'; mime: 'application/pdf'; ext: 'pdf' }
  | { kind: 'png'; mime: 'image/png'; ext: 'png' }
  | { kind: 'jpg'; mime: 'image/jpeg'; ext: 'jpg' };

const TYPES = {
  pdf: { kind: 'pdf', mime: 'application/pdf', ext: 'pdf' },
  png: { kind: 'png', mime: 'image/png', ext: 'png' },
  jpg: { kind: 'jpg', mime: 'image/jpeg', ext: 'jpg' },
} as const satisfies Record<string, StoredFileType>;

/** The type of bytes we stored, by their first bytes (they were checked when uploaded). */
export function storedFileType(data: Buffer): StoredFileType | null {
  if (isPdf(data)) return TYPES.pdf;
  const image = detectImageKind(data);
  return image ? TYPES[image] : null;
}

/**
 * The bytes to store for an uploaded document and their type, or null when it is neither a PDF nor a
 * PNG or JPEG (the caller names what it takes). Throws a translated error naming the field when it is
 * one of them but unfit: too big, a PDF with active content, an image that does not decode.
 */
export async function checkDocument(
  data: Buffer,
  field: string,
  maxBytes: number,
): Promise<{ data: Buffer; type: StoredFileType } | null> {
  if (data.length > maxBytes) throw new AppError('file_too_large', { field, vars: { size: megabytes(maxBytes) } });
  if (isPdf(data)) {
    checkPdf(data, field);
    return { data, type: TYPES.pdf };
  }
  if (!detectImageKind(data)) return null;
  const image = await checkImage(data, { ...LIMITS.documentImage, maxBytes }, field);
  return { data: image.data, type: TYPES[image.kind] };
}
