import { describe, expect, it } from 'vitest';
import { checkPhoto, imageKind } from './photo-check';

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

describe('checkPhoto', () => {
  it('accepts a png or jpg of at least 250×300 px and at most 3 MB', async () => {
    expect(await checkPhoto(file(PNG_HEAD), sized(250, 300))).toBeNull();
    expect(await checkPhoto(file(JPEG_HEAD, 3 * 1024 * 1024), sized(1200, 1600))).toBeNull();
  });

  it('refuses a file whose content is not png or jpg, whatever it is called, without decoding it', async () => {
    expect(await checkPhoto(file([0x47, 0x49, 0x46, 0x38]), unread)).toEqual({ code: 'invalid_image' });
  });

  it('refuses files over 3 MB', async () => {
    expect(await checkPhoto(file(PNG_HEAD, 3 * 1024 * 1024 + 1), unread)).toEqual({
      code: 'file_too_large',
      size: '3 MB',
    });
  });

  it('refuses images narrower than 250 px or lower than 300 px', async () => {
    const tooSmall = { code: 'image_too_small', width: 250, height: 300 };
    expect(await checkPhoto(file(PNG_HEAD), sized(249, 300))).toEqual(tooSmall);
    expect(await checkPhoto(file(PNG_HEAD), sized(250, 299))).toEqual(tooSmall);
  });

  it('treats a file the browser cannot decode as not an image', async () => {
    expect(await checkPhoto(file(PNG_HEAD), () => Promise.reject(new Error('broken')))).toEqual({
      code: 'invalid_image',
    });
  });
});
