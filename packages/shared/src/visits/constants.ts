// The visits' limits, the dashboard's counts and the logbook's sort fields without zod: the dashboard
// loads them before it shows. schemas.ts builds the server's checks from the same values.
import { LIMITS } from '../constants';

export const VISIT_LIMITS = {
  /** Spec §5, §9: visit notes at most 30 characters. */
  notesMax: LIMITS.notesMax,
  /** Spec §5: a mask or temperature override reason is at least 20 characters. */
  overrideReasonMin: LIMITS.complianceNoteMin,
  overrideReasonMax: 500,
  hostMessageMax: 500,
  hostsMax: 10,
  /** People signed in or out by one request (the mass actions). */
  peopleMax: 100,
  idempotencyKeyMin: 8,
  idempotencyKeyMax: 100,
  customFieldsMax: 100,
  searchMax: 100,
  /** The longest date range of the logbook, in days. */
  rangeDaysMax: 366,
} as const;

/**
 * The dashboard's counts (spec §3 Dashboard: totals.daily). As a logbook filter (`count`), what the
 * count that was clicked counts, over the range of days (SPEC-NOTES: /filtered).
 */
export const DASHBOARD_COUNTS = ['on_site', 'signed_in', 'expected', 'checked_in'] as const;
export type DashboardCount = (typeof DASHBOARD_COUNTS)[number];

export const VISIT_SORT_FIELDS = [
  'activity',
  'signed_in_at',
  'signed_out_at',
  'expected_at',
  'name',
  'user_type',
  'site',
  'area',
  'state',
] as const;
export type VisitSortField = (typeof VISIT_SORT_FIELDS)[number];
