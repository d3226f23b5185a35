import { describe, expect, it } from 'vitest';
import { checkLogo } from './logo-check';

const png = (size = 10_000) => ({ type: 'image/png', size });
const sized = (width: number, height: number) => () => Promise.resolve({ width, height });

describe('checkLogo', () => {
  it('accepts a png or jpg of at least 200×45 px and 2 MB at most', async () => {
    expect(await checkLogo(png(), sized(200, 45))).toBeNull();
    expect(await checkLogo({ type: 'image/jpeg', size: 2 * 1024 * 1024 }, sized(800, 200))).toBeNull();
  });

  it('rejects other file types without reading them', async () => {
    const unread = () => Promise.reject(new Error('should not be read'));
    expect(await checkLogo({ type: 'image/gif', size: 100 }, unread)).toEqual({ code: 'invalid_image' });
    expect(await checkLogo({ type: 'image/svg+xml', size: 100 }, unread)).toEqual({ code: 'invalid_image' });
  });

  it('rejects files over 2 MB', async () => {
    expect(await checkLogo(png(2 * 1024 * 1024 + 1), sized(800, 200))).toEqual({
      code: 'file_too_large',
      size: '2 MB',
    });
  });

  it('rejects images narrower or lower than the minimum', async () => {
    const tooSmall = { code: 'image_too_small', width: 200, height: 45 };
    expect(await checkLogo(png(), sized(199, 45))).toEqual(tooSmall);
    expect(await checkLogo(png(), sized(200, 44))).toEqual(tooSmall);
  });

  it('treats a file the browser cannot decode as not an image', async () => {
    expect(await checkLogo(png(), () => Promise.reject(new Error('broken')))).toEqual({ code: 'invalid_image' });
  });
});
