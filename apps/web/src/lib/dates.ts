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
