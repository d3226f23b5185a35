import { describe, expect, it } from 'vitest';
import { makePng } from '../../test/helpers/images';
import { checkImage, detectImageKind } from './images';

const rule = { minWidth: 200, minHeight: 45, maxBytes: 2 * 1024 * 1024 };

describe('images', () => {
  it('detects PNG and JPEG by their first bytes only', () => {
    expect(detectImageKind(makePng(1, 1))).toBe('png');
    expect(detectImageKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpg');
    expect(detectImageKind(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageKind(Buffer.from('<?xml'))).toBeNull();
  });

  it('checks the minimum and maximum dimensions', () => {
    expect(checkImage(makePng(200, 45), rule, 'logo')).toEqual({ kind: 'png', width: 200, height: 45 });
    expect(() => checkImage(makePng(200, 44), rule, 'logo')).toThrow('image_too_small');
    expect(() => checkImage(makePng(300, 300), { ...rule, maxWidth: 250 }, 'photo')).toThrow('image_too_large');
    expect(() => checkImage(makePng(300, 300), { ...rule, maxBytes: 10 }, 'logo')).toThrow('file_too_large');
  });
});
