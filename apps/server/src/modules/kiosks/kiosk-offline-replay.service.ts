// Offline replay (decision 045): the sign-ins and sign-outs a kiosk queued while the server could not be
// reached, applied in the order they were made at the time they really happened. Each queued action has
// its own idempotency key, so a replayed, duplicated or reordered action never makes two visits; one the
// server would have refused is recorded anyway and listed for an admin ("needs review").
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type Language } from '@app/shared/constants';
import { fieldLabelVars, fieldPath, issueText } from '@app/shared/http/field-messages';
import {
  KIOSK_OFFLINE_LIMITS,
  KIOSK_REPLAY_STATUSES,
  kioskReplayItemSchema,
  type KioskReplayItem,
  type KioskReplayPersonResult,
  type KioskReplayResponse,
  type KioskReplayResult,
  type KioskReplayStatus,
} from '@app/shared/kiosks/device-visits';
import { checkHealth, dayRange, localDay } from '@app/shared/visits/rules';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import { companyZone } from '../access/company-zone';
import { writeAudits } from '../audit/audit.repository';
import { findPeople } from '../people/people.repository';
import { fullName } from '../people/person-view';
import { inTenant, mustFindArea, planPeople } from '../visits/sign-in-plan';
import { signIn } from '../visits/sign-in.service';
import { signOut } from '../visits/sign-out.service';
import { VisitRefusal, type Issue } from '../visits/visit-refusal';
import { emitVisits } from '../visits/visit-view';
import { insertArrivals, insertVisitHosts, signOutVisits } from '../visits/visits.repository';
import type { KioskActor } from './kiosk-device-visits.service';
import { recordKioskEvents } from './kiosk-events';
import {
  insertOfflineActions,
  insertReviews,
  offlineActionsOf,
  openVisitsBefore,
  pendingSignOut,
  settleOfflineAction,
  stayAt,
  visitsByKeys,
  type OfflineActionInsert,
} from './kiosk-offline.repository';

type Known = { visitId: string | null; reviewId: string | null };

/** What one replay knows already, filled as it goes: the ledger, and visits made with the queue's keys. */
type Replay = {
  app: FastifyInstance;
  actor: KioskActor;
  lang: Language;
  now: Date;
  /** `key|personId` → what became of it. */
  ledger: Map<string, Known>;
  /** Review ids written, for the dashboards. */
  reviews: string[];
};

const ledgerKey = (key: string, personId: string) => `${key}|${personId}`;
const storedKey = (key: string, personId: string) => `${key}:${personId}`;
const ORDER: KioskReplayStatus[] = ['refused', 'retry', 'needs_review', 'done', 'merged', 'already_left', 'replayed'];

const person = (personId: string, status: KioskReplayStatus, known: Partial<Known> = {}): KioskReplayPersonResult => ({
  person_id: personId,
  status,
  visit_id: known.visitId ?? null,
  review_id: known.reviewId ?? null,
});

/** The window a queued action's time must fall in: not ahead of the server's clock past a small skew, not older than the kiosk's offline window and a margin. */
export function checkOccurredAt(actor: KioskActor, occurredAt: string, now: Date, field = 'occurred_at'): Date {
  const at = new Date(occurredAt);
  if (at.getTime() > now.getTime() + KIOSK_OFFLINE_LIMITS.clockSkewMs) {
    throw new AppError('validation_failed', { field, messageKey: 'kiosk_occurred_at_future' });
  }
  if (at.getTime() < now.getTime() - actor.offlineHours * 3_600_000 - KIOSK_OFFLINE_LIMITS.marginMs) {
    throw new AppError('validation_failed', {
      field,
      messageKey: 'kiosk_occurred_at_too_old',
      vars: { hours: actor.offlineHours },
    });
  }
  return at;
}

/** The `{ code, message, fields }` of an error answered for one item, in the caller's language. */
function errorOf(lang: Language, error: AppError): NonNullable<KioskReplayResult['error']> {
  const { field, vars } = error.options;
  const label = field && vars?.field === undefined ? fieldLabelVars(field.split('.'), (key) => t(lang, key)) : {};
  const message = t(lang, `errors:${error.options.messageKey ?? error.code}`, { ...vars, ...label });
  return { code: error.code, message, ...(field ? { fields: { [field]: [message] } } : {}) };
}

