import { describe, expect, it } from 'vitest';
import type { TimesheetDay, TimesheetList } from '@app/shared/reports/timesheet';
import { isOngoing, minutesGained, timesheetRows } from './timesheet-query';

const day = (d: string, minutes: number, ongoingSince: string | null): TimesheetDay => ({
  day: d,
  first_in: null,
  last_out: null,
  minutes,
  visits: 1,
  on_site: ongoingSince !== null,
  ongoing_since: ongoingSince,
  carried_in: false,
  carried_out: false,
  late_reasons: [],
  early_reasons: [],
  attendance_mode: null,
  expected_minutes: null,
  difference_minutes: null,
  original: { first_in: null, last_out: null, minutes },
  correction: null,
});

// The server counted at 11:30:40; the running day began at 09:00:20 (150 whole minutes then).
const AS_OF = '2026-03-04T11:30:40.000Z';
const list: TimesheetList = {
  data: [
    {
      person: { id: '00000000-0000-4000-8000-000000000001', full_name: 'Eve Early', email: null },
      days: [day('2026-03-03', 480, null), day('2026-03-04', 150, '2026-03-04T09:00:20.000Z')],
      totals: {
        days: 2,
        visits: 2,
        minutes: 630,
        expected_minutes: null,
        difference_minutes: null,
        late: 0,
        early: 0,
        corrected: 0,
      },
    },
  ],
  count: 1,
  count_capped: false,
  next_cursor: null,
  timezone: 'UTC',
  as_of: AS_OF,
};

describe('a timesheet day still on site, on a controlled clock', () => {
  const rows = timesheetRows(list)!;
  const [over, running, total] = rows;

  it('marks the running day and its total as ongoing, not the day that is over', () => {
    expect(rows.map((r) => r.kind)).toEqual(['day', 'day', 'total']);
    expect([isOngoing(over!), isOngoing(running!), isOngoing(total!)]).toEqual([false, true, true]);
  });

  it('gains nothing at the instant the server counted to, and whole minutes after it', () => {
    expect(minutesGained(running!, new Date(AS_OF))).toBe(0);
    // 19 s later the running piece turns 151 minutes (09:00:20 → 11:31:20 is the boundary).
    expect(minutesGained(running!, new Date('2026-03-04T11:31:19.000Z'))).toBe(0);
    expect(minutesGained(running!, new Date('2026-03-04T11:31:20.000Z'))).toBe(1);
    expect(minutesGained(running!, new Date('2026-03-04T12:30:40.000Z'))).toBe(60);
    // The total gains what its running day gains; the finished day never does.
    expect(minutesGained(total!, new Date('2026-03-04T12:30:40.000Z'))).toBe(60);
    expect(minutesGained(over!, new Date('2026-03-04T12:30:40.000Z'))).toBe(0);
  });

  it('never counts back when this browser’s clock is behind the server’s', () => {
    expect(minutesGained(running!, new Date('2026-03-04T11:00:00.000Z'))).toBe(0);
  });
});
