import { z } from 'zod';
import { checkReportRange, REPORT_LIMITS, reportRangeShape } from './common';

// The Timesheet report (spec §2 /reporting/timesheet, §7 GET and POST /time_sheet/{entityId}): per
// person and company day, first in, last out, time on site over the day's visits, late and early reasons
// with their attendance codes and the attendance mode's expected hours; an admin corrects a day with a
// reason. Totals per person for the period.
//
// Rules the figures follow (the server computes them, the screen only shows them):
// - Only arrived visits count (signed in); a visit still on site counts up to now and its day says so.
// - A visit across midnight is split at midnight on the company's clock: each day gets its own piece,
//   first in / last out are the pieces' ends (`carried_in` / `carried_out` mark a piece that began the
//   day before or goes on into the next).
// - The day's attendance mode: the mode of a late or early reason recorded on one of its visits (the
//   mode the sign-in or sign-out was judged by); else the modes of the journey flow of its first visit,
//   the one that runs on that weekday (earliest start, then name), or the first of them when none does
//   (expected 0: not a working day); else none (no expected hours, no difference).
// - Expected minutes: end − start of the mode (through midnight when the end is not after the start)
//   on the mode's days, 0 on other days. Only days the person came (or a correction made) are listed.
// - A correction replaces the day's first in, last out and minutes; the latest correction of a day
//   wins, earlier ones are kept; the recorded figures stay available as `original`.

export const TIMESHEET_LIMITS = {
  /** People per page (each with all their days in the range). */
  defaultLimit: 10,
  maxLimit: 100,
  reasonMin: 2,
  reasonMax: 200,
} as const;

export const TIMESHEET_SORT_FIELDS = ['name'] as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The filters and sort of the report (also what an export of it stores), without paging. */
const timesheetFilterShape = {
  ...reportRangeShape,
  site_id: z.uuid().optional(),
  user_type_id: z.uuid().optional(),
  person_id: z.uuid().optional(),
  /** Name or email of the person. */
  search: z.string().trim().max(100).optional(),
  sortField: z.enum(TIMESHEET_SORT_FIELDS).default('name'),
  orderBy: z.enum(['asc', 'desc']).default('asc'),
};

export const timesheetFiltersSchema = z
  .strictObject(timesheetFilterShape)
  .superRefine((q, ctx) => checkReportRange(q, ctx, REPORT_LIMITS.exportRangeDays));
export type TimesheetFilters = z.output<typeof timesheetFiltersSchema>;

/** GET /reports/timesheet: the filters and a page of people (`cursor`: the previous page's `next_cursor`). */
export const timesheetQuerySchema = z
  .strictObject({
    ...timesheetFilterShape,
    limit: z.coerce.number().int().min(1).max(TIMESHEET_LIMITS.maxLimit).default(TIMESHEET_LIMITS.defaultLimit),
    /** A page by its number (a jump); `cursor`, the previous page's `next_cursor`, wins over it. */
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    cursor: z.string().max(400).optional(),
  })
  .superRefine((q, ctx) => checkReportRange(q, ctx));
export type TimesheetQuery = z.input<typeof timesheetQuerySchema>;
export type TimesheetParams = z.output<typeof timesheetQuerySchema>;

/** An instant and the company's wall-clock reading of it (YYYY-MM-DD HH:mm). */
const moment = z.object({ at: z.string(), local: z.string() });
const ref = z.object({ id: z.uuid(), name: z.string() });
const reason = z.object({ id: z.uuid(), name: z.string(), attendance_code: z.string().nullable() });
const personRef = z.object({ id: z.uuid(), full_name: z.string() });

export const timesheetCorrectionSchema = z.object({
  id: z.uuid(),
  person_id: z.uuid(),
  day: z.string(),
  first_in: moment,
  last_out: moment,
  minutes: z.number().int(),
  reason: z.string(),
  corrected_by: personRef.nullable(),
  corrected_at: z.string(),
});
export type TimesheetCorrection = z.infer<typeof timesheetCorrectionSchema>;

