// How long an answer counts (spec §4 "Compliance frequency"), in the company's time zone: a daily answer
// counts until the company's midnight, not the server's, and a week starts on Monday (spec §5).
import { safeTimeZone, wallClockParts, type WallClockParts } from '../time-zones';
import type { ComplianceFrequency } from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

export type LocalDate = { year: number; month: number; day: number };

export { safeTimeZone };

/** The wall-clock reading of an instant in a time zone (an unknown zone reads as UTC). */
export const wallClock = (instant: Date, timeZone: string): WallClockParts =>
  wallClockParts(instant, safeTimeZone(timeZone));

/** The calendar date an instant falls on in a time zone. */
export function localDate(instant: Date, timeZone: string): LocalDate {
  const { year, month, day } = wallClock(instant, timeZone);
  return { year, month, day };
}

/** Offset of the zone from UTC at an instant, in milliseconds (local minus UTC). */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(new Date(ms), timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** A date moved by whole days (or months), on the calendar. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** ISO weekday: Monday 1 … Sunday 7. */
export const isoWeekday = (date: LocalDate) => new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() || 7;

/**
 * The first instant of a calendar day in a time zone. Where the clocks skip midnight (a daylight-saving
 * change at 00:00), the day starts at the first wall-clock time that exists.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  const zone = safeTimeZone(timeZone);
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  const offsets = new Set([offsetAt(wall - DAY_MS, zone), offsetAt(wall, zone), offsetAt(wall + DAY_MS, zone)]);
  const candidates = [...offsets].map((offset) => wall - offset);
  const sameDay = (ms: number) => {
    const d = localDate(new Date(ms), zone);
    return d.year === date.year && d.month === date.month && d.day === date.day;
  };
  const exact = candidates.filter((ms) => {
    const w = wallClock(new Date(ms), zone);
    return sameDay(ms) && w.hour === 0 && w.minute === 0 && w.second === 0;
  });
  if (exact.length > 0) return new Date(Math.min(...exact));
  // Midnight does not exist that day: the day begins where the previous one ends.
  const inDay = candidates.filter(sameDay);
  return new Date(Math.min(...(inDay.length ? inDay : candidates)));
}

/** The day after a local date begins: the end of that date. */
export const endOfLocalDay = (date: LocalDate, timeZone: string): Date => startOfLocalDay(addDays(date, 1), timeZone);

/**
 * When an answer given at `answeredAt` stops counting, in the company's time zone:
 * - every time: null — it counts for the visit it was given for, and is asked again next time;
 * - daily: the next midnight; weekly: the next Monday's midnight; monthly: the first of next month;
 * - once: null — it never has to be given again;
 * - until expiry: the end of the day `validityDays` days after the answer's day.
 */
export function answerValidUntil(
  frequency: ComplianceFrequency,
  validityDays: number | null,
  answeredAt: Date,
  timeZone: string,
): Date | null {
  const today = localDate(answeredAt, timeZone);
  switch (frequency) {
    case 'every_time':
    case 'once':
      return null;
    case 'daily':
      return endOfLocalDay(today, timeZone);
    case 'weekly':
      return startOfLocalDay(addDays(today, 8 - isoWeekday(today)), timeZone);
    case 'monthly': {
      const next = new Date(Date.UTC(today.year, today.month, 1));
      return startOfLocalDay({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: 1 }, timeZone);
    }
    case 'until_expiry':
      return endOfLocalDay(addDays(today, validityDays ?? 0), timeZone);
  }
}

/**
 * Whether an answer still counts for a new visit at `now`: never for every-time answers, always for
 * a once answer without an end, otherwise until its end.
 */
export function answerStillValid(frequency: ComplianceFrequency, validUntil: Date | null, now: Date): boolean {
  if (frequency === 'every_time') return false;
  return validUntil === null || validUntil.getTime() > now.getTime();
}

/** A YYYY-MM-DD text as a calendar date. */
export function parseLocalDate(value: string): LocalDate {
  const [year, month, day] = value.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

export const compareLocalDates = (a: LocalDate, b: LocalDate) =>
  Date.UTC(a.year, a.month - 1, a.day) - Date.UTC(b.year, b.month - 1, b.day);
