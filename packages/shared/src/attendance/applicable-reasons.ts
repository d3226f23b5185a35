// Which attendance reasons a person is asked for (spec §4 "Attendance reasons": late sign-in reasons
// apply when signed out, early sign-out reasons when signed in; one reason is preselected; with more
// than one, the person picks), at a wall-clock time in the company's time zone. The server answers
// it for the sign-in screens; the browser uses it to preview a mode.
import {
  reasonSpan,
  timeToMinutes,
  type ModeHours,
  type ReasonRange,
  type ReasonType,
  type Weekday,
} from './reason-ranges';

/** What the person is doing: signing in (they are signed out) or signing out (they are signed in). */
export const ATTENDANCE_ACTIONS = ['sign_in', 'sign_out'] as const;
export type AttendanceAction = (typeof ATTENDANCE_ACTIONS)[number];

/** The reason type an action asks for. */
export const reasonTypeFor = (action: AttendanceAction): ReasonType =>
  action === 'sign_in' ? 'late_sign_in' : 'early_sign_out';

export type ModeForReasons<R extends ReasonRange> = ModeHours & {
  id: string;
  days: readonly number[];
  late_sign_in_minutes: number;
  early_sign_out_minutes: number;
  reasons: readonly R[];
};

/** A moment as the company's wall clock reads it. */
export type LocalMoment = { date: string; weekday: Weekday; time: string };

export type ApplicableReasons<R> = {
  type: ReasonType;
  /** The reasons whose range holds the moment, in time order, each with its mode's id. */
  reasons: (R & { attendance_mode_id: string })[];
  /** The one reason chosen for the person when exactly one applies; null when none or several do. */
  preselected_id: string | null;
};

/**
 * Whether the moment is late (signing in) or early (signing out) for the mode at all: only on the
 * mode's days, and not within the allowance — a sign-in up to `late_sign_in_minutes` after the start
 * and a sign-out from `early_sign_out_minutes` before the end count as on time.
 */
export function isOffSchedule(
  mode: Omit<ModeForReasons<ReasonRange>, 'reasons' | 'id'>,
  action: AttendanceAction,
  moment: Pick<LocalMoment, 'weekday' | 'time'>,
): boolean {
  if (!mode.days.includes(moment.weekday)) return false;
  const now = timeToMinutes(moment.time);
  if (action === 'sign_in') return now > timeToMinutes(mode.start_time) + mode.late_sign_in_minutes;
  return now < timeToMinutes(mode.end_time) - mode.early_sign_out_minutes;
}

/**
 * The reasons that apply to an action at a moment, over the person's modes (a journey flow may give
 * several): those of the action's type whose range [start, start + duration) holds the moment, on a
 * day of their mode and outside its allowance. Exactly one is preselected; several are left to pick.
 */
export function applicableReasons<R extends ReasonRange & { id: string }>(
  modes: readonly ModeForReasons<R>[],
  action: AttendanceAction,
  moment: Pick<LocalMoment, 'weekday' | 'time'>,
): ApplicableReasons<R> {
  const type = reasonTypeFor(action);
  const now = timeToMinutes(moment.time);
  const reasons = modes
    .filter((mode) => isOffSchedule(mode, action, moment))
    .flatMap((mode) =>
      mode.reasons
        .filter((r) => {
          if (r.type !== type) return false;
          const span = reasonSpan(r);
          return span.start <= now && now < span.end;
        })
        .map((r) => ({ ...r, attendance_mode_id: mode.id })),
    )
    .sort((a, b) => timeToMinutes(a.start_time) - timeToMinutes(b.start_time) || a.name.localeCompare(b.name));
  return { type, reasons, preselected_id: reasons.length === 1 ? reasons[0]!.id : null };
}

const WEEKDAY_NUMBERS: Record<string, Weekday> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

// Building a DateTimeFormat costs far more than using one (ICU loads the zone and the locale data).
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormat = (timeZone: string) => {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    clockFormats.set(timeZone, format);
  }
  return format;
};

/** The wall-clock date, ISO weekday and `HH:MM` of an instant in a time zone (IANA name). */
export function localMoment(instant: Date, timeZone: string): LocalMoment {
  const parts = clockFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    weekday: WEEKDAY_NUMBERS[part('weekday')] ?? 1,
    time: `${part('hour')}:${part('minute')}`,
  };
}
