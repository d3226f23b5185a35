import { z } from 'zod';
import { cursorListResponse, cursorPageQuery } from '../http/paging';
import { DEFAULT_NAME_THRESHOLD, MATCH_FIELDS, MATCH_HOWS } from './match';

// The watchlist (issue 29, decision 051): people a company must not let in (deny), must look at first
// (review), or wants to hear of (notify); the screenings that found them at a way in, and what an admin
// decided. Read and kept with the `watchlist` permission.

export const WATCHLIST_LEVELS = ['deny', 'review', 'notify'] as const;
export type WatchlistLevel = (typeof WATCHLIST_LEVELS)[number];

/** Where a person was screened. */
export const SCREENING_WAYS = [
  'desk',
  'kiosk',
  'kiosk_offline',
  'api',
  'passport',
  'expected_visit',
  'pre_registration',
  'import',
] as const;
export type ScreeningWay = (typeof SCREENING_WAYS)[number];

/** What came of a screening: refused (deny), waiting for an admin, approved or rejected by one, the chosen people told, or not the same person. */
export const SCREENING_OUTCOMES = ['refused', 'pending', 'approved', 'rejected', 'notified', 'not_a_match'] as const;
export type ScreeningOutcome = (typeof SCREENING_OUTCOMES)[number];

export const WATCHLIST_LIMITS = {
  nameMax: 120,
  aliasesMax: 10,
  emailMax: 255,
  phoneMax: 20,
  companyMax: 100,
  reasonMax: 1000,
  /** Rows one CSV import takes. */
  importRowsMax: 10_000,
} as const;

const EMAIL = z.regexes.email;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => v || null);

export const watchlistEntryBodySchema = z.strictObject({
  level: z.enum(WATCHLIST_LEVELS),
  full_name: z.string().trim().min(1).max(WATCHLIST_LIMITS.nameMax),
  aliases: z.array(z.string().trim().min(1).max(WATCHLIST_LIMITS.nameMax)).max(WATCHLIST_LIMITS.aliasesMax).default([]),
  email: z
    .string()
    .trim()
    .max(WATCHLIST_LIMITS.emailMax)
    .refine((v) => v === '' || EMAIL.test(v), { message: 'invalid_email' })
    .nullable()
    .optional()
    .transform((v) => v || null),
  /** Digits, with or without a country code and spaces, + ( ) -. */
  phone: z
    .string()
    .trim()
    .max(WATCHLIST_LIMITS.phoneMax)
    .regex(/^[+\d\s()-]*$/, { message: 'phone_digits_only' })
    .nullable()
    .optional()
    .transform((v) => v || null),
  company_name: optional(WATCHLIST_LIMITS.companyMax),
  date_of_birth: z
    .string()
    .regex(DATE, { message: 'watchlist_date_invalid' })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { message: 'watchlist_date_invalid' })
    .nullable()
    .optional()
    .transform((v) => v || null),
  reason: z.string().trim().min(1).max(WATCHLIST_LIMITS.reasonMax),
});
export type WatchlistEntryBody = z.input<typeof watchlistEntryBodySchema>;
export type WatchlistEntryBodyParsed = z.output<typeof watchlistEntryBodySchema>;

export const watchlistEntrySchema = z.object({
  id: z.uuid(),
  level: z.enum(WATCHLIST_LEVELS),
  full_name: z.string(),
  aliases: z.array(z.string()),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  reason: z.string(),
  image: z.string().nullable(),
  added_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;

export const watchlistQuerySchema = z.strictObject({
  ...cursorPageQuery.shape,
  level: z.enum(WATCHLIST_LEVELS).optional(),
  /** Part of a name, an alias, the email or the phone. */
  search: z.string().trim().max(100).optional(),
});
export type WatchlistQuery = z.infer<typeof watchlistQuerySchema>;
export const watchlistListSchema = cursorListResponse(watchlistEntrySchema);
export type WatchlistList = z.infer<typeof watchlistListSchema>;

export const matchReasonSchema = z.object({
  field: z.enum(MATCH_FIELDS),
  how: z.enum(MATCH_HOWS),
  similarity: z.number().int(),
  distance: z.number().int().nullable(),
  entry_value: z.string(),
  subject_value: z.string(),
});

export const screeningSchema = z.object({
  id: z.uuid(),
  at: z.object({ at: z.string(), local: z.string() }),
  way: z.enum(SCREENING_WAYS),
  person_id: z.uuid().nullable(),
  subject: z.object({
    name: z.string(),
    email: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
    company: z.string().nullable().optional(),
  }),
  entry: z.object({ id: z.uuid(), full_name: z.string(), exists: z.boolean() }),
  level: z.enum(WATCHLIST_LEVELS),
  score: z.number().int(),
  reasons: z.array(matchReasonSchema),
  outcome: z.enum(SCREENING_OUTCOMES),
  decided_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type Screening = z.infer<typeof screeningSchema>;

export const screeningsQuerySchema = z.strictObject({
  ...cursorPageQuery.shape,
  outcome: z.enum(SCREENING_OUTCOMES).optional(),
  entry_id: z.uuid().optional(),
  person_id: z.uuid().optional(),
});
export type ScreeningsQuery = z.infer<typeof screeningsQuerySchema>;
export const screeningsListSchema = cursorListResponse(screeningSchema);
export type ScreeningsList = z.infer<typeof screeningsListSchema>;

/** An admin's decision on a screening: let the person in today, keep them out, or not the same person (remembered). */
export const SCREENING_DECISIONS = ['approve', 'reject', 'not_a_match'] as const;
export const screeningDecisionBodySchema = z.strictObject({
  decision: z.enum(SCREENING_DECISIONS),
  reason: z.string().trim().min(1).max(WATCHLIST_LIMITS.reasonMax),
});
export type ScreeningDecisionBody = z.infer<typeof screeningDecisionBodySchema>;

export const watchlistSettingsSchema = z.object({
  name_threshold: z.number().int().min(60).max(100),
  notify_person_ids: z.array(z.uuid()).max(20),
});
export type WatchlistSettings = z.infer<typeof watchlistSettingsSchema>;
export const watchlistSettingsBodySchema = z.strictObject(watchlistSettingsSchema.shape);
export const DEFAULT_WATCHLIST_SETTINGS: WatchlistSettings = {
  name_threshold: DEFAULT_NAME_THRESHOLD,
  notify_person_ids: [],
};

/** The columns a CSV import reads (a header row names them; aliases separated by `;`). */
export const WATCHLIST_CSV_COLUMNS = [
  'level',
  'full_name',
  'aliases',
  'email',
  'phone',
  'company_name',
  'date_of_birth',
  'reason',
] as const;
export const watchlistImportResultSchema = z.object({
  created: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});
export type WatchlistImportResult = z.infer<typeof watchlistImportResultSchema>;

/**
 * What a kiosk holds to screen while offline: never names, only salted SHA-256 hashes (their first 12
 * bytes, base64url) of the keys an exact match needs (offline-keys.ts), by the level of their entry.
 */
export const watchlistSnapshotSchema = z.object({
  salt: z.string(),
  deny: z.array(z.string()),
  review: z.array(z.string()),
  notify: z.array(z.string()),
});
export type WatchlistSnapshot = z.infer<typeof watchlistSnapshotSchema>;