function badItem(lang: Language, raw: unknown, issues: z.core.$ZodIssue[]): NonNullable<KioskReplayResult['error']> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    const message = issueText(
      { ...issue, path, input: valueAt(raw, path) },
      (key, vars) => t(lang, key, vars),
      'body',
      kioskReplayItemSchema,
    );
    (fields[fieldPath(path)] ??= []).push(message);
  }
  return {
    code: 'validation_failed',
    message: Object.values(fields)[0]?.[0] ?? t(lang, 'errors:validation_failed'),
    fields,
  };
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let node = raw;
  for (const part of path)
    node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[part] : undefined;
  return node;
}

/** The kiosk logs' entries of replayed actions, dated when they happened. */
function replayEvents(
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

const ledgerRow = (
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
type Refusals = Map<string, { fullName: string | null; issues: Issue[] }>;

/**
 * After a refused try: notes whom the refusal names and answers who is left to try again without them,
 * or null when it named none of those tried (then all of them are kept for review).
 */
function withoutRefused<T>(error: unknown, tried: T[], idOf: (t: T) => string, refused: Refusals): T[] | null {
  if (!(error instanceof VisitRefusal)) throw error;
  for (const [personId, issues] of issuesOf(error)) refused.set(personId, issues);
  const next = tried.filter((t) => !refused.has(idOf(t)));
  if (next.length < tried.length) return next;
  for (const t of tried) refused.set(idOf(t), { fullName: null, issues: [] });
  return null;
}

async function settle(
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

/** The end of the day of `at` on the company's clock: a later stay that day is the same stay. */
function dayEndOf(r: Replay, at: Date) {
  const zone = companyZone(r.actor.ctx);
  const day = localDay(at, zone);
  return dayRange(day, day, zone).end;
}

/** Refused people's issues, by person, from a refusal. */
const issuesOf = (refusal: VisitRefusal) =>
  new Map(refusal.people.map((p) => [p.personId, { fullName: p.fullName, issues: p.issues }]));

// --- Sign-in ------------------------------------------------------------------------------------------

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
): Promise<{ result: KioskReplayPersonResult; emitted: { id: string; areaId: string }[]; closed: string | null }> {
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
      return { result: row!, emitted: [], closed: null };
    }
    const visitId = found && found.status === 'active' ? newId(at.getTime()) : null;
    const reviewId = newId();
    const written = await insertOfflineActions(tx, [
      ledgerRow(r, item, 'sign_in', at, input.person_id, 'needs_review', { visitId, reviewId }),
    ]);
    if (written.length === 0) {
      return { result: person(input.person_id, 'replayed'), emitted: [], closed: null };
    }
    let closed: string | null = null;
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
      if (area.loginMode !== 'checkIn_only') closed = await closeAtWaitingSignOut(r, tx, visitId, found.id, at);
    }
    await insertReviews(tx, [
      {
        entityId: ctx.entityId,
        id: reviewId,
        kioskId: r.actor.kiosk.kiosk.id,
        kioskName: r.actor.kiosk.kiosk.name,
        siteId: area.siteId,
        areaId: area.id,
        personId: found?.id ?? null,
        personName: found ? fullName(found) : (refused.fullName ?? ''),
        visitId,
        action: 'sign_in',
        idempotencyKey: item.idempotency_key,
        occurredAt: at,
        reasons: refused.issues.map((i) => ({ field: i.field, key: i.key, ...(i.vars ? { vars: i.vars } : {}) })),
      },
    ]);
    await recordKioskEvents(
      tx,
      ctx.entityId,
      replayEvents(r, 'sign_in', at, [{ personId: input.person_id, visitId, outcome: 'needs_review', reviewId }]),
    );
    r.reviews.push(reviewId);
    r.ledger.set(ledgerKey(item.idempotency_key, input.person_id), { visitId, reviewId });
    return {
      result: person(input.person_id, 'needs_review', { visitId, reviewId }),
      emitted: visitId ? [{ id: visitId, areaId: area.id }] : [],
      closed,
    };
  });
}

