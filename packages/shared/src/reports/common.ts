import { z } from 'zod';
import type { Permission } from '../access/permissions';

// What every report of the Reporting section shares (spec §2 /reporting/*, §7 "Dashboard, visits and
// reports"): its name, the permission that shows it, the bounded range of days it covers, and how an
// export of it is asked for.

export const REPORT_NAMES = [
  'history',
  'visit_summary',
  'timesheet',
  'users_not_on_site',
  'track_trace',
  'printer',
  'kiosk_logs',
  /** The audit log viewer (issue 29): shown on its own page, exported like a report. */
  'audit_log',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** The permission (spec §2 mapped names) that shows each report and lets its reader export it. */
export const REPORT_PERMISSIONS: Record<ReportName, Permission> = {
  history: 'show_history_list',
  visit_summary: 'show_visit_summary_list',
  timesheet: 'show_time_sheet_list',
  users_not_on_site: 'show_users_not_on_site_list',
  track_trace: 'show_track_trace_list',
  printer: 'show_printer_list',
  kiosk_logs: 'show_kiosk_logs_list',
  audit_log: 'company_details',
};

export const REPORT_LIMITS = {
  /** An on-screen report covers at most this many days per request (a year, leap day included). */
  screenRangeDays: 366,
  /** An export may cover more: up to ten years. */
  exportRangeDays: 3_660,
} as const;

const isoDate = z.iso.date();

/** Days between two YYYY-MM-DD dates (to − from). */
export const daysBetween = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * A range of days on the company's clock, both included (YYYY-MM-DD). `to` before `from` and a range
 * longer than `maxDays` are refused on the `to` field (messages `report_range_order`,
 * `report_range_too_long` of the errors catalogue).
 */
export const reportRangeShape = { from: isoDate, to: isoDate };

export function checkReportRange(
  q: { from?: string; to?: string },
  ctx: z.RefinementCtx,
  maxDays: number = REPORT_LIMITS.screenRangeDays,
): void {
  if (!q.from || !q.to) return;
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'report_range_order' });
  else if (daysBetween(q.from, q.to) > maxDays) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'report_range_too_long' });
  }
}

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
