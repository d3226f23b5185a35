// The browser's first check of an image upload (spec §5: logos and profile photos are png or jpg, with
// a size cap and a minimum width and height). The type is read from the file's first bytes, not its
// name or the browser's guess; the server checks all of it again.

export const IMAGE_ACCEPT = 'image/png,image/jpeg';

export type ImageSize = { width: number; height: number };
export type ImageLimits = { minWidth: number; minHeight: number; maxBytes: number };

export type ImageProblem =
  | { code: 'invalid_image' }
  | { code: 'file_too_large'; size: string }
  | { code: 'image_too_small'; width: number; height: number };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** 'png' or 'jpeg' from the file's signature, or null for anything else. */
export function imageKind(head: Uint8Array): 'png' | 'jpeg' | null {
  const starts = (signature: number[]) => signature.every((byte, i) => head[i] === byte);
  if (starts(PNG)) return 'png';
  if (starts(JPEG)) return 'jpeg';
  return null;
}

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** The first rule an image file breaks, or null when it may be uploaded. */
export async function checkImageFile(
  file: Pick<Blob, 'size' | 'slice'>,
  limits: ImageLimits,
  readSize: () => Promise<ImageSize>,
): Promise<ImageProblem | null> {
  const head = new Uint8Array(await file.slice(0, PNG.length).arrayBuffer());
  if (!imageKind(head)) return { code: 'invalid_image' };
  if (file.size > limits.maxBytes) return { code: 'file_too_large', size: megabytes(limits.maxBytes) };
  let size: ImageSize;
  try {
    size = await readSize();
  } catch {
    return { code: 'invalid_image' };
  }
  if (size.width < limits.minWidth || size.height < limits.minHeight)
    return { code: 'image_too_small', width: limits.minWidth, height: limits.minHeight };
  return null;
}

/** Decodes an image file in the browser to learn its pixel size. */
export function readImageSize(file: Blob): Promise<ImageSize> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  return new Promise<ImageSize>((resolve, reject) => {
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('unreadable image'));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}