async function replaySignIn(
  r: Replay,
  item: Extract<KioskReplayItem, { kind: 'sign_in' }>,
  at: Date,
): Promise<KioskReplayPersonResult[]> {
  const { ctx } = r.actor;
  if (r.actor.signMode === 'sign_out_only') {
    throw new AppError('rule_violation', { field: 'sign_mode', messageKey: 'kiosk_sign_out_only' });
  }
  const results = new Map<string, KioskReplayPersonResult>();
  for (const p of item.people) {
    const known = r.ledger.get(ledgerKey(item.idempotency_key, p.person_id));
    if (known) results.set(p.person_id, person(p.person_id, 'replayed', known));
  }
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
        { lang: r.lang, now: at },
      );
      const visits = result.data;
      const closed = await inTenant(r.app, ctx, async (tx) => {
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
        const ended: { id: string; areaId: string }[] = [];
        for (const v of result.replayed ? [] : visits) {
          if (v.state !== 'on_site') continue;
          if (await closeAtWaitingSignOut(r, tx, v.id, v.person.id, at)) ended.push({ id: v.id, areaId: v.area.id });
        }
        return ended;
      });
      if (closed.length) emitVisits(r.app, ctx.entityId, 'signed_out', closed);
      break;
    } catch (error) {
      const next = withoutRefused(error, signing, (p) => p.person_id, refused);
      if (!next) break;
      signing = next;
    }
  }
  for (const p of waiting.filter((w) => refused.has(w.person_id))) {
    const accepted = await acceptForReview(r, item, at, p, refused.get(p.person_id)!);
    results.set(p.person_id, accepted.result);
    if (accepted.emitted.length) emitVisits(r.app, ctx.entityId, 'signed_in', accepted.emitted);
    if (accepted.closed) emitVisits(r.app, ctx.entityId, 'signed_out', accepted.emitted);
  }
  return item.people.map((p) => results.get(p.person_id)!);
}

// --- Sign-out -----------------------------------------------------------------------------------------

async function replaySignOut(
  r: Replay,
  item: Extract<KioskReplayItem, { kind: 'sign_out' }>,
  at: Date,
): Promise<KioskReplayPersonResult[]> {
  const { ctx } = r.actor;
  if (r.actor.signMode === 'sign_in_only') {
    throw new AppError('rule_violation', { field: 'sign_mode', messageKey: 'kiosk_sign_in_only' });
  }
  const results = new Map<string, KioskReplayPersonResult>();
  for (const personId of item.person_ids) {
    const known = r.ledger.get(ledgerKey(item.idempotency_key, personId));
    if (known) results.set(personId, person(personId, 'replayed', known));
  }
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
      await insertReviews(tx, [
        {
          entityId: ctx.entityId,
          id: reviewId,
          kioskId: r.actor.kiosk.kiosk.id,
          kioskName: r.actor.kiosk.kiosk.name,
          siteId: r.actor.kiosk.siteId,
          areaId: r.actor.areaId,
          personId: v.personId,
          personName: found ? fullName(found) : (refused.get(v.personId)?.fullName ?? ''),
          visitId: v.id,
          action: 'sign_out',
          idempotencyKey: item.idempotency_key,
          occurredAt: at,
          reasons: refused
            .get(v.personId)!
            .issues.map((i) => ({ field: i.field, key: i.key, ...(i.vars ? { vars: i.vars } : {}) })),
        },
      ]);
      await recordKioskEvents(
        tx,
        ctx.entityId,
        replayEvents(r, 'sign_out', at, [{ personId: v.personId, visitId: v.id, outcome: 'needs_review', reviewId }]),
      );
      r.reviews.push(reviewId);
      r.ledger.set(ledgerKey(item.idempotency_key, v.personId), { visitId: v.id, reviewId });
      if (closed.length) emitVisits(r.app, ctx.entityId, 'signed_out', [{ id: v.id, areaId: v.areaId }]);
      return person(v.personId, 'needs_review', { visitId: v.id, reviewId });
    });
    results.set(v.personId, outcome);
  }
  return item.person_ids.map((id) => results.get(id)!);
}

