import { z } from 'zod';
import { cursorListResponse, cursorPageQuery } from '../http/paging';
import { SIGN_SOURCES } from '../visits/schemas';
import { JOURNEY_STAGES, VISIT_STATES } from '../visits/stages';
import { checkReportRange, REPORT_LIMITS, reportRangeShape } from './common';

// The History report (spec §2 /reporting/history; §7 get_history_data_grid, visit_list_refactor,
// report_list_history): every visit of the company over a range of days, filtered, sorted and paged on
// the server, and one visit's whole story.

export const HISTORY_SORT_FIELDS = [
  'activity',
  'signed_in_at',
  'signed_out_at',
  'expected_at',
  'name',
  'site',
  'area',
  'user_type',
  'state',
  'duration',
] as const;
export type HistorySortField = (typeof HISTORY_SORT_FIELDS)[number];

/** The History's state filter for every arrival: what the visit summary counts as a visit. */
export const HISTORY_ARRIVED = 'arrived';

const SEARCH_MAX = 100;
const FIELD_VALUE_MAX = 200;

/** The filters and sort of the report (also what an export of it stores), without paging. */
const historyFilterShape = {
  ...reportRangeShape,
  site_id: z.uuid().optional(),
  area_id: z.uuid().optional(),
  user_type_id: z.uuid().optional(),
  person_id: z.uuid().optional(),
  host_id: z.uuid().optional(),
  stage: z.enum(JOURNEY_STAGES).optional(),
  /** A state, or `arrived`: every visit someone arrived for (on site, left, checked in). */
  state: z.enum([...VISIT_STATES, HISTORY_ARRIVED]).optional(),
  /** Arrived on this weekday (1 Monday … 7 Sunday) and in this hour (0–23), on the company's clock. */
  weekday: z.coerce.number().int().min(1).max(7).optional(),
  hour: z.coerce.number().int().min(0).max(23).optional(),
  /** Where the visit was begun: dashboard, kiosk, api, pre_registration… */
  signed_in_by: z.enum(SIGN_SOURCES).optional(),
  late_reason_id: z.uuid().optional(),
  early_reason_id: z.uuid().optional(),
  /** A custom field of the person's profile and the value it must hold (a choice among several counts). */
  field_id: z.uuid().optional(),
  field_value: z.string().trim().min(1).max(FIELD_VALUE_MAX).optional(),
  /** Name, email or company of the person. */
  search: z.string().trim().max(SEARCH_MAX).optional(),
  sortField: z.enum(HISTORY_SORT_FIELDS).default('activity'),
  orderBy: z.enum(['asc', 'desc']).default('desc'),
};

type Checked = { from?: string; to?: string; field_id?: string; field_value?: string };

function checkHistoryFilters(q: Checked, ctx: z.RefinementCtx, maxDays: number = REPORT_LIMITS.screenRangeDays) {
  checkReportRange(q, ctx, maxDays);
  if (q.field_id && !q.field_value)
    ctx.addIssue({ code: 'custom', path: ['field_value'], message: 'history_field_value_required' });
  if (q.field_value && !q.field_id)
    ctx.addIssue({ code: 'custom', path: ['field_id'], message: 'history_field_required' });
}

export const historyFiltersSchema = z
  .strictObject(historyFilterShape)
  .superRefine((q, ctx) => checkHistoryFilters(q, ctx));
export type HistoryFilters = z.output<typeof historyFiltersSchema>;

/** What an export of the report stores: the same filters over a range of up to ten years. */
export const historyExportFiltersSchema = z
  .strictObject(historyFilterShape)
  .superRefine((q, ctx) => checkHistoryFilters(q, ctx, REPORT_LIMITS.exportRangeDays));

/** GET /reports/history: the filters with a page (`cursor`, the previous page's `next_cursor`, wins over `page`). */
export const historyQuerySchema = z
  .strictObject({ ...cursorPageQuery.shape, ...historyFilterShape })
  .superRefine((q, ctx) => checkHistoryFilters(q, ctx));
export type HistoryQuery = z.input<typeof historyQuerySchema>;
export type HistoryParams = z.output<typeof historyQuerySchema>;

