// What one offline replay (decision 045) knows and writes as it goes: the ledger of queued actions
// already applied, each person's outcome, and the kiosk logs' entries.
import type { FastifyInstance } from 'fastify';
import { type Language } from '@app/shared/constants';
import type { KioskReplayItem, KioskReplayPersonResult, KioskReplayStatus } from '@app/shared/kiosks/device-visits';
import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import type { KioskActor } from './kiosk-device-visits.service';
import { recordKioskEvents } from './kiosk-events';
import { insertOfflineActions, type OfflineActionInsert } from './kiosk-offline.repository';

export type Known = { visitId: string | null; reviewId: string | null };

/** What one replay knows already, filled as it goes: the ledger, and visits made with the queue's keys. */
export type Replay = {
  app: FastifyInstance;
  actor: KioskActor;
  lang: Language;
  now: Date;
  /** `key|personId` → what became of it. */
  ledger: Map<string, Known>;
  /** Review ids written, for the dashboards. */
  reviews: string[];
};

export const ledgerKey = (key: string, personId: string) => `${key}|${personId}`;
export const storedKey = (key: string, personId: string) => `${key}:${personId}`;

export const person = (
  personId: string,
  status: KioskReplayStatus,
  known: Partial<Known> = {},
): KioskReplayPersonResult => ({
  person_id: personId,
  status,
  visit_id: known.visitId ?? null,
  review_id: known.reviewId ?? null,
});

/** The kiosk logs' entries of replayed actions, dated when they happened. */
export function replayEvents(
  r: Replay,
  action: 'sign_in' | 'sign_out',
  at: Date,
  done: { personId: string; visitId: string | null; outcome: string; reviewId?: string }[],
) {
  const { kiosk } = r.actor.kiosk;
  return done.map((d) => ({
    kioskId: kiosk.id,
    kioskName: kiosk.name,
    areaId: kiosk.areaId,
    siteId: r.actor.kiosk.siteId,
    kind: d.outcome === 'needs_review' ? ('needs_review' as const) : ('replayed' as const),
    detail: {
      action,
      outcome: d.outcome,
      replayed_at: r.now.toISOString(),
      ...(d.reviewId ? { review_id: d.reviewId } : {}),
    },
    personId: d.personId,
    visitId: d.visitId,
    at,
  }));
}

/** The people of an item its key already applied (the ledger has them): `replayed`, the same answer. */
export function knownOf(r: Replay, key: string, personIds: readonly string[]) {
  const results = new Map<string, KioskReplayPersonResult>();
  for (const personId of personIds) {
    const known = r.ledger.get(ledgerKey(key, personId));
    if (known) results.set(personId, person(personId, 'replayed', known));
  }
  return results;
}

export const ledgerRow = (
  r: Replay,
  item: { idempotency_key: string },
  action: 'sign_in' | 'sign_out',
  at: Date,
  personId: string,
  outcome: string,
  known: Partial<Known> = {},
): OfflineActionInsert => ({
  entityId: r.actor.ctx.entityId,
  id: newId(),
  kioskId: r.actor.kiosk.kiosk.id,
  idempotencyKey: item.idempotency_key,
  personId,
  action,
  outcome,
  siteId: r.actor.kiosk.siteId,
  areaId: r.actor.areaId,
  visitId: known.visitId ?? null,
  reviewId: known.reviewId ?? null,
  occurredAt: at,
});

/**
 * Writes the ledger rows of what was just applied, with their log entries. A row already there (the
 * same action replayed at the same moment by another request) answers `replayed`.
 */
export async function settle(
  r: Replay,
  tx: Executor,
  item: KioskReplayItem,
  at: Date,
  done: { personId: string; visitId: string | null; outcome: 'done' | 'merged' | 'already_left' }[],
): Promise<KioskReplayPersonResult[]> {
  const written = await insertOfflineActions(
    tx,
    done.map((d) => ledgerRow(r, item, item.kind, at, d.personId, d.outcome, { visitId: d.visitId })),
  );
  const fresh = done.filter((d) => written.some((w) => w.personId === d.personId));
  await recordKioskEvents(tx, r.actor.ctx.entityId, replayEvents(r, item.kind, at, fresh));
  return done.map((d) => {
    r.ledger.set(ledgerKey(item.idempotency_key, d.personId), { visitId: d.visitId, reviewId: null });
    return person(d.personId, fresh.includes(d) ? d.outcome : 'replayed', { visitId: d.visitId });
  });
}
