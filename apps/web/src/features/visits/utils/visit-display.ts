// How the logbook and the badge show a visit's values: times on the company's clock, the colours of
// states and journey stages, and custom field values as text.
import type { JourneyStage, VisitState } from '@app/shared/visits/stages';

const STAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/**
 * A company-clock reading (`YYYY-MM-DD HH:mm`, as the API gives it) for a grid cell: the time alone
 * on the company's today, the date first (DD/MM/YYYY, spec §9) on any other day; `time` and `date`
 * (null on today) apart, for a cell that writes them on two lines. Null when unreadable.
 */
export function formatLocalStamp(
  local: string,
  today: string | undefined,
): { text: string; full: string; time: string; date: string | null } | null {
  const m = STAMP.exec(local);
  if (!m) return null;
  const [, year, month, day, hour, minute] = m;
  const time = `${hour}:${minute}`;
  const date = `${day}/${month}/${year}`;
  const full = `${date} ${time}`;
  const isToday = today === `${year}-${month}-${day}`;
  return { text: isToday ? time : full, full, time, date: isToday ? null : date };
}

/** A company day (YYYY-MM-DD) as the grid writes dates (DD/MM/YYYY). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
}

export const STATE_COLORS: Record<VisitState, string> = {
  expected: 'blue',
  on_site: 'teal',
  left: 'gray',
  checked_in: 'violet',
  cancelled: 'red',
};

export const STAGE_COLORS: Record<JourneyStage, string> = {
  compliance_pending: 'yellow',
  compliance_failed: 'red',
  ready_to_sign_in: 'teal',
  awaiting_approval: 'orange',
  awaiting_approval_compliance_failed: 'orange',
  rejected: 'red',
  approved: 'green',
  auto_approved: 'green',
};

type Words = { yes: string; no: string };

/**
 * A custom field's value on a badge as text: lists (also the spec's serialized lists) joined, dates
 * as DD/MM/YYYY, true and false in words. Empty when there is nothing to print.
 */
export function fieldValueText(value: unknown, words: Words): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (Array.isArray(value)) {
    return value
      .map((item) => fieldValueText(item, words))
      .filter((item) => item !== '')
      .join(', ');
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[') && text.endsWith(']')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return fieldValueText(parsed, words);
      } catch {
        // Not a serialized list: printed as written.
      }
    }
    return /^\d{4}-\d{2}-\d{2}$/.test(text) ? formatDay(text) : text;
  }
  return '';
}

/** A temperature in °C as the badge prints it (one decimal at most). */
export const temperatureText = (celsius: number): string => `${Math.round(celsius * 10) / 10} °C`;
