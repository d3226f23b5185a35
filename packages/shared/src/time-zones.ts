// A company's clock: wall-clock readings of instants in an IANA time zone, with Intl only (no time-zone
// data of our own). Compliance validity, visit-permit windows and announcement times build on these.

export type WallClockParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows a time zone name. */
export function isTimeZone(value: string): boolean {
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

/** A known IANA time zone, else UTC: a stored zone the runtime does not know never throws. */
export const safeTimeZone = (timeZone: string | null | undefined): string =>
  timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';

/** The wall-clock reading of an instant in a time zone, to the second. */
export function wallClockParts(instant: number | Date, timeZone: string): WallClockParts {
  const parts: WallClockParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type in parts) parts[part.type as keyof WallClockParts] = Number(part.value);
  }
  // Some engines write midnight as 24 even with h23.
  if (parts.hour === 24) parts.hour = 0;
  return parts;
}

/** The wall-clock reading of an instant, written as if it were a UTC instant (ms, whole seconds). */
export function wallClockMs(instant: number, timeZone: string): number {
  const w = wallClockParts(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}
