import { describe, expect, it } from 'vitest';
import { companyNow, firstSlot, formatVisitTime, isBeforeNow } from './visit-clock';

const at = (iso: string) => new Date(iso).getTime();

describe('the company clock', () => {
  it('reads now in the company’s time zone, and in UTC for an unknown one', () => {
    expect(companyNow('Asia/Dubai', at('2026-05-04T21:30:00Z'))).toEqual({ date: '2026-05-05', time: '01:30' });
    expect(companyNow('Not/AZone', at('2026-05-04T21:30:00Z'))).toEqual({ date: '2026-05-04', time: '21:30' });
    expect(companyNow(null, at('2026-05-04T21:30:59Z'))).toEqual({ date: '2026-05-04', time: '21:30' });
  });

  it('starts a new visit at the next quarter hour, tomorrow after 23:45', () => {
    expect(firstSlot('UTC', at('2026-05-04T09:00:00Z'))).toEqual({ date: '2026-05-04', time: '09:15' });
    expect(firstSlot('UTC', at('2026-05-04T09:14:00Z'))).toEqual({ date: '2026-05-04', time: '09:15' });
    expect(firstSlot('UTC', at('2026-05-04T23:50:00Z'))).toEqual({ date: '2026-05-05', time: '00:00' });
    expect(firstSlot('UTC', at('2026-12-31T23:45:00Z'))).toEqual({ date: '2027-01-01', time: '00:00' });
  });

  it('refuses a time before now, to the minute, on the company clock', () => {
    const now = at('2026-05-04T10:30:40Z');
    expect(isBeforeNow('2026-05-04', '10:29', 'UTC', now)).toBe(true);
    expect(isBeforeNow('2026-05-04', '10:30', 'UTC', now)).toBe(false);
    expect(isBeforeNow('2026-05-03', '23:59', 'UTC', now)).toBe(true);
    expect(isBeforeNow('2026-05-05', '00:00', 'UTC', now)).toBe(false);
    // 10:30 UTC is 14:30 in Dubai.
    expect(isBeforeNow('2026-05-04', '14:00', 'Asia/Dubai', now)).toBe(true);
    expect(isBeforeNow('2026-05-04', '14:30:00', 'Asia/Dubai', now)).toBe(false);
  });

  it('shows an expected time as written, in the reader’s language', () => {
    expect(formatVisitTime('2026-05-04 09:05:00', 'en')).toEqual({ date: 'Monday, May 4, 2026', time: '09:05' });
    expect(formatVisitTime('2026-05-04 17:30:00', 'es')?.time).toBe('17:30');
    expect(formatVisitTime('2026-05-04 17:30:00', 'ar')?.date).toMatch(/مايو/);
    expect(formatVisitTime('not a time', 'en')).toBeNull();
  });
});
