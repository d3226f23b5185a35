import { z } from 'zod';
import { checkReportRange, REPORT_LIMITS, reportRangeShape } from './common';

// The visit summary (spec §2 /reporting/visit_summary, §7 GET /visit_summary/{entityId} (start, end)):
// for a period of company days, how many visits arrived, by whom, where, of which user type, for how
// long, at which hours, with which late and early reasons.

const filterShape = {
  ...reportRangeShape,
  site_id: z.uuid().optional(),
  area_id: z.uuid().optional(),
  user_type_id: z.uuid().optional(),
};

export const visitSummaryQuerySchema = z.strictObject(filterShape).superRefine((q, ctx) => checkReportRange(q, ctx));
export type VisitSummaryQuery = z.infer<typeof visitSummaryQuerySchema>;

const ref = z.object({ id: z.uuid(), name: z.string() });
const counts = {
  /** Visits that arrived (signed in or checked in). */
  visits: z.number().int(),
  /** Different people among them. */
  people: z.number().int(),
};

export const visitSummaryDaySchema = z.object({
  /** A company day, YYYY-MM-DD. */
  day: z.string(),
  ...counts,
  /** Average minutes of the day's completed visits (signed out), null when none. */
  average_minutes: z.number().nullable(),
});
export type VisitSummaryDay = z.infer<typeof visitSummaryDaySchema>;

export const visitSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The company's time zone: days, weekdays and hours are on its clock. */
  timezone: z.string(),
  totals: z.object({
    ...counts,
    /** Visits signed out (what the durations are taken from). */
    completed: z.number().int(),
    average_minutes: z.number().nullable(),
    median_minutes: z.number().nullable(),
    /** Expected visits of the period's past days that never arrived. */
    no_shows: z.number().int(),
  }),
  /** Every day of the period in order, days without visits included. */
  days: z.array(visitSummaryDaySchema),
  /** Per site, busiest first, with its areas. */
  sites: z.array(z.object({ site: ref, ...counts, areas: z.array(z.object({ area: ref, ...counts })) })),
  /** Per user type, busiest first; visits without a user type under null. */
  user_types: z.array(z.object({ user_type: ref.nullable(), ...counts })),
  /** Arrivals per weekday (index 0 Monday … 6 Sunday) and hour (index 0 … 23) on the company's clock. */
  heat_map: z.array(z.array(z.number().int())),
  /** Late sign-in and early sign-out reasons given, most given first. */
  late_reasons: z.array(z.object({ reason: ref, visits: z.number().int() })),
  early_reasons: z.array(z.object({ reason: ref, visits: z.number().int() })),
});
export type VisitSummary = z.infer<typeof visitSummarySchema>;

/** The per-day rows as an export takes them: the screen's filters over a longer range allowed to exports. */
export const visitSummaryExportFiltersSchema = z
  .strictObject(filterShape)
  .superRefine((q, ctx) => checkReportRange(q, ctx, REPORT_LIMITS.exportRangeDays));
export type VisitSummaryExportFilters = z.infer<typeof visitSummaryExportFiltersSchema>;

/** GET /reports/visit-summary/options: what the filters offer within the reader's scope. */
export const visitSummaryOptionsSchema = z.object({
  sites: z.array(ref.extend({ areas: z.array(ref) })),
  user_types: z.array(ref),
});
export type VisitSummaryOptions = z.infer<typeof visitSummaryOptionsSchema>;
