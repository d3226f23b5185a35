// Visits on the dashboard (spec §3 Visit, Dashboard, Mass-action data, Host payload, Checks payload,
// Print badge; §7 "Dashboard, visits and reports"): one zod schema per operation, used by the server's
// routes, the API document and the dashboard's forms.
import { z } from 'zod';
import { LIMITS } from '../constants';
import { complianceAskedSchema, COMPLIANCE_FREQUENCIES } from '../compliances/schemas';
import { responseItemSchema } from '../compliances/responses';
import { CUSTOM_FIELD_TYPES } from '../custom-fields/schemas';
import { cursorListResponse, cursorPageQuery } from '../http/paging';
import { AUTO_SIGN_OUT_MODES, type AutoSignOut } from '../sites/schemas';
import { DASHBOARD_COUNTS, VISIT_LIMITS, VISIT_SORT_FIELDS } from './constants';
import { looksLikePassportQr, PASSPORT_QR_MAX_LENGTH } from '../passport/qr-format';
import { JOURNEY_STAGES, LOGIN_MODES, VISIT_STATES } from './stages';

export {
  DASHBOARD_COUNTS,
  VISIT_LIMITS,
  VISIT_SORT_FIELDS,
  type DashboardCount,
  type VisitSortField,
} from './constants';

const L = VISIT_LIMITS;

/** Where a visit was begun or ended. */
export const SIGN_SOURCES = [
  'dashboard',
  'kiosk',
  'api',
  'pre_registration',
  /** The person, from their phone, inside the site's geofence (a remote journey). */
  'passport',
  'auto_24h',
  'auto_midnight',
  'area_mode_change',
] as const;
export type SignSource = (typeof SIGN_SOURCES)[number];

/** Spec §4 "Auto sign-out modes": after 24 hours, or at the first midnight on the company's clock. */
export { AUTO_SIGN_OUT_MODES };
export type AutoSignOutMode = AutoSignOut;

const isoDate = z.iso.date();
const ref = z.object({ id: z.uuid(), name: z.string() });

// ── dashboard ───────────────────────────────────────────────────────────────────────────────────

export const dashboardQuerySchema = z.object({
  site_id: z.uuid().optional(),
  area_id: z.uuid().optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Today's counts (spec §3 Dashboard: "Counts from totals.daily"). */
export const dailyCountsSchema = z.object({
  /** Signed in now and not signed out. */
  on_site: z.number().int(),
  /** Signed in today (company clock), whether still on site or gone. */
  signed_in: z.number().int(),
  /** Expected today and not arrived yet. */
  expected: z.number().int(),
  /** Checked in today in check-in-only areas. */
  checked_in: z.number().int(),
});
export type DailyCounts = z.infer<typeof dailyCountsSchema>;

export const dashboardSchema = z.object({
  /** Today on the company's clock (YYYY-MM-DD) and its time zone. */
  date: z.string(),
  timezone: z.string(),
  totals: z.object({ daily: dailyCountsSchema }),
  /** The same counts per user type (visits without a user type are counted under null). */
  by_user_type: z.array(dailyCountsSchema.extend({ user_type: ref.nullable() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ── the logbook ─────────────────────────────────────────────────────────────────────────────────

export const listVisitsQuerySchema = cursorPageQuery
  .extend({
    /** First and last day (YYYY-MM-DD on the company's clock), both included; today when left out. */
    from: isoDate.optional(),
    to: isoDate.optional(),
    state: z.enum(VISIT_STATES).optional(),
    site_id: z.uuid().optional(),
    area_id: z.uuid().optional(),
    user_type_id: z.uuid().optional(),
    stage: z.enum(JOURNEY_STAGES).optional(),
    /**
     * Only what a dashboard count counts: on_site (on site now), signed_in (arrived within the range,
     * on site or gone), expected (expected within the range, not arrived), checked_in (checked in
     * within the range).
     */
    count: z.enum(DASHBOARD_COUNTS).optional(),
    /** Name, email or company of the person. */
    search: z.string().trim().max(L.searchMax).optional(),
    sortField: z.enum(VISIT_SORT_FIELDS).default('activity'),
    orderBy: z.enum(['asc', 'desc']).default('desc'),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to) {
      if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'visit_range_order' });
      else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 > L.rangeDaysMax) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'visit_range_too_long' });
      }
    }
  });
