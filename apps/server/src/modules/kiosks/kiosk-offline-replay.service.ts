// Offline replay (decision 045): the sign-ins and sign-outs a kiosk queued while the server could not be
// reached, applied in the order they were made at the time they really happened. Each queued action has
// its own idempotency key, so a replayed, duplicated or reordered action never makes two visits; one the
// server would have refused is recorded anyway and listed for an admin ("needs review").
// Here: the entry points and each item's answer; one item's sign-in and sign-out have modules of their own.
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
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { inTenant } from '../visits/sign-in-plan';
import type { KioskActor } from './kiosk-device-visits.service';
import { ledgerKey, person, type Replay } from './kiosk-offline-ledger';
import { replaySignIn } from './kiosk-offline-sign-in';
import { replaySignOut } from './kiosk-offline-sign-out';
import { offlineActionsOf } from './kiosk-offline.repository';

const ORDER: KioskReplayStatus[] = ['refused', 'retry', 'needs_review', 'done', 'merged', 'already_left', 'replayed'];

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