export const timesheetDaySchema = z.object({
  /** The company's calendar day, YYYY-MM-DD. */
  day: z.string(),
  /** What the day shows: the latest correction's figures when corrected, else the recorded ones. */
  first_in: moment.nullable(),
  /** Null while the person is still on site that day. */
  last_out: moment.nullable(),
  minutes: z.number().int(),
  /** Arrived visits with time on that day. */
  visits: z.number().int(),
  /** Still on site now (the minutes count up to the list's `as_of`). */
  on_site: z.boolean(),
  /**
   * While on site: the instant the day's running piece began (the sign-in, or the day's midnight for a
   * visit carried in), so a screen can go on counting after `as_of`; null otherwise.
   */
  ongoing_since: z.string().nullable(),
  /** The first piece began the day before / the last piece goes on into the next day. */
  carried_in: z.boolean(),
  carried_out: z.boolean(),
  late_reasons: z.array(reason),
  early_reasons: z.array(reason),
  attendance_mode: ref.nullable(),
  expected_minutes: z.number().int().nullable(),
  /** minutes − expected_minutes; null without an attendance mode. */
  difference_minutes: z.number().int().nullable(),
  /** The recorded figures (before any correction). */
  original: z.object({ first_in: moment.nullable(), last_out: moment.nullable(), minutes: z.number().int() }),
  correction: timesheetCorrectionSchema.nullable(),
});
export type TimesheetDay = z.infer<typeof timesheetDaySchema>;

export const timesheetTotalsSchema = z.object({
  days: z.number().int(),
  visits: z.number().int(),
  minutes: z.number().int(),
  /** Over the days that have an attendance mode; null when none has. */
  expected_minutes: z.number().int().nullable(),
  difference_minutes: z.number().int().nullable(),
  late: z.number().int(),
  early: z.number().int(),
  corrected: z.number().int(),
});
export type TimesheetTotals = z.infer<typeof timesheetTotalsSchema>;

export const timesheetPersonSchema = z.object({
  person: personRef.extend({ email: z.string().nullable() }),
  days: z.array(timesheetDaySchema),
  totals: timesheetTotalsSchema,
});
export type TimesheetPerson = z.infer<typeof timesheetPersonSchema>;

/** A page of people; `count` is the number of people in the view (capped like every list). */
export const timesheetListSchema = z.object({
  data: z.array(timesheetPersonSchema),
  count: z.number().int(),
  count_capped: z.boolean(),
  next_cursor: z.string().nullable(),
  timezone: z.string(),
  /** The instant the figures were counted to (a day still on site counts up to it). */
  as_of: z.string(),
});
export type TimesheetList = z.infer<typeof timesheetListSchema>;

/**
 * POST /reports/timesheet/corrections: a person's day as it should read, on the company's clock.
 * `last_out_next_day` puts the last out on the day after (a night shift); otherwise it must come after
 * the first in. The reason is required.
 */
export const timesheetCorrectionBodySchema = z
  .strictObject({
    person_id: z.uuid(),
    day: z.iso.date(),
    first_in: z.string().regex(HHMM, 'timesheet_time_format'),
    last_out: z.string().regex(HHMM, 'timesheet_time_format'),
    last_out_next_day: z.boolean().default(false),
    reason: z.string().trim().min(TIMESHEET_LIMITS.reasonMin).max(TIMESHEET_LIMITS.reasonMax),
  })
  .superRefine((b, ctx) => {
    if (!b.last_out_next_day && HHMM.test(b.first_in) && HHMM.test(b.last_out) && b.last_out <= b.first_in) {
      ctx.addIssue({ code: 'custom', path: ['last_out'], message: 'timesheet_last_out_before_first_in' });
    }
  });
export type TimesheetCorrectionBody = z.input<typeof timesheetCorrectionBodySchema>;

/** The grid's columns (what table preferences and an export's column list name), in their default order. */
export const TIMESHEET_COLUMNS = [
  'person',
  'day',
  'first_in',
  'last_out',
  'minutes',
  'visits',
  'late_reasons',
  'early_reasons',
  'attendance_mode',
  'expected_minutes',
  'difference_minutes',
  'corrected',
] as const;
export type TimesheetColumn = (typeof TIMESHEET_COLUMNS)[number];

/** Minutes as h:mm (negative with a leading minus), the way the grid and the sheet show hours. */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '−' : '';
  const abs = Math.abs(minutes);
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

const MINUTE_MS = 60_000;

/**
 * The whole minutes a day still on site has gained since `as_of` (the instant the server counted it to)
 * by `now`; 0 for every other day. A screen adds it to the day's minutes and difference, and the sum
 * over a person's days to their totals, so a running day goes on counting between reads.
 */
export function minutesSince(day: Pick<TimesheetDay, 'ongoing_since'>, asOf: string, now: Date): number {
  if (!day.ongoing_since) return 0;
  const from = Date.parse(day.ongoing_since);
  const counted = Math.floor((Date.parse(asOf) - from) / MINUTE_MS);
  const running = Math.floor((now.getTime() - from) / MINUTE_MS);
  return Math.max(0, running - counted);
}