export type ListVisitsQuery = z.input<typeof listVisitsQuerySchema>;
export type ListVisitsParams = z.output<typeof listVisitsQuerySchema>;

/** An instant and the company's wall-clock reading of it (YYYY-MM-DD HH:mm). */
const moment = z.object({ at: z.string(), local: z.string() }).nullable();

/**
 * The online compliance link of an expected visit and its reminders (spec §5): when the link went,
 * how many reminders followed, and when the next one is due (null when none will go: answered,
 * cancelled, too close to the visit). Null when nothing went or will go.
 */
export const complianceMailsSchema = z.object({
  link_sent: moment,
  reminders_sent: z.number().int(),
  last_reminder: moment,
  next_due: moment,
});
export type ComplianceMails = z.infer<typeof complianceMailsSchema>;

export const visitSchema = z.object({
  id: z.uuid(),
  person: z.object({
    id: z.uuid(),
    full_name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    company_name: z.string().nullable(),
    photo_url: z.string().nullable(),
  }),
  user_type: ref.nullable(),
  site: ref,
  area: ref,
  journey: ref.nullable(),
  journey_flow_id: z.uuid().nullable(),
  state: z.enum(VISIT_STATES),
  stage: z.enum(JOURNEY_STAGES).nullable(),
  login_mode: z.enum(LOGIN_MODES),
  /** What the next action on this person in this area is (spec §4 Badge label). */
  badge_label: z.enum(['sign_in', 'sign_out', 'check_in']),
  signed_in: moment,
  signed_out: moment,
  expected: moment,
  sign_in_source: z.enum(SIGN_SOURCES).nullable(),
  sign_out_source: z.enum(SIGN_SOURCES).nullable(),
  hosts: z.array(z.object({ id: z.uuid(), full_name: z.string() })),
  host_message: z.string().nullable(),
  notes: z.string().nullable(),
  temperature_c: z.number().nullable(),
  mask: z.boolean().nullable(),
  override_reason: z.string().nullable(),
  late_reason: ref.extend({ attendance_code: z.string().nullable() }).nullable(),
  early_reason: ref.extend({ attendance_code: z.string().nullable() }).nullable(),
  timezone: z.string(),
  created_at: z.string(),
  /** The person who added it (an expected visit), whom it belongs to besides its hosts (decision 018). */
  created_by: z.uuid().nullable(),
  /** Whether the caller may change, delete, re-send or decide it: people managers any, others their own (decision 018). */
  can_change: z.boolean(),
  /**
   * The visitor confirmed it (or registered it themselves): the invitation's confirmation link then
   * opens as expired, so "Send the invitation again" is not offered (decision 014).
   */
  confirmed: z.boolean(),
  compliance_mails: complianceMailsSchema.nullable(),
  /** The visitor's rating at the kiosk on signing out (the flow's "ask for a rating"), or null. */
  rating: z.object({ score: z.number().int(), max: z.number().int() }).nullable(),
});
export type Visit = z.infer<typeof visitSchema>;

export const visitListSchema = cursorListResponse(visitSchema).extend({ timezone: z.string() });
export type VisitList = z.infer<typeof visitListSchema>;

/** GET /visits/filter-options: the sites (with areas) and user types the caller may filter the logbook by. */
export const logbookFilterOptionsSchema = z.object({
  sites: z.array(ref.extend({ areas: z.array(ref.extend({ login_mode: z.enum(LOGIN_MODES), active: z.boolean() })) })),
  user_types: z.array(ref.extend({ parent_id: z.uuid().nullable() })),
});
export type LogbookFilterOptions = z.infer<typeof logbookFilterOptionsSchema>;

// ── notes ───────────────────────────────────────────────────────────────────────────────────────

