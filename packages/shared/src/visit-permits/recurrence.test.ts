import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkSchedule,
  dayVerdict,
  instantOf,
  isoWeekday,
  localDateTime,
  minutesOf,
  monthlyDateIn,
  nextOccurrences,
  occurrenceDates,
  occurrencesBetween,
  periodOn,
  resolveLocal,
  type PermitSchedule,
} from './recurrence';

const at = (iso: string) => Date.parse(iso);
const utc = (ms: number) => new Date(ms).toISOString();
const schedule = (over: Partial<PermitSchedule> = {}): PermitSchedule => ({
  start_date: '2026-01-01',
  end_date: null,
  start_time: '08:00',
  end_time: '17:00',
  recurrence: 'daily',
  weekdays: [],
  ...over,
});
const take = <T>(gen: Iterable<T>, n: number) => {
  const out: T[] = [];
  for (const item of gen) {
    if (out.length >= n) break;
    out.push(item);
  }
  return out;
};

describe('plain dates', () => {
  it('knows ISO weekdays, Monday first', () => {
    expect(isoWeekday('2026-01-05')).toBe(1); // a Monday
    expect(isoWeekday('2026-01-11')).toBe(7); // a Sunday
    expect(isoWeekday('2028-02-29')).toBe(2);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reads times as minutes after midnight', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('07:30')).toBe(450);
    expect(minutesOf('23:59:00')).toBe(1439);
    expect(() => minutesOf('24:00')).toThrow();
  });
});

