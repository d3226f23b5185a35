// Dates in the person's language, on this device's clock and time zone.

export function formatDateTime(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A moment as a company's clock reads it (its time zone), in the person's language. */
export function formatDateTimeIn(iso: string, lang: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  } catch {
    return formatDateTime(iso, lang);
  }
}

export function formatDate(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** The largest whole unit between `then` and `now` (negative: in the past); under a minute is "now". */
export function relativeParts(then: number, now: number): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const seconds = Math.round((then - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return { value: Math.trunc(seconds / size), unit };
  }
  return { value: 0, unit: 'second' };
}

/** "5 minutes ago", "yesterday", "now", in `lang`. */
export function formatRelative(iso: string, now: number, lang: string): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return iso;
  const { value, unit } = relativeParts(then, now);
  return new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(value, unit);
}
