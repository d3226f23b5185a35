// Spec §5 "Generic inputs": the date picker shows DD/MM/YYYY with the week starting on Monday. Values
// stay ISO dates (YYYY-MM-DD) everywhere else: in forms' state, on the wire and in the database.

export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';
/** Monday (0 is Sunday), for every calendar of the app. */
export const FIRST_DAY_OF_WEEK = 1;

const DAY_MONTH_YEAR = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/;
const ISO = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;

const iso = (year: number, month: number, day: number): string | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid ? date.toISOString().slice(0, 10) : null;
};

/**
 * A date as a person types it (31/12/2026, 31.12.2026, 31-12-2026, or an ISO 2026-12-31) as an ISO
 * date, or null when it is not a real day.
 */
export function parseTypedDate(input: string): string | null {
  const dmy = DAY_MONTH_YEAR.exec(input);
  if (dmy) return iso(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  const ymd = ISO.exec(input);
  if (ymd) return iso(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]));
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const asDate = (value: Date | string): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * A moment (a Date or an ISO timestamp) as the app writes dates everywhere (spec §9): DD/MM/YYYY on
 * this browser's clock, the same in every language. Empty when it is not a moment.
 */
export function formatDate(value: Date | string): string {
  const date = asDate(value);
  return date ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}` : '';
}

/** A moment as DD/MM/YYYY HH:mm (24-hour), on this browser's clock. Empty when it is not a moment. */
export function formatDateTime(value: Date | string): string {
  const date = asDate(value);
  return date ? `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

/** An ISO day (YYYY-MM-DD), as the API gives days, written DD/MM/YYYY; anything else as it came. */
export function formatIsoDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

/**
 * A company-clock reading (`YYYY-MM-DD HH:mm`, as the API gives `local` times) written
 * DD/MM/YYYY HH:mm; anything else as it came.
 */
export function formatLocalReading(local: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(local);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : local;
}

/** The time (HH:mm) of a company-clock reading (`YYYY-MM-DD HH:mm`); anything else as it came. */
export function timeOfReading(local: string): string {
  const m = /^\d{4}-\d{2}-\d{2}[ T](\d{2}:\d{2})/.exec(local);
  return m ? m[1]! : local;
}