describe('monthly permits on days some months lack (clamped to the last day)', () => {
  it('falls on the 31st, or the last day of shorter months', () => {
    const s = schedule({ recurrence: 'monthly', start_date: '2026-01-31' });
    expect(take(occurrenceDates(s, '2026-01-01'), 13)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
    ]);
  });

  it('takes 29 February in leap years and 28 February otherwise', () => {
    const s = schedule({ recurrence: 'monthly', start_date: '2027-01-29' });
    expect(take(occurrenceDates(s, '2027-02-01'), 1)).toEqual(['2027-02-28']);
    expect(take(occurrenceDates(s, '2028-02-01'), 1)).toEqual(['2028-02-29']);
    expect(monthlyDateIn('2026-01-30', 2028, 2)).toBe('2028-02-29');
    expect(monthlyDateIn('2026-01-15', 2028, 2)).toBe('2028-02-15');
  });

  it('goes back to the 31st after a short month, and stops at its end date', () => {
    const s = schedule({ recurrence: 'monthly', start_date: '2026-01-31', end_date: '2026-05-30' });
    expect([...occurrenceDates(s, '2026-01-01')]).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('says which days are not its day of the month', () => {
    const s = schedule({ recurrence: 'monthly', start_date: '2026-01-31' });
    expect(dayVerdict(s, '2026-02-28')).toBe('allowed');
    expect(dayVerdict(s, '2026-02-27')).toBe('not_on_day_of_month');
    expect(dayVerdict(s, '2026-03-30')).toBe('not_on_day_of_month');
    expect(dayVerdict(s, '2026-03-31')).toBe('allowed');
  });
});

describe('other recurrences', () => {
  it('once: only its start date, whatever end date it was given', () => {
    const s = schedule({ recurrence: 'none', start_date: '2026-06-15', end_date: '2026-06-20' });
    expect([...occurrenceDates(s, '2026-01-01')]).toEqual(['2026-06-15']);
    expect([...occurrenceDates(s, '2026-06-16')]).toEqual([]);
    expect(dayVerdict(s, '2026-06-16')).toBe('after_end');
    expect(dayVerdict(s, '2026-06-14')).toBe('before_start');
  });

  it('daily: every day from the start to the end date, both included', () => {
    const s = schedule({ start_date: '2026-02-27', end_date: '2026-03-02' });
    expect([...occurrenceDates(s, '2026-01-01')]).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect([...occurrenceDates(s, '2026-03-01')]).toEqual(['2026-03-01', '2026-03-02']);
  });

  it('weekly: the chosen weekdays only', () => {
    const s = schedule({ recurrence: 'weekly', weekdays: [1, 3, 5], start_date: '2026-01-01' });
    // 1 January 2026 is a Thursday.
    expect(take(occurrenceDates(s, '2026-01-01'), 5)).toEqual([
      '2026-01-02',
      '2026-01-05',
      '2026-01-07',
      '2026-01-09',
      '2026-01-12',
    ]);
    expect(dayVerdict(s, '2026-01-06')).toBe('not_on_weekday');
    expect([...occurrenceDates(schedule({ recurrence: 'weekly', weekdays: [] }), '2026-01-01')]).toEqual([]);
  });

  it('knows whether a permit is upcoming, current or ended', () => {
    const s = schedule({ start_date: '2026-03-01', end_date: '2026-03-31' });
    expect(periodOn(s, '2026-02-28')).toBe('upcoming');
    expect(periodOn(s, '2026-03-01')).toBe('current');
    expect(periodOn(s, '2026-03-31')).toBe('current');
    expect(periodOn(s, '2026-04-01')).toBe('ended');
    expect(periodOn(schedule({ recurrence: 'none', start_date: '2026-03-01' }), '2026-03-02')).toBe('ended');
    expect(periodOn(schedule({ start_date: '2026-03-01' }), '2099-01-01')).toBe('current');
  });
});

describe('wall-clock times across daylight-saving changes', () => {
  it('Europe/London: clocks go forward on 29 March 2026 (01:00 GMT → 02:00 BST)', () => {
    const s = schedule({ start_time: '08:00', end_time: '17:00' });
    const [before, day] = occurrencesBetween(
      s,
      at('2026-03-28T00:00:00Z'),
      at('2026-03-30T00:00:00Z'),
      'Europe/London',
    );
    expect(before).toMatchObject({
      date: '2026-03-28',
      starts_at: '2026-03-28T08:00:00.000Z',
      ends_at: '2026-03-28T17:00:00.000Z',
    });
    expect(day).toMatchObject({
      date: '2026-03-29',
      starts_at: '2026-03-29T07:00:00.000Z',
      ends_at: '2026-03-29T16:00:00.000Z',
    });
    expect(checkSchedule(s, at('2026-03-29T07:30:00Z'), 'Europe/London')).toEqual({
      allowed: true,
      reason: 'allowed',
      local_date: '2026-03-29',
      local_time: '08:30',
    });
    expect(checkSchedule(s, at('2026-03-29T16:30:00Z'), 'Europe/London')).toMatchObject({
      allowed: false,
      reason: 'outside_hours',
      local_time: '17:30',
    });
    expect(checkSchedule(s, at('2026-03-28T16:30:00Z'), 'Europe/London').allowed).toBe(true);
  });

  it('Europe/London: clocks go back on 25 October 2026 (02:00 BST → 01:00 GMT)', () => {
    const s = schedule({ start_time: '07:30', end_time: '18:00' });
    const [day, after] = occurrencesBetween(s, at('2026-10-25T00:00:00Z'), at('2026-10-27T00:00:00Z'), 'Europe/London');
    expect(day).toMatchObject({ starts_at: '2026-10-25T07:30:00.000Z', ends_at: '2026-10-25T18:00:00.000Z' });
    expect(after).toMatchObject({ starts_at: '2026-10-26T07:30:00.000Z' });
    const [friday] = occurrencesBetween(s, at('2026-10-23T00:00:00Z'), at('2026-10-24T00:00:00Z'), 'Europe/London');
    expect(friday).toMatchObject({ starts_at: '2026-10-23T06:30:00.000Z', ends_at: '2026-10-23T17:00:00.000Z' });
  });

  it('a window inside the hour clocks skip starts when they jump', () => {
    // America/New_York, 8 March 2026: 02:00 EST → 03:00 EDT; 02:30 never shows.
    const s = schedule({ start_time: '01:30', end_time: '02:30' });
    const [day] = occurrencesBetween(s, at('2026-03-08T00:00:00Z'), at('2026-03-09T00:00:00Z'), 'America/New_York');
    expect(day).toMatchObject({ starts_at: '2026-03-08T06:30:00.000Z', ends_at: '2026-03-08T07:00:00.000Z' });
    expect(checkSchedule(s, at('2026-03-08T06:45:00Z'), 'America/New_York')).toMatchObject({
      allowed: true,
      local_time: '01:45',
    });
    expect(checkSchedule(s, at('2026-03-08T07:05:00Z'), 'America/New_York')).toMatchObject({
      allowed: false,
      reason: 'outside_hours',
      local_time: '03:05',
    });
  });

  it('a time in the repeated hour: the first showing starts a window, the last ends it', () => {
    // America/New_York, 1 November 2026: 02:00 EDT → 01:00 EST; 01:00–01:59 shows twice.
    expect(utc(instantOf('2026-11-01', '01:30', 'America/New_York', 'first'))).toBe('2026-11-01T05:30:00.000Z');
    expect(utc(instantOf('2026-11-01', '01:30', 'America/New_York', 'last'))).toBe('2026-11-01T06:30:00.000Z');
    const s = schedule({ start_time: '01:00', end_time: '01:45' });
    const [day] = occurrencesBetween(s, at('2026-11-01T00:00:00Z'), at('2026-11-02T00:00:00Z'), 'America/New_York');
    expect(day).toMatchObject({ starts_at: '2026-11-01T05:00:00.000Z', ends_at: '2026-11-01T06:45:00.000Z' });
    // Both showings of 01:20 are within the window on the clock.
    expect(checkSchedule(s, at('2026-11-01T05:20:00Z'), 'America/New_York').allowed).toBe(true);
    expect(checkSchedule(s, at('2026-11-01T06:20:00Z'), 'America/New_York').allowed).toBe(true);
  });

  it('the southern hemisphere and zones without daylight saving', () => {
    // Australia/Sydney, 5 April 2026: 03:00 AEDT → 02:00 AEST.
    const s = schedule({ start_time: '09:00', end_time: '10:00' });
    const [sat, sun] = occurrencesBetween(
      s,
      at('2026-04-03T12:00:00Z'),
      at('2026-04-05T12:00:00Z'),
      'Australia/Sydney',
    );
    expect(sat).toMatchObject({ date: '2026-04-04', starts_at: '2026-04-03T22:00:00.000Z' });
    expect(sun).toMatchObject({ date: '2026-04-05', starts_at: '2026-04-04T23:00:00.000Z' });
    const [dubai] = occurrencesBetween(s, at('2026-06-01T00:00:00Z'), at('2026-06-01T12:00:00Z'), 'Asia/Dubai');
    expect(dubai).toMatchObject({ starts_at: '2026-06-01T05:00:00.000Z', ends_at: '2026-06-01T06:00:00.000Z' });
    const [kolkata] = occurrencesBetween(s, at('2026-06-01T00:00:00Z'), at('2026-06-01T12:00:00Z'), 'Asia/Kolkata');
    expect(kolkata).toMatchObject({ starts_at: '2026-06-01T03:30:00.000Z' });
  });

  it('a monthly permit keeps its wall-clock time in every month', () => {
    const s = schedule({ recurrence: 'monthly', start_date: '2026-01-31', start_time: '07:30', end_time: '12:00' });
    const starts = nextOccurrences(s, at('2026-01-01T00:00:00Z'), 'Europe/London', 4).map((o) => o.starts_at);
    expect(starts).toEqual([
      '2026-01-31T07:30:00.000Z',
      '2026-02-28T07:30:00.000Z',
      '2026-03-31T06:30:00.000Z',
      '2026-04-30T06:30:00.000Z',
    ]);
  });

  it('resolves a picked date and time, saying when the clock never shows it', () => {
    expect(resolveLocal('2026-03-29', '01:30', 'Europe/London')).toEqual({
      at: at('2026-03-29T01:00:00Z'),
      adjusted: true,
    });
    expect(resolveLocal('2026-07-01', '09:00', 'Europe/London')).toEqual({
      at: at('2026-07-01T08:00:00Z'),
      adjusted: false,
    });
  });
});

describe('next occurrences and the check', () => {
  it('lists the window under way first, then the next ones', () => {
    const s = schedule({ recurrence: 'weekly', weekdays: [1, 2, 3, 4, 5], start_time: '07:30', end_time: '18:00' });
    // Friday 9 January 2026, 12:00 UTC.
    const next = nextOccurrences(s, at('2026-01-09T12:00:00Z'), 'UTC', 3);
    expect(next.map((o) => o.date)).toEqual(['2026-01-09', '2026-01-12', '2026-01-13']);
    expect(nextOccurrences(s, at('2026-01-09T19:00:00Z'), 'UTC', 1)[0]!.date).toBe('2026-01-12');
  });

  it('gives every reason a visit is refused, in order', () => {
    const s = schedule({
      recurrence: 'weekly',
      weekdays: [1],
      start_date: '2026-01-05',
      end_date: '2026-01-31',
      start_time: '09:00',
      end_time: '12:00',
    });
    const reason = (iso: string) => checkSchedule(s, at(iso), 'UTC').reason;
    expect(reason('2026-01-01T10:00:00Z')).toBe('before_start');
    expect(reason('2026-02-02T10:00:00Z')).toBe('after_end');
    expect(reason('2026-01-06T10:00:00Z')).toBe('not_on_weekday');
    expect(reason('2026-01-12T08:59:59Z')).toBe('outside_hours');
    expect(reason('2026-01-12T09:00:00Z')).toBe('allowed');
    expect(reason('2026-01-12T11:59:59Z')).toBe('allowed');
    // The window is [start, end): the end time itself is outside.
    expect(reason('2026-01-12T12:00:00Z')).toBe('outside_hours');
  });
});

// ---- properties, over schedules and instants drawn from a fixed seed ----

/** mulberry32: a small seeded generator, so every run checks the same cases and a failure repeats. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONES = [
  'UTC',
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Dubai',
  'Asia/Kolkata',
  'America/Santiago',
  'Pacific/Chatham',
];
const RANGE_START = at('2026-01-01T00:00:00Z');
const RANGE_MS = 2 * 365 * 86_400_000;

function arbitrarySchedule(next: () => number): PermitSchedule {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const startDate = addDays('2026-01-01', Math.floor(next() * 600));
  const start = Math.floor(next() * 1439);
  const end = start + 1 + Math.floor(next() * (1439 - start));
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const recurrence = pick(['none', 'daily', 'weekly', 'monthly'] as const);
  const weekdays = [1, 2, 3, 4, 5, 6, 7].filter(() => next() < 0.4);
  return {
    start_date: startDate,
    end_date: next() < 0.5 ? null : addDays(startDate, Math.floor(next() * 400)),
    start_time: hhmm(start),
    end_time: hhmm(end),
    recurrence,
    weekdays: recurrence === 'weekly' ? (weekdays.length ? weekdays : [3]) : [],
  };
}

/** Whether the zone's offset is the same all through a day (no clock change that day). */
const steadyDay = (date: string, zone: string) => {
  const first = instantOf(date, '00:00', zone);
  const last = instantOf(date, '23:59', zone);
  return last - first === 1439 * 60_000;
};

// Hundreds of schedules in several zones: seconds of work, more on a busy machine.
describe('properties', { timeout: 60_000 }, () => {
  const next = random(20260329);
  const cases = Array.from({ length: 250 }, () => ({
    s: arbitrarySchedule(next),
    zone: ZONES[Math.floor(next() * ZONES.length)]!,
    instant: RANGE_START + Math.floor((next() * RANGE_MS) / 1000) * 1000,
  }));

  it('a visit allowed at an instant falls inside one of the occurrences around it', () => {
    for (const { s, zone, instant } of cases) {
      const check = checkSchedule(s, instant, zone);
      const around = occurrencesBetween(s, instant - 2 * 86_400_000, instant + 2 * 86_400_000, zone);
      const inside = around.some((o) => Date.parse(o.starts_at) <= instant && instant < Date.parse(o.ends_at));
      if (check.allowed) expect(inside, JSON.stringify({ s, zone, at: utc(instant) })).toBe(true);
      // On days without a clock change the two views agree exactly.
      else if (steadyDay(check.local_date, zone))
        expect(inside, JSON.stringify({ s, zone, at: utc(instant) })).toBe(false);
    }
  });

  it("occurrences are the schedule's days, in order, within its dates, at its wall-clock times", () => {
    for (const { s, zone } of cases.slice(0, 120)) {
      const found = occurrencesBetween(s, RANGE_START, RANGE_START + RANGE_MS, zone, 1000);
      const dates = found.map((o) => o.date);
      expect([...dates].sort()).toEqual(dates);
      expect(new Set(dates).size).toBe(dates.length);
      for (const o of found) {
        expect(dayVerdict(s, o.date)).toBe('allowed');
        expect(Date.parse(o.ends_at)).toBeGreaterThan(Date.parse(o.starts_at));
        if (steadyDay(o.date, zone)) {
          expect(localDateTime(Date.parse(o.starts_at), zone)).toMatchObject({ date: o.date, time: s.start_time });
          expect(localDateTime(Date.parse(o.ends_at), zone)).toMatchObject({ date: o.date, time: s.end_time });
        }
      }
    }
  });

  it('daily and weekly permits miss none of their days; monthly ones fall once in every month', () => {
    for (const { s } of cases.slice(0, 120)) {
      const until = s.end_date ?? addDays(s.start_date, 120);
      const days = [...occurrenceDates({ ...s, end_date: until }, s.start_date)];
      if (s.recurrence === 'none') {
        expect(days).toEqual([s.start_date]);
        continue;
      }
      const all: string[] = [];
      for (let d = s.start_date; d <= until; d = addDays(d, 1)) all.push(d);
      if (s.recurrence === 'daily') expect(days).toEqual(all);
      if (s.recurrence === 'weekly') expect(days).toEqual(all.filter((d) => s.weekdays.includes(isoWeekday(d))));
      if (s.recurrence === 'monthly') {
        const months = days.map((d) => d.slice(0, 7));
        expect(new Set(months).size).toBe(months.length);
        const expected = [...new Set(all.map((d) => d.slice(0, 7)))].filter(
          (m) => monthlyDateIn(s.start_date, Number(m.slice(0, 4)), Number(m.slice(5, 7))) <= until,
        );
        expect(months).toEqual(expected);
      }
    }
  });

  it('next occurrences are the occurrences from that moment on', () => {
    for (const { s, zone, instant } of cases.slice(0, 120)) {
      const nextFive = nextOccurrences(s, instant, zone, 5);
      const window = occurrencesBetween(s, instant, instant + 3 * 365 * 86_400_000, zone, 5);
      expect(nextFive).toEqual(window);
    }
  });
});
