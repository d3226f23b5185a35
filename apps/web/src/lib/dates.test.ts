import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './dates';

describe('parseTypedDate', () => {
  it('reads day/month/year as the spec shows dates, and ISO dates', () => {
    expect(parseTypedDate('31/12/2026')).toBe('2026-12-31');
    expect(parseTypedDate('1/2/2026')).toBe('2026-02-01');
    expect(parseTypedDate('01.02.2026')).toBe('2026-02-01');
    expect(parseTypedDate(' 2026-02-01 ')).toBe('2026-02-01');
  });

  it('refuses days that do not exist and anything else', () => {
    expect(parseTypedDate('30/02/2026')).toBeNull();
    expect(parseTypedDate('29/02/2027')).toBeNull();
    expect(parseTypedDate('29/02/2028')).toBe('2028-02-29');
    expect(parseTypedDate('12/31/2026')).toBeNull();
    expect(parseTypedDate('tomorrow')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });
});