/** PUT /visits/{id}/notes (spec PUT /visits/notes): trimmed, at most 30 characters; empty clears. */
export const visitNotesBodySchema = z.object({
  notes: z
    .string()
    .trim()
    .max(L.notesMax, { message: 'visit_notes_too_long' })
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type VisitNotesBody = z.input<typeof visitNotesBodySchema>;

// ── sign in and sign out ────────────────────────────────────────────────────────────────────────

const idList = (max: number) =>
  z
    .array(z.uuid())
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'visit_duplicate_ids' });

/** A search of whom to sign in: words, or a passport's QR identity scanned into the box (longer). */
const SEARCH_MAX = 100;

/**
 * GET /visits/people: the active people (in the caller's scope) whose name, email, phone, id number or
 * company matches, for quick sign-in. Part of the dashboard (spec §2), so it needs no access to Users.
 */
export const signInCandidatesQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .min(2)
    .max(PASSPORT_QR_MAX_LENGTH)
    .superRefine((text, ctx) => {
      if (text.length > SEARCH_MAX && !looksLikePassportQr(text)) {
        ctx.addIssue({
          code: 'too_big',
          origin: 'string',
          maximum: SEARCH_MAX,
          inclusive: true,
          input: text,
          message: undefined,
        });
      }
    }),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const signInCandidateSchema = z.object({
  id: z.uuid(),
  full_name: z.string(),
  email: z.string().nullable(),
  photo_url: z.string().nullable(),
  user_types: z.array(ref),
});
export type SignInCandidate = z.infer<typeof signInCandidateSchema>;

/** POST /visits/sign-in/preview: what the flow asks of each person now (spec "Mass-action data"). */
export const signInPreviewBodySchema = z.object({
  area_id: z.uuid(),
  person_ids: idList(L.peopleMax).min(1, { message: 'choice_required' }),
  /**
   * Today's expected visits chosen for these people (a logbook row), at most one each: a person
   * without one is given their expected visit nearest to now.
   */
  expected_visit_ids: idList(L.peopleMax).default([]),
});
export type SignInPreviewBody = z.input<typeof signInPreviewBodySchema>;

/** Spec "Checks payload": a temperature as typed ("37.2", "99.1F") or a number with its unit. */
export const temperatureInputSchema = z.object({
  value: z.union([z.number(), z.string().trim().max(20)]),
  unit: z.enum(['C', 'F']).optional(),
});

export const customFieldValueInputSchema = z.object({ custom_field_id: z.uuid(), value: z.unknown() });

/** One person signed in (spec "Host payload", "Checks payload", compliance answers, reason, fields). */
export const signInPersonSchema = z.object({
  person_id: z.uuid(),
  /** Which of the person's user types the visit is for; the first with a flow at the site when left out. */
  user_type_id: z.uuid().optional(),
  /** Which of the person's expected visits today becomes the arrival; the nearest to now when left out. */
  expected_visit_id: z.uuid().optional(),
  compliances: z
    .array(responseItemSchema)
    .max(50)
    .refine((items) => new Set(items.map((i) => i.compliance_id)).size === items.length, {
      message: 'compliance_response_duplicate',
    })
    .default([]),
  /** Left out: the default reading, 36 °C (spec §9). */
  temperature: temperatureInputSchema.nullable().optional(),
  mask: z.boolean().nullable().optional(),
  /** Why a failed temperature or mask check is let through: at least 20 characters (spec §5). */
  override_reason: z.string().trim().max(L.overrideReasonMax).nullable().optional(),
  host_ids: idList(L.hostsMax).default([]),
  host_message: z.string().trim().max(L.hostMessageMax).nullable().optional(),
  /** A late sign-in reason; the one that applies is taken when left out and exactly one does. */
  reason_id: z.uuid().nullable().optional(),
  custom_fields: z.array(customFieldValueInputSchema).max(L.customFieldsMax).default([]),
});
export type SignInPerson = z.infer<typeof signInPersonSchema>;

export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(L.idempotencyKeyMin)
  .max(L.idempotencyKeyMax)
  .regex(/^[\w.:-]+$/, { message: 'visit_idempotency_key_format' });

