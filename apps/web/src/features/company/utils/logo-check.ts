import { LIMITS } from '@app/shared/constants';

export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

export type ImageSize = { width: number; height: number };

export type LogoProblem =
  | { code: 'invalid_image' }
  | { code: 'file_too_large'; size: string }
  | { code: 'image_too_small'; width: number; height: number };

const { minWidth, minHeight, maxBytes } = LIMITS.logo;

/** The first rule a logo breaks (spec §5: png or jpg, at most 2 MB, at least 200×45 px), or null. */
export async function checkLogo(
  file: Pick<File, 'type' | 'size'>,
  readSize: () => Promise<ImageSize>,
): Promise<LogoProblem | null> {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return { code: 'invalid_image' };
  if (file.size > maxBytes) return { code: 'file_too_large', size: `${maxBytes / 1024 / 1024} MB` };
  let size: ImageSize;
  try {
    size = await readSize();
  } catch {
    return { code: 'invalid_image' };
  }
  if (size.width < minWidth || size.height < minHeight) {
    return { code: 'image_too_small', width: minWidth, height: minHeight };
  }
  return null;
}

/** Loads an image file in the browser to learn its pixel size. */
export function readImageSize(file: Blob): Promise<ImageSize> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  return new Promise<ImageSize>((resolve, reject) => {
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('unreadable image'));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}
