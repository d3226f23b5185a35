import {
  checkReasonRange,
  isReasonNameTaken,
  reasonSpan,
  timeToMinutes,
  type ReasonType,
} from '@app/shared/attendance/reason-ranges';
import {
  attendanceReasonBodySchema,
  type AttendanceMode,
  type AttendanceReason,
  type AttendanceReasonBody,
} from '@app/shared/attendance/schemas';
import { zodFormErrors } from '@/lib/form-errors';
import { shortTime } from './mode-form';
import { ruleMessage } from './rule-message';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

export type ReasonFormValues = {
  name: string;
  type: ReasonType;
  start_time: string;
  /** A number input's value: '' while empty. */
  duration_minutes: number | string;
  attendance_code: string;
};

/** A new reason starts where the mode's first free time of its type would usually be: the mode's start or end. */
export const emptyReasonForm = (mode?: Pick<AttendanceMode, 'start_time' | 'end_time'>): ReasonFormValues => ({
  name: '',
  type: 'late_sign_in',
  start_time: mode?.start_time ?? '09:00',
  duration_minutes: 30,
  attendance_code: '',
});

export const reasonFormValues = (reason: AttendanceReason): ReasonFormValues => ({
  name: reason.name,
  type: reason.type,
  start_time: reason.start_time,
  duration_minutes: reason.duration_minutes,
  attendance_code: reason.attendance_code ?? '',
});

export const reasonBody = (values: ReasonFormValues): AttendanceReasonBody => ({
  name: values.name,
  type: values.type,
  start_time: shortTime(values.start_time),
  // An empty box is no duration at all, which the schema names as required.
  duration_minutes: values.duration_minutes === '' ? (undefined as unknown as number) : Number(values.duration_minutes),
  attendance_code: values.attendance_code,
});

/**
 * The form's errors by field, worded like the server's: the body's own rules, a name free in the
 * mode, and the range inside the mode's hours without overlapping a reason of the same type.
 */
export function validateReasonForm(
  values: ReasonFormValues,
  mode: AttendanceMode | undefined,
  reasonId: string | null,
  t: Translate,
): Record<string, string> {
  const body = reasonBody(values);
  const errors = zodFormErrors(attendanceReasonBodySchema, body, t);
  if (!mode) return errors;
  if (!errors.name && isReasonNameTaken(body.name, mode.reasons, reasonId ?? undefined)) {
    errors.name = t('errors:attendance_reason_name_taken');
  }
  if (!errors.start_time && !errors.duration_minutes && !errors.type) {
    const problem = checkReasonRange(
      {
        id: reasonId ?? undefined,
        name: body.name,
        type: body.type,
        start_time: shortTime(body.start_time),
        duration_minutes: body.duration_minutes,
      },
      mode,
      mode.reasons,
    );
    if (problem) errors[problem.field] = ruleMessage(problem, t);
  }
  return errors;
}

/**
 * A reason whose whole range falls within the mode's allowance is never asked: a sign-in then is on
 * time (late), or a sign-out is (early). Decision 011.
 */
export function isWithinAllowance(
  reason: { type: ReasonType; start_time: string; duration_minutes: number },
  mode: Pick<AttendanceMode, 'start_time' | 'end_time' | 'late_sign_in_minutes' | 'early_sign_out_minutes'>,
): boolean {
  const span = reasonSpan(reason);
  if (reason.type === 'late_sign_in') {
    return span.end - 1 <= timeToMinutes(mode.start_time) + mode.late_sign_in_minutes;
  }
  return span.start >= timeToMinutes(mode.end_time) - mode.early_sign_out_minutes;
}
