// The visit-permit recurrence engine (spec §3 Visit permit), shared by the server (checks, lists) and
// the browser (the form's preview). A permit allows visits on its days, between its start and end
// times on the company's wall clock, in the company's time zone. Plain dates (YYYY-MM-DD) and times
// (HH:mm) are wall-clock values; instants are milliseconds since the epoch. Only Intl is used for
// time zones, so both runtimes agree. Decision record 012 explains the choices made here.
import { isTimeZone, wallClockMs } from '../time-zones';

export const RECURRENCES = ['none', 'daily', 'weekly', 'monthly'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** ISO weekdays, Monday first: 1 Monday … 7 Sunday. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type IsoWeekday = (typeof ISO_WEEKDAYS)[number];

/** Where a permit stands on a day: not begun, under way (its days may still lie ahead), or over. */
export const PERMIT_PERIODS = ['upcoming', 'current', 'ended'] as const;
export type PermitPeriod = (typeof PERMIT_PERIODS)[number];

/** What the engine needs of a permit. */
export type PermitSchedule = {
  start_date: string;
  /** Last day (inclusive); null: no end. A one-time permit ('none') has only its start date. */
  end_date: string | null;
  /** HH:mm, wall clock; the window is [start_time, end_time). */
  start_time: string;
  end_time: string;
  recurrence: Recurrence;
  /** For weekly permits. */
  weekdays: readonly number[];
};

/** One day a permit allows visits, with its window as instants (ISO strings, UTC). */
export type Occurrence = {
  date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
};

/** Why a permit does or does not allow a visit at an instant. */
export const SCHEDULE_VERDICTS = [
  'allowed',
  'before_start',
  'after_end',
  'not_on_weekday',
  'not_on_day_of_month',
  'outside_hours',
] as const;
export type ScheduleVerdict = (typeof SCHEDULE_VERDICTS)[number];

export type ScheduleCheck = {
  allowed: boolean;
  reason: ScheduleVerdict;
  /** The instant's date and time on the company's wall clock. */
  local_date: string;
  local_time: string;
};

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Generators stop here whatever their end: no permit runs for two centuries. */
const LAST_SUPPORTED_DATE = '2199-12-31';

// ---- plain dates and times ----

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Whether a YYYY-MM-DD string is a real calendar day. */
export function isRealDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Minutes after midnight of an HH:mm (or HH:mm:ss) time. */
export function minutesOf(time: string): number {
  const m = TIME.exec(time);
  if (!m) throw new RangeError(`Not a time: ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const dayNumber = (date: string): number => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
};
const dateOfDayNumber = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => dateOfDayNumber(dayNumber(date) + days);

/** The ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): IsoWeekday {
  const day = new Date(dayNumber(date) * DAY_MS).getUTCDay();
  return (day === 0 ? 7 : day) as IsoWeekday;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The day a monthly permit falls on in a month: the day of the month of its start date, or the
 * month's last day when the month is shorter (31 → 30 April, 28 or 29 February). Decision 012.
 */
export function monthlyDateIn(startDate: string, year: number, month: number): string {
  const day = Math.min(Number(startDate.slice(8, 10)), daysInMonth(year, month));
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The last day a permit can allow: its start date when it happens once, else its end date (or none). */
export const lastDateOf = (s: PermitSchedule): string | null => (s.recurrence === 'none' ? s.start_date : s.end_date);

/** Where a permit stands on `today` (a date on the company's clock). */
export function periodOn(s: PermitSchedule, today: string): PermitPeriod {
  if (today < s.start_date) return 'upcoming';
  const last = lastDateOf(s);
  return last !== null && today > last ? 'ended' : 'current';
}

// ---- time zones ----

export { isTimeZone };

const wallClock = wallClockMs;

const wholeSecond = (instant: number) => Math.floor(instant / 1000) * 1000;

/** The date and time on the zone's wall clock at an instant. */
export function localDateTime(instant: number, timeZone: string): { date: string; time: string; seconds: number } {
  const wall = wallClock(wholeSecond(instant), timeZone);
  const iso = new Date(wall).toISOString();
  const seconds = (wall - Math.floor(wall / DAY_MS) * DAY_MS) / 1000;
  return { date: iso.slice(0, 10), time: iso.slice(11, 16), seconds };
}

/**
 * The instant a zone's wall clock shows `date` `time`. When the clock shows it twice (the hour
 * repeated as clocks go back), `first` picks the earlier and `last` the later. When the clock never
 * shows it (the hour skipped as clocks go forward), both give the moment the clock jumps: the first
 * instant at which the clock reads `time` or later.
 */
export function instantOf(date: string, time: string, timeZone: string, which: 'first' | 'last' = 'first'): number {
  const naive = dayNumber(date) * DAY_MS + minutesOf(time) * MINUTE_MS;
  // The offsets around that day: at most two differ (a zone changes its offset at most once a day).
  const offsets = [...new Set([-DAY_MS, 0, DAY_MS].map((d) => wallClock(naive + d, timeZone) - (naive + d)))];
  const hits = [...new Set(offsets.map((o) => naive - o))]
    .filter((t) => wallClock(t, timeZone) === naive)
    .sort((a, b) => a - b);
  if (hits.length > 0) return which === 'first' ? hits[0]! : hits[hits.length - 1]!;
  // Skipped: find the jump, to the second, between the instants each offset would give.
  let lo = (naive - Math.max(...offsets)) / 1000;
  let hi = (naive - Math.min(...offsets)) / 1000;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallClock(mid * 1000, timeZone) >= naive) hi = mid;
    else lo = mid + 1;
  }
  return hi * 1000;
}

/**
 * An instant for a date and time picked on the company's clock, and whether the clock never shows
 * that time (skipped as clocks go forward): then the moment the clock jumps is used.
 */
export function resolveLocal(date: string, time: string, timeZone: string): { at: number; adjusted: boolean } {
  const at = instantOf(date, time, timeZone, 'first');
  const local = localDateTime(at, timeZone);
  return { at, adjusted: local.date !== date || local.time !== time.slice(0, 5) };
}

// ---- the schedule ----

/** Whether a permit's schedule includes a day, and if not, why. */
export function dayVerdict(s: PermitSchedule, date: string): Exclude<ScheduleVerdict, 'outside_hours'> {
  if (date < s.start_date) return 'before_start';
  const last = lastDateOf(s);
  if (last !== null && date > last) return 'after_end';
  if (s.recurrence === 'weekly') return s.weekdays.includes(isoWeekday(date)) ? 'allowed' : 'not_on_weekday';
  if (s.recurrence === 'monthly') {
    const expected = monthlyDateIn(s.start_date, Number(date.slice(0, 4)), Number(date.slice(5, 7)));
    return date === expected ? 'allowed' : 'not_on_day_of_month';
  }
  return 'allowed';
}

/** The days of a permit from `from` on (inclusive), in order, until its end. Endless without an end date. */
export function* occurrenceDates(s: PermitSchedule, from: string): Generator<string> {
  const first = from > s.start_date ? from : s.start_date;
  const last = lastDateOf(s) ?? LAST_SUPPORTED_DATE;
  if (first > last) return;
  if (s.recurrence === 'none') {
    if (first === s.start_date) yield s.start_date;
    return;
  }
  if (s.recurrence === 'monthly') {
    let year = Number(first.slice(0, 4));
    let month = Number(first.slice(5, 7));
    for (;;) {
      const date = monthlyDateIn(s.start_date, year, month);
      if (date > last) return;
      if (date >= first) yield date;
      month += 1;
      if (month > 12) {
        month = 1;
        year += 1;
      }
    }
  }
  if (s.recurrence === 'weekly' && !s.weekdays.some((d) => d >= 1 && d <= 7)) return;
  for (let n = dayNumber(first); ; n += 1) {
    const date = dateOfDayNumber(n);
    if (date > last) return;
    if (s.recurrence === 'daily' || s.weekdays.includes(isoWeekday(date))) yield date;
  }
}

type Span = { date: string; startsAt: number; endsAt: number };

/**
 * A day's window as instants: from the first moment the clock shows the start time to the last
 * moment it shows the end time. On a day clocks change, it is an hour longer or shorter than usual.
 */
function spanOn(s: PermitSchedule, date: string, timeZone: string): Span {
  return {
    date,
    startsAt: instantOf(date, s.start_time, timeZone, 'first'),
    endsAt: instantOf(date, s.end_time, timeZone, 'last'),
  };
}

const toOccurrence = (s: PermitSchedule, span: Span): Occurrence => ({
  date: span.date,
  start_time: s.start_time.slice(0, 5),
  end_time: s.end_time.slice(0, 5),
  starts_at: new Date(span.startsAt).toISOString(),
  ends_at: new Date(span.endsAt).toISOString(),
});

/** The occurrences whose window overlaps [from, to), in order, at most `limit`. */
export function occurrencesBetween(
  s: PermitSchedule,
  from: number,
  to: number,
  timeZone: string,
  limit = 400,
): Occurrence[] {
  if (to <= from) return [];
  // A window lies inside its own day, so only the days around the range can overlap it.
  const firstDay = addDays(localDateTime(from, timeZone).date, -1);
  const lastDay = addDays(localDateTime(to, timeZone).date, 1);
  const found: Occurrence[] = [];
  for (const date of occurrenceDates(s, firstDay)) {
    if (date > lastDay || found.length >= limit) break;
    const span = spanOn(s, date, timeZone);
    if (span.endsAt > from && span.startsAt < to) found.push(toOccurrence(s, span));
  }
  return found;
}

/** The occurrence under way at `at` (if any) and the ones after it, at most `count`. */
export function nextOccurrences(s: PermitSchedule, at: number, timeZone: string, count = 5): Occurrence[] {
  const found: Occurrence[] = [];
  if (count <= 0) return found;
  for (const date of occurrenceDates(s, addDays(localDateTime(at, timeZone).date, -1))) {
    const span = spanOn(s, date, timeZone);
    if (span.endsAt > at) found.push(toOccurrence(s, span));
    if (found.length >= count) break;
  }
  return found;
}

/**
 * Whether a permit's schedule allows a visit at an instant: the company's wall clock then shows a
 * day of the permit and a time in [start_time, end_time). Otherwise, the first rule it fails.
 */
export function checkSchedule(s: PermitSchedule, at: number, timeZone: string): ScheduleCheck {
  const local = localDateTime(at, timeZone);
  const base = { local_date: local.date, local_time: local.time };
  const day = dayVerdict(s, local.date);
  if (day !== 'allowed') return { allowed: false, reason: day, ...base };
  const inHours = local.seconds >= minutesOf(s.start_time) * 60 && local.seconds < minutesOf(s.end_time) * 60;
  return inHours ? { allowed: true, reason: 'allowed', ...base } : { allowed: false, reason: 'outside_hours', ...base };
}
