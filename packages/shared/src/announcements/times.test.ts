import { describe, expect, it } from 'vitest';
import { announcementTimeIssues, floorToMinute, fromLocalDateTime, isLocalDateTime, toLocalDateTime } from './times';
import { safeTimeZone } from '../time-zones';

describe('local date-times', () => {
  it('accepts real minutes only', () => {
    expect(isLocalDateTime('2026-02-28T23:59')).toBe(true);
    expect(isLocalDateTime('2028-02-29T00:00')).toBe(true);
    for (const bad of [
      '2026-02-29T10:00',
      '2026-13-01T10:00',
      '2026-01-01T24:00',
      '2026-01-01T10:60',
      '2026-01-01 10:00',
      '2026-01-01T10:00:00',
      '1999-12-31T10:00',
      '',
    ])
      expect(isLocalDateTime(bad), bad).toBe(false);
  });

  it('converts both ways in a zone', () => {
    expect(fromLocalDateTime('2026-07-01T09:30', 'Europe/Madrid')!.toISOString()).toBe('2026-07-01T07:30:00.000Z');
    expect(fromLocalDateTime('2026-01-01T09:30', 'Europe/Madrid')!.toISOString()).toBe('2026-01-01T08:30:00.000Z');
    expect(fromLocalDateTime('2026-01-01T09:30', 'Asia/Kolkata')!.toISOString()).toBe('2026-01-01T04:00:00.000Z');
    expect(toLocalDateTime(new Date('2026-01-01T04:00:59.999Z'), 'Asia/Kolkata')).toBe('2026-01-01T09:30');
    expect(toLocalDateTime(new Date('2026-12-31T23:30:00Z'), 'Pacific/Kiritimati')).toBe('2027-01-01T13:30');
    expect(fromLocalDateTime('2026-02-30T10:00', 'UTC')).toBeNull();
  });

  it('reads a skipped minute as just after the jump and a repeated one as its first time', () => {
    // Madrid, 29 March 2026: 02:00 → 03:00. 25 October 2026: 03:00 → 02:00.
    expect(fromLocalDateTime('2026-03-29T02:30', 'Europe/Madrid')!.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(toLocalDateTime(fromLocalDateTime('2026-03-29T02:30', 'Europe/Madrid')!, 'Europe/Madrid')).toBe(
      '2026-03-29T03:30',
    );
    expect(fromLocalDateTime('2026-10-25T02:30', 'Europe/Madrid')!.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(fromLocalDateTime('2026-10-25T03:30', 'Europe/Madrid')!.toISOString()).toBe('2026-10-25T02:30:00.000Z');
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC');
    expect(safeTimeZone(null)).toBe('UTC');
    expect(fromLocalDateTime('2026-01-01T10:00', 'Mars/Olympus')!.toISOString()).toBe('2026-01-01T10:00:00.000Z');
  });

  it('floors to the minute', () => {
    expect(floorToMinute(new Date('2026-01-01T10:00:59.999Z')).toISOString()).toBe('2026-01-01T10:00:00.000Z');
  });
});

describe('announcementTimeIssues', () => {
  const now = new Date('2026-06-01T10:15:42Z');
  const check = (publish: string, expires: string, timeZone = 'UTC', kept = {}) =>
    announcementTimeIssues({ publish_at: publish, expires_at: expires }, { timeZone, now, kept });

  it('allows the current minute and later', () => {
    expect(check('2026-06-01T10:15', '2026-06-01T10:16')).toEqual([]);
  });

  it('refuses the minute before, in the company’s zone', () => {
    expect(check('2026-06-01T10:14', '2026-06-01T12:00')).toEqual([
      { field: 'publish_at', key: 'announcement_publish_in_past' },
    ]);
    // 10:15 UTC is 19:15 in Tokyo: a Tokyo reading of 12:00 today has passed; in Los Angeles it is hours ahead.
    expect(check('2026-06-01T12:00', '2026-06-01T23:00', 'Asia/Tokyo').map((i) => i.key)).toEqual([
      'announcement_publish_in_past',
    ]);
    expect(check('2026-06-01T12:00', '2026-06-01T23:00', 'America/Los_Angeles')).toEqual([]);
  });

  it('wants the expiry after the publish time and not in the past', () => {
    expect(check('2026-06-01T12:00', '2026-06-01T12:00')).toEqual([
      { field: 'expires_at', key: 'announcement_expiry_before_publish' },
    ]);
    expect(check('2026-06-01T09:00', '2026-06-01T08:00').map((i) => i.key)).toEqual([
      'announcement_publish_in_past',
      'announcement_expiry_in_past',
      'announcement_expiry_before_publish',
    ]);
  });

  it('lets a time kept from before lie in the past', () => {
    expect(check('2026-06-01T09:00', '2026-06-01T12:00', 'UTC', { publish_at: true })).toEqual([]);
    expect(check('2026-06-01T08:00', '2026-06-01T09:00', 'UTC', { publish_at: true, expires_at: true })).toEqual([]);
  });

  it('says nothing of readings that are not times: the schema does', () => {
    expect(check('soon', 'later')).toEqual([]);
  });
});
