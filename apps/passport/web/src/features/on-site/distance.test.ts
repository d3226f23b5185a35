import { describe, expect, it } from 'vitest';
import { formatDistance } from './distance';

describe('formatDistance', () => {
  it('says metres under a kilometre and kilometres above, in the language', () => {
    expect(formatDistance(40, 'en')).toBe('40 m');
    expect(formatDistance(2900, 'en')).toBe('2.9 km');
    expect(formatDistance(12_345, 'es')).toBe('12,3 km');
    expect(formatDistance(40, 'ar')).toMatch(/م/);
  });
});
