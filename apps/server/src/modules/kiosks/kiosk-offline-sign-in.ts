// A queued sign-in replayed (decision 045): known already, met by a stay the person was on, signed in
// at its time through the dashboard's sign-in, or, when that refuses it, recorded anyway for review.
import {
  KIOSK_OFFLINE_LIMITS,
  type KioskReplayItem,
  type KioskReplayPersonResult,
} from '@app/shared/kiosks/device-visits';
import { checkHealth, dayRange, localDay } from '@app/shared/visits/rules';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { companyZone } from '../access/company-zone';
import { writeAudits } from '../audit/audit.repository';
import { findPeople } from '../people/people.repository';
import { fullName } from '../people/person-view';
import { inTenant, mustFindArea, planPeople } from '../visits/sign-in-plan';
import { signIn } from '../visits/sign-in.service';
import type { Issue } from '../visits/visit-refusal';
import { insertArrivals, insertVisitHosts, signOutVisits } from '../visits/visits.repository';
import { knownOf, ledgerRow, person, settle, storedKey, type Replay } from './kiosk-offline-ledger';
import { recordReview, withoutRefused, type Refusals } from './kiosk-offline-review';
import {
  insertOfflineActions,
  pendingSignOut,
  settleOfflineAction,
  stayAt,
  visitsByKeys,
} from './kiosk-offline.repository';
import { queueVisitMessages } from '../webhooks/visit-messages';

/** The end of the day of `at` on the company's clock: a later stay that day is the same stay. */
function dayEndOf(r: Replay, at: Date) {
  const zone = companyZone(r.actor.ctx);
  const day = localDay(at, zone);
  return dayRange(day, day, zone).end;
}

/**
 * A visit that ends at a later replayed sign-out which found nobody on site (decision 045: a sign-in
 * replayed after the sign-out that followed it is closed at that sign-out's time, never left open).
 */
async function closeAtWaitingSignOut(r: Replay, tx: Executor, visitId: string, personId: string, at: Date) {
  const { ctx } = r.actor;
  const windowEnd = new Date(at.getTime() + r.actor.offlineHours * 3_600_000 + KIOSK_OFFLINE_LIMITS.marginMs);
  const waiting = await pendingSignOut(tx, ctx.entityId, personId, r.actor.kiosk.siteId, at, windowEnd);
  if (!waiting) return null;
  const closed = await signOutVisits(tx, ctx.entityId, [{ id: visitId, at: waiting.occurredAt, source: 'kiosk' }]);
  if (closed.length === 0) return null;
  await queueVisitMessages(tx, ctx.entity, 'visit.signed_out', closed);
  await settleOfflineAction(tx, ctx.entityId, waiting.id, visitId);
  await writeAudits(tx, ctx, [
    {
      action: 'visit.signed_out',
      targetType: 'visit',
      targetId: visitId,
      before: { state: 'on_site' },
      after: { state: 'left', signed_out_at: waiting.occurredAt.toISOString(), offline: true },
    },
  ]);
  return visitId;
}

/**
 * A sign-in the server refused, recorded anyway: the visit (the person really came in), unless the
 * person no longer exists or is archived, and the review row keeping what happened and why.
 */
async function acceptForReview(
  r: Replay,
  item: Extract<KioskReplayItem, { kind: 'sign_in' }>,
  at: Date,
  input: Extract<KioskReplayItem, { kind: 'sign_in' }>['people'][number],
  refused: { fullName: string | null; issues: Issue[] },
): Promise<KioskReplayPersonResult> {
  const { ctx } = r.actor;
  return inTenant(r.app, ctx, async (tx) => {
    const area = await mustFindArea(tx, ctx, r.actor.areaId);
    const plan = async (userTypeId?: string | null) =>
      (
        await planPeople(tx, ctx, area, [{ personId: input.person_id, userTypeId }], at, {
          lock: true,
          hostOptions: false,
        })
      ).plans[0]!;
    let planned = await plan(input.user_type_id);
    if (planned.blocker?.key === 'visit_user_type_not_person') planned = await plan(null);
    const found = planned.person;
    // Signed in meanwhile by another kiosk (the refusal said so): the same stay, not a second visit.
    const stay = found ? await stayAt(tx, ctx.entityId, found.id, area.siteId, at, dayEndOf(r, at)) : null;
    if (stay) {
      const [row] = await settle(r, tx, item, at, [{ personId: input.person_id, visitId: stay.id, outcome: 'merged' }]);
      return row!;
    }
    const visitId = found && found.status === 'active' ? newId(at.getTime()) : null;
    const reviewId = newId();
    const written = await insertOfflineActions(tx, [
      ledgerRow(r, item, 'sign_in', at, input.person_id, 'needs_review', { visitId, reviewId }),
    ]);
    if (written.length === 0) {
      return person(input.person_id, 'replayed');
    }
    if (visitId && found) {
      const hosts = (await findPeople(tx, ctx.entityId, undefined, input.host_ids)).filter(
        (h) => h.status === 'active' && h.id !== found.id,
      );
      const flow = planned.choice?.flow ?? null;
      // The reading kept as the flow reads it (a reading it cannot read is left out).
      const reading = flow
        ? checkHealth(flow.settings.checks, {
            temperature: input.temperature ?? null,
            mask: input.mask ?? null,
            overrideReason: input.override_reason ?? null,
          }).temperatureC
        : null;
      await insertArrivals(tx, [
        {
          entityId: ctx.entityId,
          id: visitId,
          personId: found.id,
          userTypeId: planned.choice?.userType?.id ?? null,
          siteId: area.siteId,
          areaId: area.id,
          journeyId: flow?.journey.id ?? null,
          journeyFlowId: flow?.flowId ?? null,
          loginMode: area.loginMode,
          state: area.loginMode === 'checkIn_only' ? 'checked_in' : 'on_site',
          signedInAt: at,
          signInSource: 'kiosk',
          temperatureC: reading === null ? null : String(reading),
          mask: input.mask ?? null,
          overrideReason: input.override_reason?.trim() || null,
          lateReasonId: null,
          hostMessage: input.host_message?.trim() || null,
          idempotencyKey: storedKey(item.idempotency_key, found.id),
          extra: { custom_fields: [], offline_review_id: reviewId },
        },
      ]);
      await insertVisitHosts(
        tx,
        ctx.entityId,
        hosts.map((h) => ({ visitId, personId: h.id })),
      );
      await writeAudits(tx, ctx, [
        {
          action: area.loginMode === 'checkIn_only' ? 'visit.checked_in' : 'visit.signed_in',
          targetType: 'visit',
          targetId: visitId,
          after: { person_id: found.id, area_id: area.id, offline: true, review_id: reviewId },
        },
      ]);
      if (area.loginMode !== 'checkIn_only') await closeAtWaitingSignOut(r, tx, visitId, found.id, at);
    }
    return recordReview(r, tx, item, at, {
      personId: input.person_id,
      known: { visitId, reviewId },
      place: { siteId: area.siteId, areaId: area.id },
      reviewed: found ? { id: found.id, name: fullName(found) } : { id: null, name: refused.fullName ?? '' },
      issues: refused.issues,
    });
  });
}

