import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIsoDay, formatLocalReading, parseTypedDate, timeOfReading } from './dates';

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

describe('the one way dates are written (spec §9: DD/MM/YYYY, 24-hour)', () => {
  it('writes moments as DD/MM/YYYY and DD/MM/YYYY HH:mm on this clock', () => {
    const moment = new Date(2026, 10, 24, 7, 32);
    expect(formatDate(moment)).toBe('24/11/2026');
    expect(formatDateTime(moment)).toBe('24/11/2026 07:32');
    expect(formatDateTime(new Date(2026, 0, 5, 19, 4).toISOString())).toBe('05/01/2026 19:04');
    expect(formatDate('not a date')).toBe('');
  });

  it("writes the API's days and company-clock readings the same way", () => {
    expect(formatIsoDay('2026-11-24')).toBe('24/11/2026');
    expect(formatIsoDay('2026-11-24T10:00:00Z')).toBe('24/11/2026');
    expect(formatLocalReading('2026-11-24 14:03')).toBe('24/11/2026 14:03');
    expect(formatLocalReading('soon')).toBe('soon');
    expect(timeOfReading('2026-11-24 14:03')).toBe('14:03');
  });
});
