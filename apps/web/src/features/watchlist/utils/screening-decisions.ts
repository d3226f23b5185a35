import type { Screening } from '@app/shared/watchlist/schemas';
import { SCREENING_DECISIONS } from '@app/shared/watchlist/schemas';

export type ScreeningDecision = (typeof SCREENING_DECISIONS)[number];

/**
 * The decisions the server takes on a screening: approve or reject a review still waiting; say "not a
 * match" of a known person (not of details typed for someone new) while the entry is still listed, once.
 */
export function decisionsFor(screening: Pick<Screening, 'outcome' | 'person_id' | 'entry'>): ScreeningDecision[] {
  const decisions: ScreeningDecision[] = [];
  if (screening.outcome === 'pending') decisions.push('approve', 'reject');
  if (screening.person_id && screening.entry.exists && screening.outcome !== 'not_a_match')
    decisions.push('not_a_match');
  return decisions;
}
