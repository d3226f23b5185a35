// Spec §5 "Pre-registration photo: 250-4096 px wide, 300-2688 px high, max 3 MB", checked in the
// browser by the file's content, size and pixel size before it is sent (the server checks again).
import { LIMITS } from '@app/shared/constants';
import { checkImageFile, readImageSize, type ImageProblem, type ImageSize } from '@/lib/image-check';

const L = LIMITS.preRegistrationPhoto;

export type PhotoProblem = ImageProblem | { code: 'image_too_large'; width: number; height: number };

export async function checkPreRegistrationPhoto(
  file: Pick<Blob, 'size' | 'slice'>,
  readSize: () => Promise<ImageSize>,
): Promise<PhotoProblem | null> {
  let size: ImageSize | null = null;
  const problem = await checkImageFile(file, L, async () => (size = await readSize()));
  if (problem) return problem;
  const { width, height } = size!;
  if (width > L.maxWidth || height > L.maxHeight) {
    return { code: 'image_too_large', width: L.maxWidth, height: L.maxHeight };
  }
  return null;
}

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * What the photo field says of a file, whether the visitor chose it or it came from their passport (the
 * same checks for both): the rule it breaks, translated, or null when it may be sent.
 */
export async function photoMessage(file: Blob, t: Translate): Promise<string | null> {
  const found = await checkPreRegistrationPhoto(file, () => readImageSize(file));
  return found ? t(`errors:${found.code}`, found) : null;
}
