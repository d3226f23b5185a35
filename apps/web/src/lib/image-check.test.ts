import { describe, expect, it } from 'vitest';
import { LIMITS } from '@app/shared/constants';
import { checkImageFile, imageKind } from './image-check';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const file = (head: number[], size = 50_000) => {
  const blob = new Blob([new Uint8Array(head)]);
  return { size, slice: blob.slice.bind(blob) };
};
const sized = (width: number, height: number) => () => Promise.resolve({ width, height });
const unread = () => Promise.reject(new Error('should not be read'));

describe('imageKind', () => {
  it('knows png and jpg by their first bytes', () => {
    expect(imageKind(new Uint8Array(PNG_HEAD))).toBe('png');
    expect(imageKind(new Uint8Array(JPEG_HEAD))).toBe('jpeg');
  });

  it('refuses everything else, including a file too short to tell', () => {
    expect(imageKind(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toBeNull(); // GIF
    expect(imageKind(new TextEncoder().encode('<svg xmlns='))).toBeNull();
    expect(imageKind(new Uint8Array([0x89, 0x50]))).toBeNull();
    expect(imageKind(new Uint8Array([]))).toBeNull();
  });
});

describe('checkImageFile: profile photo (at least 250×300 px, at most 3 MB)', () => {
  const photo = LIMITS.photo;

  it('accepts a png or jpg within the limits', async () => {
    expect(await checkImageFile(file(PNG_HEAD), photo, sized(250, 300))).toBeNull();
    expect(await checkImageFile(file(JPEG_HEAD, 3 * 1024 * 1024), photo, sized(1200, 1600))).toBeNull();
  });

  it('refuses a file whose content is not png or jpg, whatever it is called, without decoding it', async () => {
    expect(await checkImageFile(file([0x47, 0x49, 0x46, 0x38]), photo, unread)).toEqual({ code: 'invalid_image' });
  });

  it('refuses files over the cap', async () => {
    expect(await checkImageFile(file(PNG_HEAD, 3 * 1024 * 1024 + 1), photo, unread)).toEqual({
      code: 'file_too_large',
      size: '3 MB',
    });
  });

  it('refuses images narrower or lower than the minimum', async () => {
    const tooSmall = { code: 'image_too_small', width: 250, height: 300 };
    expect(await checkImageFile(file(PNG_HEAD), photo, sized(249, 300))).toEqual(tooSmall);
    expect(await checkImageFile(file(PNG_HEAD), photo, sized(250, 299))).toEqual(tooSmall);
  });

  it('treats a file the browser cannot decode as not an image', async () => {
    const broken = () => Promise.reject(new Error('broken'));
    expect(await checkImageFile(file(PNG_HEAD), photo, broken)).toEqual({ code: 'invalid_image' });
  });
});

describe('checkImageFile: company logo (at least 200×45 px, at most 2 MB)', () => {
  const logo = LIMITS.logo;

  it('applies the logo limits', async () => {
    expect(await checkImageFile(file(PNG_HEAD), logo, sized(200, 45))).toBeNull();
    expect(await checkImageFile(file(PNG_HEAD), logo, sized(199, 45))).toEqual({
      code: 'image_too_small',
      width: 200,
      height: 45,
    });
    expect(await checkImageFile(file(JPEG_HEAD, 2 * 1024 * 1024 + 1), logo, unread)).toEqual({
      code: 'file_too_large',
      size: '2 MB',
    });
  });
});