export async function replaySignIn(
  r: Replay,
  item: Extract<KioskReplayItem, { kind: 'sign_in' }>,
  at: Date,
): Promise<KioskReplayPersonResult[]> {
  const { ctx } = r.actor;
  if (r.actor.signMode === 'sign_out_only') {
    throw new AppError('rule_violation', { field: 'sign_mode', messageKey: 'kiosk_sign_out_only' });
  }
  const results = knownOf(
    r,
    item.idempotency_key,
    item.people.map((p) => p.person_id),
  );
  let waiting = item.people.filter((p) => !results.has(p.person_id));
  if (waiting.length) {
    // A sign-in that reached the server before (its answer lost on the way back).
    const made = await inTenant(r.app, ctx, (tx) =>
      visitsByKeys(
        tx,
        ctx.entityId,
        waiting.map((p) => storedKey(item.idempotency_key, p.person_id)),
      ),
    );
    for (const v of made) {
      const personId = waiting.find((p) => storedKey(item.idempotency_key, p.person_id) === v.key)!.person_id;
      results.set(personId, person(personId, 'replayed', { visitId: v.id }));
    }
    waiting = waiting.filter((p) => !results.has(p.person_id));
  }
  if (waiting.length) {
    // One stay, not two: the person is (or was, at that time) already on site here.
    const dayEnd = dayEndOf(r, at);
    const merged = await inTenant(r.app, ctx, async (tx) => {
      const stays: { personId: string; visitId: string | null; outcome: 'merged' }[] = [];
      for (const p of waiting) {
        const stay = await stayAt(tx, ctx.entityId, p.person_id, r.actor.kiosk.siteId, at, dayEnd);
        if (!stay) continue;
        // A later stay that a replayed sign-out ends before is another stay: this one is made.
        if (
          stay.signedInAt > at &&
          (await pendingSignOut(tx, ctx.entityId, p.person_id, r.actor.kiosk.siteId, at, stay.signedInAt))
        )
          continue;
        stays.push({ personId: p.person_id, visitId: stay.id, outcome: 'merged' });
      }
      return settle(r, tx, item, at, stays);
    });
    for (const m of merged) results.set(m.person_id, m);
    waiting = waiting.filter((p) => !results.has(p.person_id));
  }
  // The dashboard's sign-in at the time it happened; whoever it refuses is accepted for review.
  const refused: Refusals = new Map();
  let signing = waiting;
  while (signing.length) {
    try {
      const result = await signIn(
        r.app,
        ctx,
        { area_id: r.actor.areaId, people: signing, idempotency_key: item.idempotency_key },
        { lang: r.lang, now: at, way: 'kiosk_offline' },
      );
      const visits = result.data;
      await inTenant(r.app, ctx, async (tx) => {
        const rows = await settle(
          r,
          tx,
          item,
          at,
          signing.map((p) => ({
            personId: p.person_id,
            visitId: visits.find((v) => v.person.id === p.person_id)?.id ?? null,
            outcome: 'done' as const,
          })),
        );
        for (const row of rows) results.set(row.person_id, result.replayed ? { ...row, status: 'replayed' } : row);
        for (const v of result.replayed ? [] : visits) {
          if (v.state === 'on_site') await closeAtWaitingSignOut(r, tx, v.id, v.person.id, at);
        }
      });
      break;
    } catch (error) {
      const next = withoutRefused(error, signing, (p) => p.person_id, refused);
      if (!next) break;
      signing = next;
    }
  }
  for (const p of waiting.filter((w) => refused.has(w.person_id))) {
    results.set(p.person_id, await acceptForReview(r, item, at, p, refused.get(p.person_id)!));
  }
  return item.people.map((p) => results.get(p.person_id)!);
}
