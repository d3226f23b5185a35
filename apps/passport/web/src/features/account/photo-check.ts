import { LIMITS } from '@app/shared/constants';

// The photo rules the server applies (the spec's, LIMITS.photo), checked before the upload so a phone
// does not send megabytes for nothing: JPEG or PNG (by the file's first bytes, not only its name), at most
// 3 MB. Its size in pixels (at least 250 × 300) is the server's to check.

export const PHOTO_MAX_BYTES = LIMITS.photo.maxBytes;
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

export type PhotoProblem = 'type' | 'size';

const startsWith = (head: Uint8Array, signature: readonly number[]) => signature.every((byte, i) => head[i] === byte);
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What is wrong with a chosen file, given its size and its first 8 bytes; undefined when it may be sent. */
export function photoProblem(file: { size: number }, head: Uint8Array): PhotoProblem | undefined {
  if (!startsWith(head, JPEG) && !startsWith(head, PNG)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return undefined;
}

/** The first bytes of a file, for photoProblem. */
export async function fileHead(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 8).arrayBuffer());
}