// --- The queue ----------------------------------------------------------------------------------------

const itemStatus = (people: KioskReplayPersonResult[]): KioskReplayStatus =>
  ORDER.find((s) => people.some((p) => p.status === s)) ?? 'replayed';

/** Reads what the replay needs to know up front, in one transaction: the ledger rows of the queue's keys. */
export async function startReplay(
  app: FastifyInstance,
  actor: KioskActor,
  keys: readonly string[],
  lang: Language,
): Promise<Replay> {
  const rows = await inTenant(app, actor.ctx, (tx) => offlineActionsOf(tx, actor.ctx.entityId, [...new Set(keys)]));
  return {
    app,
    actor,
    lang,
    now: new Date(),
    ledger: new Map(
      rows.map((row) => [
        ledgerKey(row.idempotencyKey, row.personId),
        { visitId: row.visitId, reviewId: row.reviewId },
      ]),
    ),
    reviews: [],
  };
}

/** One queued action: its people's outcomes. Bad input and rule errors of the kiosk itself are thrown. */
export async function replayItem(r: Replay, item: KioskReplayItem): Promise<KioskReplayPersonResult[]> {
  const at = checkOccurredAt(r.actor, item.occurred_at, r.now);
  return item.kind === 'sign_in' ? replaySignIn(r, item, at) : replaySignOut(r, item, at);
}

/** Dashboards showing the list hear of reviews written. */
export function announceReviews(app: FastifyInstance, entityId: string, ids: string[]) {
  if (ids.length) app.realtime.toEntity(entityId, 'updateKioskReviews', { ids });
}

/**
 * POST /kiosk-device/replay: every queued action in order, each answered on its own. An item that
 * cannot be read or breaks a rule of the kiosk is `refused` (the kiosk drops it); when the server fails
 * on one, it and every later one are `retry` (the kiosk keeps them and sends them again).
 */
export async function replayQueue(
  app: FastifyInstance,
  actor: KioskActor,
  items: readonly Record<string, unknown>[],
  lang: Language,
): Promise<KioskReplayResponse> {
  const parsed = items.map((raw) => kioskReplayItemSchema.safeParse(raw));
  const keys = parsed.flatMap((p) => (p.success ? [p.data.idempotency_key] : []));
  const r = await startReplay(app, actor, keys, lang);
  const results: KioskReplayResult[] = [];
  let failed = false;
  for (const [index, outcome] of parsed.entries()) {
    const raw = items[index]!;
    const key = typeof raw.idempotency_key === 'string' ? raw.idempotency_key : null;
    if (!outcome.success) {
      const error = badItem(lang, raw, outcome.error.issues);
      results.push({ index, idempotency_key: key, status: 'refused', people: [], error });
      continue;
    }
    const item = outcome.data;
    const everyone = item.kind === 'sign_in' ? item.people.map((p) => p.person_id) : item.person_ids;
    if (failed) {
      results.push({
        index,
        idempotency_key: key,
        status: 'retry',
        people: everyone.map((id) => person(id, 'retry')),
        error: null,
      });
      continue;
    }
    try {
      const people = await replayItem(r, item);
      results.push({ index, idempotency_key: key, status: itemStatus(people), people, error: null });
    } catch (error) {
      if (error instanceof AppError) {
        results.push({
          index,
          idempotency_key: key,
          status: 'refused',
          people: everyone.map((id) => person(id, 'refused')),
          error: errorOf(lang, error),
        });
        continue;
      }
      app.log.error({ err: error, index }, 'kiosk replay stopped');
      failed = true;
      results.push({
        index,
        idempotency_key: key,
        status: 'retry',
        people: everyone.map((id) => person(id, 'retry')),
        error: null,
      });
    }
  }
  announceReviews(app, actor.ctx.entityId, r.reviews);
  const counts = Object.fromEntries(
    KIOSK_REPLAY_STATUSES.map((s) => [s, results.filter((x) => x.status === s).length]),
  );
  return { results, counts: counts as KioskReplayResponse['counts'] };
}
