import { describe, expect, it } from 'vitest';
import { isTimeZone, safeTimeZone, wallClockMs, wallClockParts } from './time-zones';

describe('a company clock', () => {
  it('reads an instant on the wall clock of a zone, across a clock change', () => {
    // 2026-03-29 00:59:59Z is 00:59:59 in London; one second later the clocks read 02:00.
    expect(wallClockParts(Date.UTC(2026, 2, 29, 0, 59, 59), 'Europe/London')).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 0,
      minute: 59,
      second: 59,
    });
    expect(wallClockParts(Date.UTC(2026, 2, 29, 1, 0, 0), 'Europe/London')).toMatchObject({ hour: 2, minute: 0 });
    expect(wallClockMs(Date.UTC(2026, 0, 1, 20, 30), 'Asia/Dubai')).toBe(Date.UTC(2026, 0, 2, 0, 30));
  });

  it('reads midnight as hour 0', () => {
    expect(wallClockParts(new Date('2026-06-01T22:00:00Z'), 'Europe/Madrid').hour).toBe(0);
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC');
    expect(safeTimeZone(null)).toBe('UTC');
    expect(safeTimeZone('America/New_York')).toBe('America/New_York');
  });
});
