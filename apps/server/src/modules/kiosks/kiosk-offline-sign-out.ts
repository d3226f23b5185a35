// A queued sign-out replayed (decision 045): known already, of someone who had left by then (it waits
// in the ledger for a later sign-in it ends), signed out at its time through the dashboard's sign-out,
// or, when that refuses it, signed out all the same for review.
import type { KioskReplayItem, KioskReplayPersonResult } from '@app/shared/kiosks/device-visits';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { writeAudits } from '../audit/audit.repository';
import { findPeople } from '../people/people.repository';
import { fullName } from '../people/person-view';
import { inTenant } from '../visits/sign-in-plan';
import { signOut } from '../visits/sign-out.service';
import { signOutVisits } from '../visits/visits.repository';
import { knownOf, ledgerRow, person, settle, type Replay } from './kiosk-offline-ledger';
import { recordReview, withoutRefused, type Refusals } from './kiosk-offline-review';
import { insertOfflineActions, openVisitsBefore } from './kiosk-offline.repository';
import { queueVisitMessages } from '../webhooks/visit-messages';

export async function replaySignOut(
  r: Replay,
  item: Extract<KioskReplayItem, { kind: 'sign_out' }>,
  at: Date,
): Promise<KioskReplayPersonResult[]> {
  const { ctx } = r.actor;
  if (r.actor.signMode === 'sign_in_only') {
    throw new AppError('rule_violation', { field: 'sign_mode', messageKey: 'kiosk_sign_in_only' });
  }
  const results = knownOf(r, item.idempotency_key, item.person_ids);
  const waiting = item.person_ids.filter((id) => !results.has(id));
  if (waiting.length === 0) return item.person_ids.map((id) => results.get(id)!);
  // Who is on site here since before that time; the others had left already: nothing to do, and the
  // sign-out waits in the ledger for a sign-in replayed later that it ends.
  const open = await inTenant(r.app, ctx, async (tx) => {
    const visits = await openVisitsBefore(tx, ctx.entityId, waiting, r.actor.kiosk.siteId, at);
    const gone = waiting.filter((id) => !visits.some((v) => v.personId === id));
    for (const row of await settle(
      r,
      tx,
      item,
      at,
      gone.map((personId) => ({ personId, visitId: null, outcome: 'already_left' as const })),
    ))
      results.set(row.person_id, row);
    return visits;
  });
  let targets = open;
  const refused: Refusals = new Map();
  while (targets.length) {
    try {
      await signOut(
        r.app,
        ctx,
        { visit_ids: targets.map((v) => v.id), person_ids: [], reason_id: item.reason_id ?? null },
        { lang: r.lang, now: at },
      );
      const done = targets;
      await inTenant(r.app, ctx, async (tx) => {
        for (const row of await settle(
          r,
          tx,
          item,
          at,
          done.map((v) => ({ personId: v.personId, visitId: v.id, outcome: 'done' as const })),
        ))
          results.set(row.person_id, row);
      });
      break;
    } catch (error) {
      const next = withoutRefused(error, targets, (v) => v.personId, refused);
      if (!next) break;
      targets = next;
    }
  }
  // Refused (a reason to choose, say): the person left all the same. Signed out at that time, for review.
  for (const v of open.filter((o) => refused.has(o.personId))) {
    const reviewId = newId();
    const outcome = await inTenant(r.app, ctx, async (tx) => {
      const written = await insertOfflineActions(tx, [
        ledgerRow(r, item, 'sign_out', at, v.personId, 'needs_review', { visitId: v.id, reviewId }),
      ]);
      if (written.length === 0) return person(v.personId, 'replayed');
      const closed = await signOutVisits(tx, ctx.entityId, [{ id: v.id, at, source: 'kiosk' }]);
      await queueVisitMessages(tx, ctx.entity, 'visit.signed_out', closed);
      const [found] = await findPeople(tx, ctx.entityId, undefined, [v.personId]);
      await writeAudits(tx, ctx, [
        {
          action: 'visit.signed_out',
          targetType: 'visit',
          targetId: v.id,
          before: { state: 'on_site' },
          after: { state: 'left', signed_out_at: at.toISOString(), offline: true, review_id: reviewId },
        },
      ]);
      const result = await recordReview(r, tx, item, at, {
        personId: v.personId,
        known: { visitId: v.id, reviewId },
        place: { siteId: r.actor.kiosk.siteId, areaId: r.actor.areaId },
        reviewed: { id: v.personId, name: found ? fullName(found) : (refused.get(v.personId)?.fullName ?? '') },
        issues: refused.get(v.personId)!.issues,
      });
      return result;
    });
    results.set(v.personId, outcome);
  }
  return item.person_ids.map((id) => results.get(id)!);
}