/** An instant and the company's wall-clock reading of it (YYYY-MM-DD HH:mm). */
const moment = z.object({ at: z.string(), local: z.string() }).nullable();
const ref = z.object({ id: z.uuid(), name: z.string() });
const reason = ref.extend({ attendance_code: z.string().nullable() });
const personRef = z.object({ id: z.uuid(), full_name: z.string() });

export const historyRowSchema = z.object({
  id: z.uuid(),
  person: personRef.extend({ email: z.string().nullable(), company_name: z.string().nullable() }),
  user_type: ref.nullable(),
  site: ref,
  area: ref,
  state: z.enum(VISIT_STATES),
  stage: z.enum(JOURNEY_STAGES).nullable(),
  expected: moment,
  signed_in: moment,
  signed_out: moment,
  /** From arrival to departure, in whole minutes; null until both are known. */
  duration_minutes: z.number().int().nullable(),
  sign_in_source: z.enum(SIGN_SOURCES).nullable(),
  sign_out_source: z.enum(SIGN_SOURCES).nullable(),
  hosts: z.array(personRef),
  late_reason: reason.nullable(),
  early_reason: reason.nullable(),
  temperature_c: z.number().nullable(),
  mask: z.boolean().nullable(),
  notes: z.string().nullable(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

export const historyListSchema = cursorListResponse(historyRowSchema).extend({ timezone: z.string() });
export type HistoryList = z.infer<typeof historyListSchema>;

/** The grid's columns (what table preferences and an export's column list name), in their default order. */
export const HISTORY_COLUMNS = [
  'person',
  'email',
  'company',
  'user_type',
  'site',
  'area',
  'state',
  'stage',
  'expected',
  'signed_in',
  'signed_out',
  'duration',
  'hosts',
  'signed_in_by',
  'signed_out_by',
  'late_reason',
  'early_reason',
  'temperature',
  'mask',
  'notes',
] as const;
export type HistoryColumn = (typeof HISTORY_COLUMNS)[number];

/** GET /reports/history/options: what the filters offer within the reader's scope. */
export const historyOptionsSchema = z.object({
  sites: z.array(ref.extend({ areas: z.array(ref) })),
  user_types: z.array(ref),
  late_reasons: z.array(reason),
  early_reasons: z.array(reason),
  /** Custom fields of people's profiles a report can be filtered by, with their choices when they have some. */
  custom_fields: z.array(ref.extend({ type: z.string(), choices: z.array(z.string()) })),
  sign_in_sources: z.array(z.enum(SIGN_SOURCES)),
  stages: z.array(z.enum(JOURNEY_STAGES)),
  states: z.array(z.enum(VISIT_STATES)),
});
export type HistoryOptions = z.infer<typeof historyOptionsSchema>;

const fieldValue = z.object({ id: z.uuid(), name: z.string(), type: z.string().nullable(), value: z.unknown() });

/** GET /reports/history/{visitId}: the visit's whole story. */
export const historyVisitSchema = historyRowSchema.extend({
  journey: ref.nullable(),
  login_mode: z.string(),
  created_at: moment,
  created_by: personRef.nullable(),
  decided_by: personRef.nullable(),
  decided_at: moment,
  confirmed_at: moment,
  override_reason: z.string().nullable(),
  host_message: z.string().nullable(),
  kiosk: ref.nullable(),
  compliances: z.array(
    z.object({
      id: z.uuid(),
      compliance: ref,
      status: z.string(),
      answers: z.array(z.unknown()),
      notes: z.string().nullable(),
      answered: moment,
    }),
  ),
  /** The custom-field values given at sign in (or check in) and at sign out. */
  sign_in_fields: z.array(fieldValue),
  sign_out_fields: z.array(fieldValue),
  badge_prints: z.array(
    z.object({
      id: z.uuid(),
      status: z.string(),
      requested_by: personRef.nullable(),
      kiosk: ref.nullable(),
      created: moment,
    }),
  ),
});
export type HistoryVisit = z.infer<typeof historyVisitSchema>;
