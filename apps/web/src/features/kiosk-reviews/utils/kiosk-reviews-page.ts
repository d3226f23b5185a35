import { z } from 'zod';
import { KIOSK_REVIEW_LIMITS, KIOSK_REVIEW_STATUSES, type KioskReview } from '@app/shared/kiosks/reviews';
import { labelVars } from '@app/shared/http/field-messages';

/** The reviews shown per page. */
export const REVIEWS_PAGE_SIZE = 25;

/** What the page's address holds: open or resolved reviews (open unless asked), so a link reopens the same view. */
export const kioskReviewsPageFiltersSchema = z.object({
  status: z.enum(KIOSK_REVIEW_STATUSES).default('open'),
});

/** The number of pages a list of `count` reviews fills (at least one). */
export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / REVIEWS_PAGE_SIZE));

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * The note's message, or null when it may be sent. The server takes an empty note, but a review is
 * resolved for the record: the dialog asks what was done about it.
 */
export function noteError(note: string, t: Translate): string | null {
  const text = note.trim();
  if (text === '') return t('errors:field.required', labelVars('resolve.note', t));
  if (text.length > KIOSK_REVIEW_LIMITS.noteMax)
    return t('errors:field.too_long', { ...labelVars('resolve.note', t), max: KIOSK_REVIEW_LIMITS.noteMax });
  return null;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A moment's day on this browser's calendar, YYYY-MM-DD. */
const dayOf = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;

/** The History report's filters. */
export type HistorySearch = { from: string; to: string; person_id: string; person_name: string };

/**
 * Where the review's visit is told in full: the History report, narrowed to the person and the days
 * around the moment (the report reads days on the company's clock, this browser's may differ by one).
 * Null when no visit was recorded or the person is gone.
 */
export function historySearchOf(
  review: Pick<KioskReview, 'visit_id' | 'person' | 'occurred_at'>,
): HistorySearch | null {
  if (!review.visit_id || !review.person.id) return null;
  const at = new Date(review.occurred_at);
  if (Number.isNaN(at.getTime())) return null;
  return {
    from: dayOf(new Date(at.getTime() - DAY_MS)),
    to: dayOf(new Date(at.getTime() + DAY_MS)),
    person_id: review.person.id,
    person_name: review.person.name,
  };
}

/** The kiosk's place as it reads under its name: "Site › Area", what is known of it. */
export const placeOf = (review: Pick<KioskReview, 'site' | 'area'>): string =>
  [review.site?.name, review.area?.name].filter(Boolean).join(' › ');
