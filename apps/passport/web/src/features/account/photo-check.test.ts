import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, fileHead, photoProblem } from './photo-check';

const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const gif = new TextEncoder().encode('GIF89a..');

describe('photoProblem', () => {
  it('accepts a JPEG or a PNG up to 3 MB', () => {
    expect(photoProblem({ size: 1000 }, jpeg)).toBeUndefined();
    expect(photoProblem({ size: PHOTO_MAX_BYTES }, png)).toBeUndefined();
  });

  it('refuses another kind of file, whatever its name says, and a file over 3 MB', () => {
    expect(photoProblem({ size: 1000 }, gif)).toBe('type');
    expect(photoProblem({ size: 3 }, new Uint8Array([0xff, 0xd8]))).toBe('type');
    expect(photoProblem({ size: PHOTO_MAX_BYTES + 1 }, jpeg)).toBe('size');
  });

  it('reads the first bytes of a file', async () => {
    expect(await fileHead(new Blob([png, new Uint8Array(100)]))).toEqual(png);
  });
});
