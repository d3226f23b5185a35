import { z } from 'zod';

// QuickPasses (spec §3 "quick passes", §6 "QuickPasses cannot be printed for default users",
// §7 POST /quick-passes and send_quick_pass_intructions): a printable card per person with their QR.

/** People per print or send: each pass carries its QR and photo inline. */
export const QUICK_PASS_MAX = 50;

// Ids in the case the database answers them (lower), so each asked id matches the person found.
export const quickPassesBodySchema = z.object({
  user_ids: z
    .array(z.uuid().transform((id) => id.toLowerCase()))
    .min(1)
    .max(QUICK_PASS_MAX),
});
export type QuickPassesBody = z.infer<typeof quickPassesBodySchema>;

export const QUICK_PASS_SKIP_REASONS = ['default_user', 'archived', 'no_email', 'not_found'] as const;
export type QuickPassSkipReason = (typeof QUICK_PASS_SKIP_REASONS)[number];

export const quickPassSkipSchema = z.object({
  user_id: z.uuid(),
  name: z.string().nullable(),
  reason: z.enum(QUICK_PASS_SKIP_REASONS),
  /** The reason in the caller's language. */
  message: z.string(),
});
export type QuickPassSkip = z.infer<typeof quickPassSkipSchema>;

export const quickPassSchema = z.object({
  /** The printed pass's record. */
  id: z.uuid(),
  user_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  /** The profile photo as a data URL, or null. */
  photo: z.string().nullable(),
  user_types: z.array(z.string()),
  /** What the QR encodes: the person's QR code. */
  qr_payload: z.string(),
  /** The QR as an SVG data URL. */
  qr_image: z.string(),
});
export type QuickPass = z.infer<typeof quickPassSchema>;

export const quickPassesResponseSchema = z.object({
  company: z.object({ name: z.string(), logo: z.string().nullable() }),
  printed_at: z.string(),
  passes: z.array(quickPassSchema),
  skipped: z.array(quickPassSkipSchema),
});
export type QuickPassesResponse = z.infer<typeof quickPassesResponseSchema>;

export const sendQuickPassesResponseSchema = z.object({
  sent: z.number().int(),
  skipped: z.array(quickPassSkipSchema),
});
export type SendQuickPassesResponse = z.infer<typeof sendQuickPassesResponseSchema>;

/** The print page's `ids` search value: comma separated, duplicates and non-ids dropped, at most QUICK_PASS_MAX. */
export function parseQuickPassIds(value: string | null | undefined): string[] {
  const uuid = z.uuid();
  const ids = (value ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => uuid.safeParse(part).success);
  return [...new Set(ids)].slice(0, QUICK_PASS_MAX);
}
