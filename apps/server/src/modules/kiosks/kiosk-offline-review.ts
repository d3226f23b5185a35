// "Needs review" in offline replay (decision 045): whom the dashboard's rules refused, and the review
// row that keeps a refused person's action, with its log entry, for an admin.
import type { KioskReplayItem, KioskReplayPersonResult } from '@app/shared/kiosks/device-visits';
import type { Executor } from '../../db/client';
import { VisitRefusal, type Issue } from '../visits/visit-refusal';
import { recordKioskEvents } from './kiosk-events';
import { ledgerKey, person, replayEvents, type Replay } from './kiosk-offline-ledger';
import { insertReviews } from './kiosk-offline.repository';

/** Whom a refusal named, by person id: their name as the refusal gave it and its reasons. */
export type Refusals = Map<string, { fullName: string | null; issues: Issue[] }>;

/**
 * After a refused try: notes whom the refusal names and answers who is left to try again without them,
 * or null when it named none of those tried (then all of them are kept for review).
 */
export function withoutRefused<T>(error: unknown, tried: T[], idOf: (t: T) => string, refused: Refusals): T[] | null {
  if (!(error instanceof VisitRefusal)) throw error;
  for (const [personId, issues] of issuesOf(error)) refused.set(personId, issues);
  const next = tried.filter((t) => !refused.has(idOf(t)));
  if (next.length < tried.length) return next;
  for (const t of tried) refused.set(idOf(t), { fullName: null, issues: [] });
  return null;
}

/** Refused people's issues, by person, from a refusal. */
const issuesOf = (refusal: VisitRefusal) =>
  new Map(refusal.people.map((p) => [p.personId, { fullName: p.fullName, issues: p.issues }]));

/**
 * The review row of a refused person's action (its ledger row written already) and its log entry; the
 * replay notes it in its ledger and among the reviews the dashboards hear of.
 */
export async function recordReview(
  r: Replay,
  tx: Executor,
  item: KioskReplayItem,
  at: Date,
  review: {
    /** The item's person, as the ledger and the log know them. */
    personId: string;
    known: { visitId: string | null; reviewId: string };
    place: { siteId: string; areaId: string };
    /** The person as the review keeps them (no id when they no longer exist). */
    reviewed: { id: string | null; name: string };
    issues: Issue[];
  },
): Promise<KioskReplayPersonResult> {
  const { visitId, reviewId } = review.known;
  await insertReviews(tx, [
    {
      entityId: r.actor.ctx.entityId,
      id: reviewId,
      kioskId: r.actor.kiosk.kiosk.id,
      kioskName: r.actor.kiosk.kiosk.name,
      siteId: review.place.siteId,
      areaId: review.place.areaId,
      personId: review.reviewed.id,
      personName: review.reviewed.name,
      visitId,
      action: item.kind,
      idempotencyKey: item.idempotency_key,
      occurredAt: at,
      reasons: review.issues.map((i) => ({ field: i.field, key: i.key, ...(i.vars ? { vars: i.vars } : {}) })),
    },
  ]);
  await recordKioskEvents(
    tx,
    r.actor.ctx.entityId,
    replayEvents(r, item.kind, at, [{ personId: review.personId, visitId, outcome: 'needs_review', reviewId }]),
  );
  r.reviews.push(reviewId);
  r.ledger.set(ledgerKey(item.idempotency_key, review.personId), { visitId, reviewId });
  return person(review.personId, 'needs_review', { visitId, reviewId });
}
