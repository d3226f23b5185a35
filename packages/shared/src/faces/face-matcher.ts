// Matching a face against a library of face descriptors (decision 050): the same code on the kiosk (in
// the browser) and on the server's second look. The library is one Float32Array, row after row, so a
// match against 5,000 people is one pass over 2.5 MB.

/**
 * The recognition model whose descriptors are compared: the server's face IDs and the kiosk's camera
 * must come from the same one (their detectors may differ).
 */
export const FACE_RECOGNITION_MODEL = 'face-api-1.7.15';

/** The length of a face descriptor (face-api's recognition network). */
export const FACE_DESCRIPTOR_LENGTH = 128;

export type MatchSettings = { matchThreshold: number; minGap: number };

/** A descriptor from its wire form: its float32 bytes (little-endian), base64. Null when it is not one. */
export function descriptorFromText(text: string): Float32Array | null {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  if (binary.length !== FACE_DESCRIPTOR_LENGTH * 4) return null;
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const descriptor = new Float32Array(bytes.buffer);
  return descriptor.every(Number.isFinite) ? descriptor : null;
}

/** A descriptor in its wire form. */
export function descriptorToText(descriptor: Float32Array): string {
  const bytes = new Uint8Array(descriptor.buffer, descriptor.byteOffset, descriptor.byteLength);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The Euclidean distance between two descriptors. */
export function faceDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  return Math.sqrt(sum);
}

export class FaceMatcher<Id> {
  private readonly rows: Float32Array;
  private readonly ids: Id[];

  constructor(entries: readonly { id: Id; descriptor: ArrayLike<number> }[]) {
    this.ids = entries.map((e) => e.id);
    this.rows = new Float32Array(entries.length * FACE_DESCRIPTOR_LENGTH);
    entries.forEach((e, i) => this.rows.set(e.descriptor, i * FACE_DESCRIPTOR_LENGTH));
  }

  get size() {
    return this.ids.length;
  }

  /**
   * The nearest person, when nearer than the threshold and clearly nearer than the next (by `minGap`):
   * two people alike enough to be confused are neither.
   */
  match(probe: ArrayLike<number>, { matchThreshold, minGap }: MatchSettings): { id: Id; distance: number } | null {
    const n = FACE_DESCRIPTOR_LENGTH;
    let best = -1;
    let bestSq = Infinity;
    let secondSq = Infinity;
    for (let row = 0, at = 0; row < this.ids.length; row++, at += n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const d = this.rows[at + i]! - probe[i]!;
        sum += d * d;
      }
      if (sum < bestSq) {
        secondSq = bestSq;
        bestSq = sum;
        best = row;
      } else if (sum < secondSq) secondSq = sum;
    }
    if (best < 0) return null;
    const distance = Math.sqrt(bestSq);
    if (distance > matchThreshold || Math.sqrt(secondSq) - distance < minGap) return null;
    return { id: this.ids[best]!, distance };
  }
}