/** POST /visits/sign-in (spec /mass-action-apply-signin, /checkin_users, user_visiting). */
export const signInBodySchema = z.object({
  area_id: z.uuid(),
  people: z
    .array(signInPersonSchema)
    .min(1, { message: 'choice_required' })
    .max(L.peopleMax)
    .refine((list) => new Set(list.map((p) => p.person_id)).size === list.length, {
      message: 'visit_duplicate_ids',
    }),
  /** Or the Idempotency-Key header: a retried request answers the first result. */
  idempotency_key: idempotencyKeySchema.optional(),
});
export type SignInBody = z.input<typeof signInBodySchema>;
export type SignInBodyParsed = z.output<typeof signInBodySchema>;

export const idempotencyHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

/** POST /visits/sign-out (spec /user_action): people on site, or visits, with an early sign-out reason. */
export const signOutBodySchema = z
  .object({
    visit_ids: idList(L.peopleMax).default([]),
    person_ids: idList(L.peopleMax).default([]),
    /** Only the visits in this area (with person_ids). */
    area_id: z.uuid().optional(),
    /** An early sign-out reason; the one that applies is taken when left out and exactly one does. */
    reason_id: z.uuid().nullable().optional(),
    /** Values of the custom fields asked at sign-out, kept with each visit signed out. */
    custom_fields: z.array(customFieldValueInputSchema).max(L.customFieldsMax).default([]),
  })
  .superRefine((b, ctx) => {
    if (b.visit_ids.length + b.person_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['visit_ids'], message: 'choice_required' });
    }
  });
export type SignOutBody = z.input<typeof signOutBodySchema>;

/** The answer of a sign-in or sign-out: the visits as the logbook shows them. */
export const visitActionResultSchema = z.object({
  message: z.string(),
  data: z.array(visitSchema),
  /** True when an idempotency key matched an earlier request: nothing new was done. */
  replayed: z.boolean(),
});
export type VisitActionResult = z.infer<typeof visitActionResultSchema>;

/**
 * A refused sign-in (422): `errors` holds one message per person and field, each starting with the
 * person's name, so a screen can join all its values with line breaks (spec §8); `people` has the same
 * per person.
 */
export const visitErrorsSchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()),
  people: z.array(
    z.object({
      person_id: z.string(),
      full_name: z.string().nullable(),
      fields: z.record(z.string(), z.array(z.string())),
    }),
  ),
});
export type VisitErrors = z.infer<typeof visitErrorsSchema>;

// ── what the flow asks (spec "Mass-action data") ────────────────────────────────────────────────

export const PREVIEW_BLOCKERS = [
  'person_not_found',
  'person_archived',
  'awaiting_approval',
  'rejected',
  'on_site_elsewhere',
  'no_visit_permit',
  /** The watchlist stops them (decision 051): a kiosk that is offline found them in its hashes. */
  'watchlist',
  /** The area or its site is full (decision 054): its capacity or today's visitor limit is reached. */
  'place_full',
] as const;
export type PreviewBlocker = (typeof PREVIEW_BLOCKERS)[number];

export const dueComplianceSchema = z.object({
  id: z.uuid(),
  required: z.boolean(),
  frequency: z.enum(COMPLIANCE_FREQUENCIES),
  version: z.number().int(),
  /** due: an answer is needed now; valid: an earlier answer still counts (until valid_until). */
  status: z.enum(['due', 'valid']),
  valid_until: z.string().nullable(),
  asked: complianceAskedSchema,
});
export type DueCompliance = z.infer<typeof dueComplianceSchema>;

export const reasonOptionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  attendance_code: z.string().nullable(),
  start_time: z.string(),
  duration_minutes: z.number().int(),
});

export const previewCustomFieldSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  required: z.boolean(),
  options: z.record(z.string(), z.unknown()),
  section: ref,
});

