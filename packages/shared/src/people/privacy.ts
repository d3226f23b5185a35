import { z } from 'zod';
import { cursorListResponse, cursorPageQuery } from '../http/paging';

// The privacy manager (spec §2 /privacy-manager, §3 "Privacy settings", §5 retention rules, §7 Privacy
// calls, §8 and §9 toasts and delay; decision 033): how long the company keeps people's personal data
// and their scans (visit records), per user type and as a company default, the nightly job that acts
// on it, "Delete now", and one person's erasure on request. Nothing is left as a hole: an erased
// person's visits stay, pointing at the company's anonymous record, so reports keep their totals.

export const PRIVACY = {
  /** At most 100 years: a retention is "required, positive" (spec §5) and a whole number of days. */
  maxDays: 36_500,
  /** The local hour (company time zone) at which the nightly job deletes what is due. */
  runHour: 2,
  /** Spec §9: the page waits this long after a deletion before it shows the result. */
  deletionDelayMs: 500,
  passwordMax: 200,
} as const;

const days = z.number().int().min(1).max(PRIVACY.maxDays);

/** Both required and positive (spec §5 "Data retention and scans retention: required, positive number"). */
export const retentionBodySchema = z.object({
  /** Personal data of people with no visit for this many days is erased. */
  data_retention_days: days,
  /** Scans (visit records) older than this many days are anonymised. */
  scans_retention_days: days,
});
export type RetentionBody = z.infer<typeof retentionBodySchema>;

export const retentionSchema = z.object({
  data_retention_days: z.number().int().nullable(),
  scans_retention_days: z.number().int().nullable(),
});
export type Retention = z.infer<typeof retentionSchema>;

export const privacyUserTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** True when the type has its own retention; false when it follows the company default. */
  custom: z.boolean(),
  /** The type's own retention (null when it follows the default). */
  own: retentionSchema,
  /** What applies: its own, else the company default; null days are kept for ever. */
  effective: retentionSchema,
  people: z.number().int(),
});
export type PrivacyUserType = z.infer<typeof privacyUserTypeSchema>;

export const privacyViewSchema = z.object({
  /** The company default; both null when data is kept for ever (nothing is deleted by default). */
  company: retentionSchema,
  timezone: z.string(),
  /** When the nightly job next looks at the company (its local `PRIVACY.runHour`). */
  next_run_at: z.string(),
  user_types: z.array(privacyUserTypeSchema),
});
export type PrivacyView = z.infer<typeof privacyViewSchema>;

/** "Delete now" deletes a user type's personal data, its scans, or both (spec §7 `type data / scan / both`). */
export const PRIVACY_SCOPES = ['data', 'scans', 'both'] as const;
export type PrivacyScope = (typeof PRIVACY_SCOPES)[number];

const password = z.string().min(1).max(PRIVACY.passwordMax);

export const deleteNowBodySchema = z.object({ scope: z.enum(PRIVACY_SCOPES), password });
export type DeleteNowBody = z.infer<typeof deleteNowBodySchema>;

export const passwordBodySchema = z.object({ password });
export type PasswordBody = z.infer<typeof passwordBodySchema>;

/** What started a run: the nightly job, "Delete now" on a user type, or one person's erasure. */
export const PRIVACY_TRIGGERS = ['schedule', 'delete_now', 'erasure'] as const;
export type PrivacyTrigger = (typeof PRIVACY_TRIGGERS)[number];

export const PRIVACY_RUN_STATUSES = ['running', 'done', 'failed'] as const;

/** One run of the retention (spec §7 `cron_jobs`): when, what, how many. */
export const privacyRunSchema = z.object({
  id: z.uuid(),
  trigger: z.enum(PRIVACY_TRIGGERS),
  scope: z.enum(PRIVACY_SCOPES),
  status: z.enum(PRIVACY_RUN_STATUSES),
  /** The user type acted on ("Delete now"); null for the nightly run over every type and for an erasure. */
  user_type: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** People whose personal data was erased. */
  people_erased: z.number().int(),
  /** Scans (visits) anonymised. */
  visits_anonymised: z.number().int(),
  /** The admin who asked (null for the nightly job). */
  requested_by: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type PrivacyRun = z.infer<typeof privacyRunSchema>;

export const privacyRunsQuerySchema = cursorPageQuery.extend({ trigger: z.enum(PRIVACY_TRIGGERS).optional() });
export const privacyRunsResponseSchema = cursorListResponse(privacyRunSchema);
export type PrivacyRunsResponse = z.infer<typeof privacyRunsResponseSchema>;
