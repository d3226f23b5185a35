import { z } from 'zod';
import { cursorListResponse, cursorPageQuery } from '../http/paging';

// The duplication control board (spec §2 /duplication-control-board, §7 `get_users_duplicate`,
// `merge_user`, §8 "Merged User"; decision 032): pairs of people who are probably the same, found by a
// scan of the company, and the merge of one into the other.

/**
 * Why a pair was found: the same email once written the way people vary it (case, a `+tag`, dots in a
 * Gmail address), the same phone number (its last nine digits, whatever the country code), the same id
 * number (letters and digits only), or very similar names with the same company.
 */
export const DUPLICATE_REASONS = ['email', 'phone', 'id_number', 'name'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export const DUPLICATES = {
  /** Names at least this similar (trigram similarity of the full names, 0–1) with the same company. */
  nameSimilarity: 0.6,
  /** A pair's score in percent by its strongest reason; a name's is its similarity times this. */
  nameWeight: 0.9,
  scoreOf: { email: 100, phone: 95, id_number: 95 } as const,
  searchMax: 100,
} as const;

export const duplicatesQuerySchema = cursorPageQuery.extend({
  reason: z.enum(DUPLICATE_REASONS).optional(),
  /** A part of either person's name, company or email. */
  search: z.string().trim().max(DUPLICATES.searchMax).optional(),
  min_score: z.coerce.number().int().min(0).max(100).optional(),
});
export type DuplicatesQuery = z.input<typeof duplicatesQuerySchema>;

export const duplicatePersonSchema = z.object({
  id: z.uuid(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone_code: z.string().nullable(),
  phone: z.string().nullable(),
  id_number: z.string().nullable(),
  company_name: z.string().nullable(),
  status: z.string(),
  photo_url: z.string().nullable(),
  user_types: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** Signs in to the dashboard (invited or active): two such people are never merged. */
  has_login: z.boolean(),
  /** The company's owner record: never the one removed. */
  is_default: z.boolean(),
  visits: z.number().int(),
  last_visit_at: z.string().nullable(),
  created_at: z.string(),
});
export type DuplicatePerson = z.infer<typeof duplicatePersonSchema>;

export const duplicatePairSchema = z.object({
  id: z.uuid(),
  /** 0–100. */
  score: z.number().int(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
  /** Of the two full names, 0–100. */
  name_similarity: z.number().int(),
  a: duplicatePersonSchema,
  b: duplicatePersonSchema,
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

export const DUPLICATE_SCAN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const duplicateScanSchema = z.object({
  id: z.uuid(),
  status: z.enum(DUPLICATE_SCAN_STATUSES),
  requested_at: z.string(),
  finished_at: z.string().nullable(),
  people: z.number().int().nullable(),
  pairs: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
});
export type DuplicateScan = z.infer<typeof duplicateScanSchema>;

export const duplicatesResponseSchema = cursorListResponse(duplicatePairSchema).extend({
  /** The latest scan of the company (null before the first). */
  scan: duplicateScanSchema.nullable(),
});
export type DuplicatesResponse = z.infer<typeof duplicatesResponseSchema>;

export const mergeBodySchema = z.object({
  keep_id: z.uuid(),
  remove_id: z.uuid(),
});
export type MergeBody = z.infer<typeof mergeBodySchema>;

/** What moved to the kept person, by kind, as counted in the merge's transaction. */
export const MERGE_KINDS = [
  'visits',
  'visit_hosts',
  'compliance_responses',
  'documents',
  'visit_permits',
  'labels',
  'rfid_cards',
  'quick_passes',
  'field_values',
  'sites',
  'user_types',
  'hosting',
  'emergency_roll',
  'kiosk_events',
  'badge_prints',
  'timesheet_corrections',
  'rfid_enrolments',
  'details',
  'dashboard_login',
] as const;
export type MergeKind = (typeof MERGE_KINDS)[number];

export const personMergeSchema = z.object({
  id: z.uuid(),
  kept: z.object({ id: z.uuid(), full_name: z.string() }),
  /** The removed person as they were (name, contacts, company), kept to explain the merge. */
  removed: z.object({
    id: z.uuid(),
    full_name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    id_number: z.string().nullable(),
    company_name: z.string().nullable(),
  }),
  moved: z.partialRecord(z.enum(MERGE_KINDS), z.number().int()),
  /** The kept person's empty details filled from the removed one (email, phone, …). */
  filled: z.array(z.string()),
  /** What could not move because the kept person already had its own (an RFID card, …). */
  dropped: z.array(z.string()),
  score: z.number().int().nullable(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
  merged_by: z.string().nullable(),
  merged_at: z.string(),
});
export type PersonMerge = z.infer<typeof personMergeSchema>;

export const mergesQuerySchema = cursorPageQuery;
export const mergesResponseSchema = cursorListResponse(personMergeSchema);

export const dismissBodySchema = z.object({ pair_id: z.uuid() });