export const personPreviewSchema = z.object({
  person_id: z.uuid(),
  full_name: z.string().nullable(),
  photo_url: z.string().nullable(),
  user_type: ref.nullable(),
  journey: ref.extend({ logo_url: z.string().nullable() }).nullable(),
  journey_flow_id: z.uuid().nullable(),
  /** Signed in to this area now: the action is then a sign-out. */
  signed_in: z.boolean(),
  action: z.enum(['sign_in', 'sign_out', 'check_in']),
  badge_label: z.enum(['sign_in', 'sign_out', 'check_in']),
  /** The on-site visit (signing out) or today's expected visit that signing in turns into the arrival. */
  visit_id: z.uuid().nullable(),
  expected_visit: z
    .object({
      id: z.uuid(),
      stage: z.enum(JOURNEY_STAGES).nullable(),
      expected: moment,
      /** The hosts chosen when the visit was expected (by the admin, or the visitor registering). */
      hosts: z.array(z.object({ id: z.uuid(), full_name: z.string(), email: z.string().nullable() })),
    })
    .nullable(),
  compliances: z.array(dueComplianceSchema),
  /** Vaccine or test documents the due vaccine/PCR compliances ask for. */
  documents: z.array(
    z.object({
      compliance_id: z.uuid(),
      name: z.string(),
      protocols: z.array(z.string()),
      accept_negative_pcr: z.boolean(),
      pcr_valid_days: z.number().int().nullable(),
    }),
  ),
  checks: z.object({
    temperature: z.object({ threshold_c: z.number(), default_reading_c: z.number() }).nullable(),
    mask: z.boolean(),
  }),
  host: z
    .object({
      /** A host must be chosen (host on, not allow_not_select_host). */
      required: z.boolean(),
      allow_not_select_host: z.boolean(),
      /** Only the listed hosts may be chosen. */
      select_host_permitted: z.boolean(),
      note: z.string(),
      options: z.array(z.object({ id: z.uuid(), full_name: z.string(), email: z.string().nullable() })),
    })
    .nullable(),
  reasons: z.object({
    type: z.enum(['late_sign_in', 'early_sign_out']),
    options: z.array(reasonOptionSchema),
    /** The one reason chosen when exactly one applies (spec §4 "One reason is preselected"). */
    preselected: z.uuid().nullable(),
  }),
  custom_fields: z.array(previewCustomFieldSchema),
  blocker: z.object({ code: z.enum(PREVIEW_BLOCKERS), message: z.string() }).nullable(),
});
export type PersonPreview = z.infer<typeof personPreviewSchema>;

export const signInPreviewSchema = z.object({
  area: z.object({
    id: z.uuid(),
    name: z.string(),
    site: ref,
    login_mode: z.enum(LOGIN_MODES),
  }),
  /** Now on the company's clock (YYYY-MM-DD HH:mm). */
  now: z.string(),
  timezone: z.string(),
  people: z.array(personPreviewSchema),
});
export type SignInPreview = z.infer<typeof signInPreviewSchema>;

// ── badge (spec "Print badge") ──────────────────────────────────────────────────────────────────

export const badgeSchema = z.object({
  visit_id: z.uuid(),
  /** The flow asks for a badge (print_badge); an admin may still print one. */
  print_badge: z.boolean(),
  copies: z.number().int(),
  /** Spec §4 Badge label: the login mode label. */
  label: z.enum(['sign_in', 'sign_out', 'check_in']),
  name: z.string().nullable(),
  photo_url: z.string().nullable(),
  user_type: z.string().nullable(),
  /** The value of the QR code printed (the person's QuickPass code). */
  qr: z.string(),
  /** That QR code as an SVG data URL, ready to print. */
  qr_image: z.string(),
  temperature_c: z.number().nullable(),
  host: z.string().nullable(),
  logo_url: z.string().nullable(),
  custom_fields: z
    .array(z.object({ id: z.uuid(), name: z.string(), value: z.unknown() }))
    .max(LIMITS.badgeCustomFieldsMax),
  late_sign_in_reason: z.string().nullable(),
  early_sign_out_reason: z.string().nullable(),
  site: z.string(),
  area: z.string(),
  /** When the badge's visit began, on the company's clock. */
  signed_in: moment,
});
export type Badge = z.infer<typeof badgeSchema>;

export const badgePrintSchema = z.object({
  id: z.uuid(),
  visit_id: z.uuid(),
  status: z.enum(['queued', 'printed', 'cancelled']),
  badge: badgeSchema,
  created_at: z.string(),
});
export type BadgePrint = z.infer<typeof badgePrintSchema>;
