import { describe, expect, it } from 'vitest';
import { capacityLevel, roomLeft } from './levels';

describe('capacityLevel', () => {
  it('has no level without a limit', () => {
    expect(capacityLevel(12, null, 80)).toBeNull();
  });

  it('reads low, nearing, full and over against the limit', () => {
    expect(capacityLevel(0, 10, 80)).toBe('low');
    expect(capacityLevel(7, 10, 80)).toBe('low');
    expect(capacityLevel(8, 10, 80)).toBe('nearing');
    expect(capacityLevel(9, 10, 80)).toBe('nearing');
    expect(capacityLevel(10, 10, 80)).toBe('full');
    expect(capacityLevel(11, 10, 80)).toBe('over');
  });

  it('follows the company’s nearing percentage, without rounding a fraction of a person up', () => {
    expect(capacityLevel(2, 3, 67)).toBe('low');
    expect(capacityLevel(2, 3, 66)).toBe('nearing');
    expect(capacityLevel(1, 1, 50)).toBe('full');
    expect(capacityLevel(0, 1, 50)).toBe('low');
  });
});

describe('roomLeft', () => {
  it('is what a place still takes, never below nothing', () => {
    expect(roomLeft(3, 5)).toBe(2);
    expect(roomLeft(7, 5)).toBe(0);
    expect(roomLeft(7, null)).toBeNull();
  });
});
