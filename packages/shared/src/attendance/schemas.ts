import { z } from 'zod';
import { LIMITS } from '../constants';
import { pageQuery } from '../http/paging';
import { ATTENDANCE_ACTIONS } from './applicable-reasons';
import {
  checkAllowances,
  checkModeHours,
  REASON_TYPES,
  TIME_PATTERN,
  WEEKDAYS,
  type RuleProblem,
} from './reason-ranges';

// Attendance modes and their reasons (spec §3 "Attendance mode", "Reason (attendance code)"; §5
// "Attendance"; §9 reason name at most 20 characters, duration at least 1 minute). The allowances are
// the spec's "tolerance values" (SPEC-NOTES: minutes, default 0).

export const ATTENDANCE_LIMITS = {
  modeNameMax: 50,
  reasonNameMax: LIMITS.reasonNameMax,
  durationMin: LIMITS.durationMinMinutes,
  /** A reason lies inside one day's hours, so it never lasts longer than a day. */
  durationMax: 24 * 60,
  allowanceMax: 12 * 60,
  attendanceCodeMax: 20,
  sitesMax: 500,
  reasonsPerModeMax: 100,
  bulkMax: 500,
} as const;

const L = ATTENDANCE_LIMITS;

/**
 * `HH:MM` on a 24-hour clock; `HH:MM:00` (what time pickers and the database give) is read as
 * `HH:MM`, other seconds are refused: the product works in whole minutes.
 */
export const timeOfDaySchema = z
  .string()
  .trim()
  .transform((value) => (/^\d{2}:\d{2}:00$/.test(value) ? value.slice(0, 5) : value))
  .pipe(z.string().regex(TIME_PATTERN, 'attendance_time_format'));

const addProblem = (ctx: z.RefinementCtx, problem: RuleProblem | null) => {
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.key });
};

// ---- modes ----

export const attendanceModeBodyObject = z.object({
  name: z.string().trim().min(1).max(L.modeNameMax),
  /** The sites the mode serves; admins act only on modes of their sites (spec §6). */
  site_ids: z.array(z.uuid()).min(1, 'attendance_sites_required').max(L.sitesMax),
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  days: z
    .array(z.number().int().min(1).max(7))
    .min(1, 'attendance_days_required')
    .max(WEEKDAYS.length)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  start_time: timeOfDaySchema,
  end_time: timeOfDaySchema,
  late_sign_in_minutes: z.number().int().min(0).max(L.allowanceMax).default(0),
  early_sign_out_minutes: z.number().int().min(0).max(L.allowanceMax).default(0),
});

/** A mode's hours run forwards within a day, and each allowance is shorter than them. */
export const attendanceModeBodySchema = attendanceModeBodyObject.superRefine((body, ctx) => {
  const hours = checkModeHours(body);
  addProblem(ctx, hours);
  if (!hours) addProblem(ctx, checkAllowances(body, body));
});
export type AttendanceModeBody = z.input<typeof attendanceModeBodySchema>;
export type AttendanceModeBodyParsed = z.output<typeof attendanceModeBodySchema>;

export const nameRefSchema = z.object({ id: z.uuid(), name: z.string() });
export type NameRef = z.infer<typeof nameRefSchema>;

export const attendanceReasonSchema = z.object({
  id: z.uuid(),
  attendance_mode_id: z.uuid(),
  name: z.string(),
  type: z.enum(REASON_TYPES),
  start_time: z.string(),
  /** start_time + duration_minutes, `HH:MM`. */
  end_time: z.string(),
  duration_minutes: z.number().int(),
  /** The code the reason is recorded with (the spec's attendance code, e.g. a register's mark). */
  attendance_code: z.string().nullable(),
});
export type AttendanceReason = z.infer<typeof attendanceReasonSchema>;

