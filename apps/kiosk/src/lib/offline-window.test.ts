import { describe, expect, it } from 'vitest';
import { HOUR_MS, dataAge } from './offline-window';

const at = Date.parse('2026-03-07T10:00:00Z');

describe('dataAge', () => {
  it('keeps data usable for the offline window after it was put together', () => {
    expect(dataAge('2026-03-07T10:00:00Z', 24, at + 23 * HOUR_MS).usable).toBe(true);
    expect(dataAge('2026-03-07T10:00:00Z', 24, at + 24 * HOUR_MS - 1).usable).toBe(true);
  });

  it('stops at the end of the window, whatever its length', () => {
    expect(dataAge('2026-03-07T10:00:00Z', 24, at + 24 * HOUR_MS)).toEqual({
      usable: false,
      usableUntil: at + 24 * HOUR_MS,
    });
    expect(dataAge('2026-03-07T10:00:00Z', 1, at + 61 * 60_000).usable).toBe(false);
    expect(dataAge('2026-03-07T10:00:00Z', 168, at + 167 * HOUR_MS).usable).toBe(true);
  });

  it('counts data from a server clock ahead of the tablet as fresh', () => {
    expect(dataAge('2026-03-07T12:00:00Z', 1, at).usable).toBe(true);
  });

  it('counts an unreadable time as too old', () => {
    expect(dataAge('not a date', 24, at)).toEqual({ usable: false, usableUntil: 0 });
  });
});
