// "Accepted offline, needs review" (decision 045): a sign-in or sign-out a kiosk made while offline that
// the server would have refused. It was recorded anyway (the person really came or went); an admin
// reads why and resolves it with a note.
import { z } from 'zod';
import { cursorListResponse, cursorPageQuery } from '../http/paging';

export const KIOSK_REVIEW_STATUSES = ['open', 'resolved'] as const;
export type KioskReviewStatus = (typeof KIOSK_REVIEW_STATUSES)[number];

export const KIOSK_REVIEW_LIMITS = { noteMax: 1000 } as const;

/** GET /kiosk-reviews: newest first, open ones unless asked otherwise. */
export const kioskReviewsQuerySchema = z.strictObject({
  ...cursorPageQuery.shape,
  status: z.enum(KIOSK_REVIEW_STATUSES).default('open'),
});
export type KioskReviewsQuery = z.infer<typeof kioskReviewsQuerySchema>;

const ref = z.object({ id: z.uuid(), name: z.string() });

export const kioskReviewSchema = z.object({
  id: z.uuid(),
  action: z.enum(['sign_in', 'sign_out']),
  /** The kiosk's name as it was. */
  kiosk: ref,
  /** The person's name as it was; null id when the person no longer exists. */
  person: z.object({ id: z.uuid().nullable(), name: z.string() }),
  site: ref.nullable(),
  area: ref.nullable(),
  /** The visit recorded for it; null when none could be made (the person archived or deleted). */
  visit_id: z.uuid().nullable(),
  occurred_at: z.string(),
  /** When it happened on the company's clock (`YYYY-MM-DD HH:mm`). */
  occurred_local: z.string(),
  /** Why the server would have refused it, in the reader's language. */
  reasons: z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })),
  status: z.enum(KIOSK_REVIEW_STATUSES),
  note: z.string().nullable(),
  resolved_by: z.object({ id: z.uuid().nullable(), name: z.string() }).nullable(),
  resolved_at: z.string().nullable(),
  resolved_local: z.string().nullable(),
  created_at: z.string(),
});
export type KioskReview = z.infer<typeof kioskReviewSchema>;

export const kioskReviewsListSchema = cursorListResponse(kioskReviewSchema);
export type KioskReviewsList = z.infer<typeof kioskReviewsListSchema>;

/** POST /kiosk-reviews/{id}/resolve. */
export const resolveKioskReviewBodySchema = z.object({
  /** What was done about it: required, so the next reader knows. */
  note: z.string().trim().min(1, { message: 'required' }).max(KIOSK_REVIEW_LIMITS.noteMax),
});
export type ResolveKioskReviewBody = z.input<typeof resolveKioskReviewBodySchema>;