export const attendanceModeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  days: z.array(z.number().int()),
  start_time: z.string(),
  end_time: z.string(),
  late_sign_in_minutes: z.number().int(),
  early_sign_out_minutes: z.number().int(),
  /** Every site the mode serves, those outside the caller's sites included (they are kept on edit). */
  sites: z.array(nameRefSchema),
  /** In time order, late sign-in reasons first. */
  reasons: z.array(attendanceReasonSchema),
  /** The journeys whose flows use the mode: it cannot be deleted while there are any. */
  journeys: z.array(nameRefSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AttendanceMode = z.infer<typeof attendanceModeSchema>;

export const ATTENDANCE_MODE_SORT_FIELDS = ['name', 'start_time', 'end_time', 'created_at'] as const;
export const listAttendanceModesQuerySchema = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  /** Only modes serving this site. */
  site_id: z.uuid().optional(),
  sortField: z.enum(ATTENDANCE_MODE_SORT_FIELDS).default('name'),
  orderBy: z.enum(['asc', 'desc']).default('asc'),
});
export type ListAttendanceModesQuery = z.infer<typeof listAttendanceModesQuerySchema>;

export const attendanceModeNameQuerySchema = z.object({
  name: z.string().trim().min(1).max(L.modeNameMax),
  /** The mode being renamed, which may keep its own name. */
  exclude_mode_id: z.uuid().optional(),
});

/** The live answer while a mode name is typed: `message` says why it cannot be used. */
export const nameAvailabilitySchema = z.object({ available: z.boolean(), message: z.string().nullable() });
export type NameAvailability = z.infer<typeof nameAvailabilitySchema>;

// ---- reasons ----

/** An attendance code as typed: blank means none. */
const attendanceCode = z
  .string()
  .trim()
  .max(L.attendanceCodeMax)
  .nullable()
  .default(null)
  .transform((code) => (code ? code : null));

export const attendanceReasonBodySchema = z.object({
  name: z.string().trim().min(1).max(L.reasonNameMax),
  type: z.enum(REASON_TYPES),
  start_time: timeOfDaySchema,
  duration_minutes: z.number().int().min(L.durationMin).max(L.durationMax),
  attendance_code: attendanceCode,
});
export type AttendanceReasonBody = z.input<typeof attendanceReasonBodySchema>;
export type AttendanceReasonBodyParsed = z.output<typeof attendanceReasonBodySchema>;

export const modeReasonsSchema = z.object({ data: z.array(attendanceReasonSchema) });

/** Spec attendance_codes/bulk-update: one code (or none) for several reasons at once. */
export const bulkAttendanceCodeBodySchema = z.object({
  reason_ids: z
    .array(z.uuid())
    .min(1)
    .max(L.bulkMax)
    .transform((ids) => [...new Set(ids)]),
  attendance_code: attendanceCode,
});
export type BulkAttendanceCodeBody = z.input<typeof bulkAttendanceCodeBodySchema>;
export const bulkAttendanceCodeResponseSchema = z.object({ updated: z.number().int() });

// ---- which reasons apply ----

const listParam = (value: unknown) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value);

export const applicableReasonsQuerySchema = z.object({
  /** The person's modes (a journey flow may give several), repeated or comma separated. */
  attendance_mode_ids: z.preprocess(listParam, z.array(z.uuid()).min(1).max(20)),
  action: z.enum(ATTENDANCE_ACTIONS),
  /** The moment, with its offset; now when absent. Read on the company's wall clock. */
  at: z.iso.datetime({ offset: true }).optional(),
});
export type ApplicableReasonsQuery = z.input<typeof applicableReasonsQuerySchema>;

export const applicableReasonsSchema = z.object({
  /** The moment on the company's wall clock. */
  local: z.object({ date: z.string(), weekday: z.number().int(), time: z.string(), timezone: z.string() }),
  type: z.enum(REASON_TYPES),
  reasons: z.array(attendanceReasonSchema.extend({ attendance_mode_name: z.string() })),
  preselected_id: z.uuid().nullable(),
  /** Several reasons apply: the person picks one. */
  choose: z.boolean(),
});
export type ApplicableReasonsResponse = z.infer<typeof applicableReasonsSchema>;
