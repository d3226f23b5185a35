import { describe, expect, it } from 'vitest';
import { formatRelative, relativeParts } from './dates';

const NOW = Date.parse('2025-05-01T12:00:00Z');

describe('relativeParts', () => {
  it('picks the largest whole unit, in the past as negative', () => {
    expect(relativeParts(NOW - 30_000, NOW)).toEqual({ value: 0, unit: 'second' });
    expect(relativeParts(NOW - 5 * 60_000, NOW)).toEqual({ value: -5, unit: 'minute' });
    expect(relativeParts(NOW - 3 * 3600_000, NOW)).toEqual({ value: -3, unit: 'hour' });
    expect(relativeParts(NOW - 36 * 3600_000, NOW)).toEqual({ value: -1, unit: 'day' });
    expect(relativeParts(NOW - 15 * 86_400_000, NOW)).toEqual({ value: -2, unit: 'week' });
    expect(relativeParts(NOW - 400 * 86_400_000, NOW)).toEqual({ value: -1, unit: 'year' });
    expect(relativeParts(NOW + 2 * 3600_000, NOW)).toEqual({ value: 2, unit: 'hour' });
  });
});

describe('formatRelative', () => {
  it('says it in the language asked for', () => {
    expect(formatRelative('2025-05-01T11:55:00Z', NOW, 'en')).toBe('5 minutes ago');
    expect(formatRelative('2025-05-01T11:59:50Z', NOW, 'en')).toBe('now');
    expect(formatRelative('2025-05-01T11:55:00Z', NOW, 'es')).toBe('hace 5 minutos');
    expect(formatRelative('not a date', NOW, 'en')).toBe('not a date');
  });
});
