import { describe, expect, it } from 'vitest';
import { checkPreRegistrationPhoto } from './photo-check';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const file = (head: number[], size = 1000) => new Blob([new Uint8Array([...head, ...new Array(size).fill(0)])]);
const sized = (width: number, height: number) => () => Promise.resolve({ width, height });

describe('the pre-registration photo check', () => {
  it('takes a png or jpg of 250-4096 × 300-2688 px', async () => {
    expect(await checkPreRegistrationPhoto(file(PNG), sized(250, 300))).toBeNull();
    expect(await checkPreRegistrationPhoto(file([0xff, 0xd8, 0xff]), sized(4096, 2688))).toBeNull();
  });

  it('names the first rule broken: type by content, size, smallest and largest', async () => {
    expect(await checkPreRegistrationPhoto(file([0x47, 0x49, 0x46]), sized(400, 400))).toEqual({
      code: 'invalid_image',
    });
    expect(await checkPreRegistrationPhoto(file(PNG, 3 * 1024 * 1024), sized(400, 400))).toEqual({
      code: 'file_too_large',
      size: '3 MB',
    });
    expect(await checkPreRegistrationPhoto(file(PNG), sized(249, 400))).toEqual({
      code: 'image_too_small',
      width: 250,
      height: 300,
    });
    expect(await checkPreRegistrationPhoto(file(PNG), sized(800, 2689))).toEqual({
      code: 'image_too_large',
      width: 4096,
      height: 2688,
    });
    expect(await checkPreRegistrationPhoto(file(PNG), () => Promise.reject(new Error('unreadable')))).toEqual({
      code: 'invalid_image',
    });
  });
});
