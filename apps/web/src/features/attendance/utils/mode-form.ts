import { checkHoursKeepReasons, type ReasonRange } from '@app/shared/attendance/reason-ranges';
import { attendanceModeBodySchema, type AttendanceMode, type AttendanceModeBody } from '@app/shared/attendance/schemas';
import { zodFormErrors } from '@/lib/form-errors';
import { ruleMessage } from './rule-message';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

export type ModeFormValues = {
  name: string;
  /** The sites chosen among the admin's own; sites outside their reach stay on the mode by themselves. */
  site_ids: string[];
  days: number[];
  start_time: string;
  end_time: string;
  /** A number input's value: '' while empty, which means no allowance. */
  late_sign_in_minutes: number | string;
  early_sign_out_minutes: number | string;
};

export const emptyModeForm = (siteIds: string[] = []): ModeFormValues => ({
  name: '',
  site_ids: siteIds,
  days: [1, 2, 3, 4, 5],
  start_time: '09:00',
  end_time: '17:00',
  late_sign_in_minutes: 0,
  early_sign_out_minutes: 0,
});

/** A saved mode as the form edits it: only the sites the admin may choose are in the picker. */
export const modeFormValues = (mode: AttendanceMode, ownSiteIds: ReadonlySet<string>): ModeFormValues => ({
  name: mode.name,
  site_ids: mode.sites.filter((s) => ownSiteIds.has(s.id)).map((s) => s.id),
  days: mode.days,
  start_time: mode.start_time,
  end_time: mode.end_time,
  late_sign_in_minutes: mode.late_sign_in_minutes,
  early_sign_out_minutes: mode.early_sign_out_minutes,
});

const minutes = (value: number | string): number => (value === '' ? 0 : Number(value));

/** Time pickers give HH:MM:SS; the API takes HH:MM. */
export const shortTime = (value: string): string => value.slice(0, 5);

/** The body to send: allowances always given (0 when left empty). */
export type ModeBody = AttendanceModeBody & { late_sign_in_minutes: number; early_sign_out_minutes: number };

export const modeBody = (values: ModeFormValues): ModeBody => ({
  name: values.name,
  site_ids: values.site_ids,
  days: values.days,
  start_time: shortTime(values.start_time),
  end_time: shortTime(values.end_time),
  late_sign_in_minutes: minutes(values.late_sign_in_minutes),
  early_sign_out_minutes: minutes(values.early_sign_out_minutes),
});

/**
 * The form's errors by field, worded like the server's: the body's own rules, then (when editing a
 * mode with reasons) new hours must keep every reason inside, naming those left out.
 */
export function validateModeForm(
  values: ModeFormValues,
  reasons: readonly ReasonRange[],
  t: Translate,
): Record<string, string> {
  const body = modeBody(values);
  const errors = zodFormErrors(attendanceModeBodySchema, body, t);
  if (!errors.start_time && !errors.end_time) {
    const outside = checkHoursKeepReasons(
      { start_time: shortTime(body.start_time), end_time: shortTime(body.end_time) },
      reasons,
    );
    if (outside) errors[outside.field] = ruleMessage(outside, t);
  }
  return errors;
}
