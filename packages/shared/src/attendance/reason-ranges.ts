// The rules of attendance modes and their reasons (spec §5 "Reason time ranges lie within the mode's
// range and do not overlap"), as plain functions over wall-clock times, so the server (which answers
// 422 on the field) and the browser forms (which say it before saving) apply the very same reading.
// Decision 011 records the reading: a reason covers [start, start + duration), inside its mode's
// hours, and does not overlap another reason of the same mode and the same type.

/** Late sign-in reasons are asked when a person signs in late, early sign-out ones when leaving early. */
export const REASON_TYPES = ['late_sign_in', 'early_sign_out'] as const;
export type ReasonType = (typeof REASON_TYPES)[number];

/** ISO weekdays: 1 Monday … 7 Sunday (the week starts on Monday, spec §5). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A wall-clock time of day, `HH:MM` on a 24-hour clock. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const MINUTES_PER_DAY = 24 * 60;

/** Minutes since midnight of an `HH:MM` (or `HH:MM:SS`, as the database gives it) time. */
export function timeToMinutes(time: string): number {
  const [hours, minutes] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** `HH:MM` of minutes since midnight; the end of the day (1440) is written 24:00. */
export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export type ModeHours = { start_time: string; end_time: string };

export type ReasonRange = {
  /** Absent for a reason not saved yet. */
  id?: string;
  name: string;
  type: ReasonType;
  start_time: string;
  duration_minutes: number;
};

/** Where a reason's range starts and ends, in minutes since midnight: [start, end). */
export function reasonSpan(reason: Pick<ReasonRange, 'start_time' | 'duration_minutes'>): {
  start: number;
  end: number;
} {
  const start = timeToMinutes(reason.start_time);
  return { start, end: start + reason.duration_minutes };
}

/** The end of a reason's range as `HH:MM` (24:00 when it runs to midnight). */
export const reasonEndTime = (reason: Pick<ReasonRange, 'start_time' | 'duration_minutes'>): string =>
  minutesToTime(reasonSpan(reason).end);

/** A broken rule: the field it is about and the `errors:` translation key with its values. */
export type RuleProblem = { field: string; key: string; vars: Record<string, string | number> };

/** A mode's hours run forwards within one day: the end comes after the start. */
export function checkModeHours(hours: ModeHours): RuleProblem | null {
  if (timeToMinutes(hours.end_time) <= timeToMinutes(hours.start_time)) {
    return { field: 'end_time', key: 'attendance_end_before_start', vars: { start: hours.start_time } };
  }
  return null;
}

/** The allowances are shorter than the mode's hours; otherwise nobody could ever be late or early. */
export function checkAllowances(
  hours: ModeHours,
  allowances: { late_sign_in_minutes: number; early_sign_out_minutes: number },
): RuleProblem | null {
  const length = timeToMinutes(hours.end_time) - timeToMinutes(hours.start_time);
  if (length <= 0) return null;
  if (allowances.late_sign_in_minutes >= length) {
    return { field: 'late_sign_in_minutes', key: 'attendance_allowance_too_long', vars: { minutes: length } };
  }
  if (allowances.early_sign_out_minutes >= length) {
    return { field: 'early_sign_out_minutes', key: 'attendance_allowance_too_long', vars: { minutes: length } };
  }
  return null;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Another reason of the mode already has this name (any case). */
export function isReasonNameTaken(name: string, siblings: readonly ReasonRange[], exceptId?: string): boolean {
  return siblings.some((s) => s.id !== exceptId && sameName(s.name, name));
}

/** Two ranges [a, b) and [c, d) share at least one minute. Touching ends (09:30 and 09:30) do not. */
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

/**
 * The first rule a reason's range breaks, or null: it starts at or after the mode's start, ends at or
 * before the mode's end, and shares no minute with another reason of the same type in the mode
 * (`siblings` may include the reason itself, recognised by its id).
 */
export function checkReasonRange(
  reason: ReasonRange,
  hours: ModeHours,
  siblings: readonly ReasonRange[],
): RuleProblem | null {
  const mode = { start: timeToMinutes(hours.start_time), end: timeToMinutes(hours.end_time) };
  const span = reasonSpan(reason);
  if (span.start < mode.start || span.start >= mode.end) {
    return {
      field: 'start_time',
      key: 'attendance_reason_outside_mode',
      vars: { start: hours.start_time, end: hours.end_time },
    };
  }
  if (span.end > mode.end) {
    return {
      field: 'duration_minutes',
      key: 'attendance_reason_past_mode_end',
      vars: { end: hours.end_time, max: mode.end - span.start },
    };
  }
  const clash = siblings
    .filter((s) => s.type === reason.type && (reason.id === undefined || s.id !== reason.id))
    .sort((a, b) => timeToMinutes(a.start_time) - timeToMinutes(b.start_time))
    .find((s) => overlaps(span, reasonSpan(s)));
  if (clash) {
    return {
      field: 'start_time',
      key: 'attendance_reason_overlap',
      vars: { name: clash.name, start: minutesToTime(reasonSpan(clash).start), end: reasonEndTime(clash) },
    };
  }
  return null;
}

/** The reasons that new hours would leave (partly) outside, in time order. */
export function reasonsOutsideHours<R extends ReasonRange>(hours: ModeHours, reasons: readonly R[]): R[] {
  const start = timeToMinutes(hours.start_time);
  const end = timeToMinutes(hours.end_time);
  return reasons
    .filter((r) => {
      const span = reasonSpan(r);
      return span.start < start || span.end > end;
    })
    .sort((a, b) => timeToMinutes(a.start_time) - timeToMinutes(b.start_time));
}

/** Names as a message lists them: “Traffic”, “Medical appointment”. */
export const quoteNames = (names: readonly string[]): string => names.map((n) => `“${n}”`).join(', ');

/**
 * The hours change a mode with reasons may take: every reason still inside. The problem names the
 * reasons left outside, on the start when one would begin too early, else on the end.
 */
export function checkHoursKeepReasons(hours: ModeHours, reasons: readonly ReasonRange[]): RuleProblem | null {
  const outside = reasonsOutsideHours(hours, reasons);
  if (outside.length === 0) return null;
  const start = timeToMinutes(hours.start_time);
  const early = outside.some((r) => reasonSpan(r).start < start);
  return {
    field: early ? 'start_time' : 'end_time',
    key: 'attendance_hours_exclude_reasons',
    vars: { names: quoteNames(outside.map((r) => r.name)), count: outside.length },
  };
}
