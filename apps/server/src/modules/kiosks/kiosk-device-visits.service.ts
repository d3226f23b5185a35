// A registered kiosk signing people in and out at its own area, as its sign in/out mode allows (spec
// §4: sign in only, sign out only, both). The kiosk acts with its device token and only the dashboard's
// sign-in and sign-out: at its own site, with the same rules as a front desk.
import type { FastifyInstance } from 'fastify';
import { permissionMapOf } from '@app/shared/access/permissions';
import type { Language } from '@app/shared/constants';
import type {
  KioskReplayBody,
  KioskReplayItem,
  KioskReplayResponse,
  KioskSignInBody,
  KioskSignOutBody,
} from '@app/shared/kiosks/device-visits';
import type { KioskSignMode } from '@app/shared/kiosks/schemas';
import type { VisitActionResult } from '@app/shared/visits/schemas';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { companyZone } from '../access/company-zone';
import { visitEditorOf } from '../expected-visits/visit-editor';
import { toVisits } from '../visits/visit-view';
import { findVisitRows } from '../visits/visits.repository';
import type { AccessContext } from '../access/access.types';
import { signIn } from '../visits/sign-in.service';
import { signOut } from '../visits/sign-out.service';
import { recordKioskEvents } from './kiosk-events';
import { announceReviews, checkOccurredAt, replayItem, replayQueue, startReplay } from './kiosk-offline-replay.service';
import { deviceKiosk } from './device-kiosk';
import type { KioskWithPlace } from './kiosks.repository';
import { toSettings } from './kiosks.service';

const KIOSK_PERMISSIONS = permissionMapOf(['dashboard']);

export type KioskActor = {
  ctx: AccessContext;
  areaId: string;
  signMode: KioskSignMode;
  /** How long the kiosk works from its cache while offline (its setting). */
  offlineHours: number;
  kiosk: KioskWithPlace;
};

/** The kiosk a device token belongs to, acting at its own site; a token of no kiosk is refused. */
export async function kioskActor(app: FastifyInstance, deviceToken: string | undefined): Promise<KioskActor> {
  const { ctx, kiosk } = await deviceKiosk(app, deviceToken, KIOSK_PERMISSIONS);
  const settings = toSettings(kiosk.kiosk.settings);
  return { ctx, areaId: kiosk.kiosk.areaId, signMode: settings.sign_mode, offlineHours: settings.offline_hours, kiosk };
}

/** The kiosk logs' record of the people a kiosk signed in or out (a replayed request did nothing new). */
async function logVisits(
  app: FastifyInstance,
  actor: KioskActor,
  kind: 'signed_in' | 'signed_out',
  result: VisitActionResult,
  at?: Date,
) {
  if (result.replayed || result.data.length === 0) return result;
  const { kiosk } = actor.kiosk;
  await withTenant(app.db.db, actor.ctx.entityId, (tx) =>
    recordKioskEvents(
      tx,
      actor.ctx.entityId,
      result.data.map((visit) => ({
        kioskId: kiosk.id,
        kioskName: kiosk.name,
        areaId: visit.area.id,
        siteId: visit.site.id,
        kind,
        personId: visit.person.id,
        visitId: visit.id,
        at,
      })),
    ),
  );
  return result;
}

/**
 * A queued action sent on its own (`offline: true`): the rules of a replay (decision 045), answered as
 * the visits it made, met or accepted for review.
 */
async function offlineAction(
  app: FastifyInstance,
  kiosk: KioskActor,
  item: KioskReplayItem,
  lang: Language,
): Promise<VisitActionResult> {
  const r = await startReplay(app, kiosk, [item.idempotency_key], lang);
  const people = await replayItem(r, item);
  announceReviews(app, kiosk.ctx.entityId, r.reviews);
  const ids = [...new Set(people.flatMap((p) => (p.visit_id ? [p.visit_id] : [])))];
  const zone = companyZone(kiosk.ctx);
  const data = await withTenant(app.db.db, kiosk.ctx.entityId, async (tx) => {
    const rows = await findVisitRows(tx, kiosk.ctx.entityId, undefined, ids);
    return toVisits(tx, kiosk.ctx.entityId, zone, rows, visitEditorOf(kiosk.ctx));
  });
  const replayed = people.every((p) => p.status === 'replayed');
  const message = replayed
    ? t(lang, 'errors:visit_done.replayed')
    : t(lang, `errors:visit_done.${item.kind === 'sign_in' ? 'signed_in' : 'signed_out'}`, { count: data.length });
  return { message, data, replayed };
}

/** POST /kiosk-device/sign-in: arrivals at the kiosk's area, refused by a sign-out-only kiosk. */
export async function kioskSignIn(
  app: FastifyInstance,
  deviceToken: string | undefined,
  body: KioskSignInBody,
  opts: { lang: Language; idempotencyKey?: string },
): Promise<VisitActionResult> {
  const kiosk = await kioskActor(app, deviceToken);
  if (kiosk.signMode === 'sign_out_only') {
    throw new AppError('rule_violation', { field: 'sign_mode', messageKey: 'kiosk_sign_out_only' });
  }
  if (body.offline) {
    const item = {
      kind: 'sign_in' as const,
      people: body.people,
      idempotency_key: body.idempotency_key!,
      occurred_at: body.occurred_at!,
    };
    return offlineAction(app, kiosk, item, opts.lang);
  }
  const now = body.occurred_at ? checkOccurredAt(kiosk, body.occurred_at, new Date()) : undefined;
  const result = await signIn(
    app,
    kiosk.ctx,
    { area_id: kiosk.areaId, people: body.people, idempotency_key: body.idempotency_key },
    { ...opts, now },
  );
  return logVisits(app, kiosk, 'signed_in', result, now);
}

/** POST /kiosk-device/sign-out: people on site at the kiosk's area, refused by a sign-in-only kiosk. */
export async function kioskSignOut(
  app: FastifyInstance,
  deviceToken: string | undefined,
  body: KioskSignOutBody,
  opts: { lang: Language },
): Promise<VisitActionResult> {
  const kiosk = await kioskActor(app, deviceToken);
  if (kiosk.signMode === 'sign_in_only') {
    throw new AppError('rule_violation', { field: 'sign_mode', messageKey: 'kiosk_sign_in_only' });
  }
  if (body.offline) {
    const item = {
      kind: 'sign_out' as const,
      person_ids: body.person_ids,
      reason_id: body.reason_id,
      idempotency_key: body.idempotency_key!,
      occurred_at: body.occurred_at!,
    };
    return offlineAction(app, kiosk, item, opts.lang);
  }
  const now = body.occurred_at ? checkOccurredAt(kiosk, body.occurred_at, new Date()) : undefined;
  const result = await signOut(
    app,
    kiosk.ctx,
    { visit_ids: [], person_ids: body.person_ids, area_id: kiosk.areaId, reason_id: body.reason_id },
    { ...opts, now },
  );
  return logVisits(app, kiosk, 'signed_out', result, now);
}

/** POST /kiosk-device/replay: the kiosk's queue, in order (decision 045). */
export async function kioskReplay(
  app: FastifyInstance,
  deviceToken: string | undefined,
  body: KioskReplayBody,
  opts: { lang: Language },
): Promise<KioskReplayResponse> {
  const kiosk = await kioskActor(app, deviceToken);
  return replayQueue(app, kiosk, body.items, opts.lang);
}
