import { describe, expect, it } from 'vitest';
import { answerStillValid, answerValidUntil, startOfLocalDay, wallClock } from './validity';

const at = (iso: string) => new Date(iso);
const until = (...args: Parameters<typeof answerValidUntil>) => answerValidUntil(...args)?.toISOString() ?? null;

describe('how long an answer counts, in the company time zone', () => {
  it('every time and once have no end', () => {
    expect(until('every_time', null, at('2024-05-10T10:00:00Z'), 'Europe/London')).toBeNull();
    expect(until('once', null, at('2024-05-10T10:00:00Z'), 'Europe/London')).toBeNull();
  });

  it('daily ends at the company’s midnight, not UTC’s', () => {
    // 01:00 on 11 May in Dubai (UTC+4) is still 10 May in UTC.
    expect(until('daily', null, at('2024-05-10T21:00:00Z'), 'Asia/Dubai')).toBe('2024-05-11T20:00:00.000Z');
    expect(until('daily', null, at('2024-05-10T21:00:00Z'), 'UTC')).toBe('2024-05-11T00:00:00.000Z');
    // 20:00 on 10 May in Los Angeles (UTC-7) is already 11 May in UTC.
    expect(until('daily', null, at('2024-05-11T03:00:00Z'), 'America/Los_Angeles')).toBe('2024-05-11T07:00:00.000Z');
  });

  it('daily across daylight-saving changes', () => {
    // London springs forward at 01:00 on 31 March 2024: that midnight is still GMT.
    expect(until('daily', null, at('2024-03-30T23:30:00Z'), 'Europe/London')).toBe('2024-03-31T00:00:00.000Z');
    // The next day ends at BST midnight.
    expect(until('daily', null, at('2024-03-31T12:00:00Z'), 'Europe/London')).toBe('2024-03-31T23:00:00.000Z');
    // New York falls back on 3 November 2024: 23:30 EDT on 2 November lasts until 00:00 EDT.
    expect(until('daily', null, at('2024-11-03T03:30:00Z'), 'America/New_York')).toBe('2024-11-03T04:00:00.000Z');
    expect(until('daily', null, at('2024-11-03T12:00:00Z'), 'America/New_York')).toBe('2024-11-04T05:00:00.000Z');
  });

  it('a day whose midnight does not exist begins at the first time that does', () => {
    // Chile moves its clocks from 24:00 on 7 September 2024 to 01:00 on 8 September.
    const start = startOfLocalDay({ year: 2024, month: 9, day: 8 }, 'America/Santiago');
    expect(start.toISOString()).toBe('2024-09-08T04:00:00.000Z');
    expect(wallClock(start, 'America/Santiago')).toMatchObject({ day: 8, hour: 1, minute: 0 });
    expect(until('daily', null, at('2024-09-07T16:00:00Z'), 'America/Santiago')).toBe('2024-09-08T04:00:00.000Z');
  });

  it('weekly ends at the next Monday’s midnight (weeks start on Monday)', () => {
    // Wednesday 15 May 2024 in Madrid (CEST, UTC+2).
    expect(until('weekly', null, at('2024-05-15T08:00:00Z'), 'Europe/Madrid')).toBe('2024-05-19T22:00:00.000Z');
    // Sunday: the next day.
    expect(until('weekly', null, at('2024-05-19T08:00:00Z'), 'Europe/Madrid')).toBe('2024-05-19T22:00:00.000Z');
    // Monday: a whole week.
    expect(until('weekly', null, at('2024-05-20T08:00:00Z'), 'Europe/Madrid')).toBe('2024-05-26T22:00:00.000Z');
    // Sunday 23:30 in Madrid is Sunday 21:30 UTC but the week is Madrid's.
    expect(until('weekly', null, at('2024-05-26T21:30:00Z'), 'Europe/Madrid')).toBe('2024-05-26T22:00:00.000Z');
  });

  it('monthly ends on the first of the next month, across a clock change and the year end', () => {
    expect(until('monthly', null, at('2024-03-15T12:00:00Z'), 'Europe/London')).toBe('2024-03-31T23:00:00.000Z');
    expect(until('monthly', null, at('2024-12-31T20:00:00Z'), 'Asia/Tokyo')).toBe('2025-01-31T15:00:00.000Z');
    expect(until('monthly', null, at('2024-12-31T20:00:00Z'), 'UTC')).toBe('2025-01-01T00:00:00.000Z');
  });

  it('valid until expiry lasts through the day that many days later', () => {
    // Answered on 10 May 2024 in Sydney (AEST, UTC+10): valid through 10 May 2025.
    expect(until('until_expiry', 365, at('2024-05-10T04:00:00Z'), 'Australia/Sydney')).toBe('2025-05-10T14:00:00.000Z');
    // 30 days from 1 March in New York crosses the clock change of 10 March.
    expect(until('until_expiry', 30, at('2024-03-01T17:00:00Z'), 'America/New_York')).toBe('2024-04-01T04:00:00.000Z');
  });

  it('an unknown time zone counts as UTC rather than failing', () => {
    expect(until('daily', null, at('2024-05-10T21:00:00Z'), 'Mars/Olympus')).toBe('2024-05-11T00:00:00.000Z');
  });

  it('says whether an answer still counts for a new visit', () => {
    const now = at('2024-05-10T12:00:00Z');
    expect(answerStillValid('every_time', null, now)).toBe(false);
    expect(answerStillValid('once', null, now)).toBe(true);
    expect(answerStillValid('daily', at('2024-05-11T00:00:00Z'), now)).toBe(true);
    expect(answerStillValid('daily', at('2024-05-10T12:00:00Z'), now)).toBe(false);
  });
});
