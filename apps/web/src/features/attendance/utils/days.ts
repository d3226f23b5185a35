// Weekday names and schedules as the person's language writes them, Monday first (spec §5). The
// browser's own calendar names the days, so no catalogue has to list them.
import { WEEKDAYS, type Weekday } from '@app/shared/attendance/reason-ranges';

// 1 January 2024 was a Monday: ISO weekday d falls on 2024-01-0d.
const dateOf = (day: Weekday) => new Date(Date.UTC(2024, 0, day, 12));

export function weekdayName(day: Weekday, lang: string, width: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(lang, { weekday: width, timeZone: 'UTC' }).format(dateOf(day));
}

export const weekdayNames = (lang: string, width: 'short' | 'long' = 'short') =>
  WEEKDAYS.map((day) => ({ day, name: weekdayName(day, lang, width) }));

/** Runs of consecutive days: [1,2,3,5,6] → [[1,3],[5,6]]. */
export function dayRuns(days: readonly number[]): [number, number][] {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const day of sorted) {
    const last = runs.at(-1);
    if (last && day === last[1] + 1) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/** A schedule's days in few words: "Mon–Fri", "Mon, Wed–Fri", "Sat–Sun"; every day is a run from Monday. */
export function daysSummary(days: readonly number[], lang: string): string {
  const name = (d: number) => weekdayName(d as Weekday, lang);
  const separator = lang.startsWith('ar') ? '، ' : ', ';
  return dayRuns(days)
    .map(([from, to]) => (from === to ? name(from) : `${name(from)}–${name(to)}`))
    .join(separator);
}

export const WEEKDAY_PRESETS = {
  weekdays: [1, 2, 3, 4, 5],
  weekend: [6, 7],
  every_day: [1, 2, 3, 4, 5, 6, 7],
} as const;
