// Remote actions from the dashboard (decision 044; spec §7 "Kiosks"): an admin asks a kiosk to do
// something; the request is written "placed", sent to the kiosk's connection ("pending"), and
// "delivered" once the kiosk acknowledges it. The kiosk moves it on from there
// (kiosk-device-requests.service.ts). The admin may cancel it, or close what runs.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import { FLOW_LIMITS } from '@app/shared/journeys/flow-settings';
import {
  KIOSK_REQUEST_LIMITS,
  type KioskAppVersion,
  type KioskRequest,
  type KioskRequestBody,
  type KioskRequestStatus,
  type KioskRoomData,
  type ListKioskRequestsQuery,
} from '@app/shared/kiosks/requests';
import type { Executor } from '../../db/client';
import type { KioskRequestParamsRecord } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { findFaceSettings } from '../faces/faces.repository';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { findDoor } from '../doors/doors.repository';
import { servedKioskVersions } from './kiosk-app-versions';
import { announceRequests, deadlineOf, logRequest, toDeviceRequest, toKioskRequest } from './kiosk-request-view';
import {
  countKiosksByVersion,
  findKioskRequest,
  getRequestFile,
  insertKioskRequest,
  listKioskRequests,
  moveKioskRequest,
  peopleOnSiteInArea,
  setWatchedUntil,
} from './kiosk-requests.repository';
import { findKiosks, type KioskWithPlace } from './kiosks.repository';
import { toSettings } from './kiosks.service';

/** A watched screen is watched for at most this long without the viewer saying so again. */
const WATCH_MS = 60 * 60_000;

async function mustFindKiosk(tx: Executor, ctx: AccessContext, kioskId: string) {
  const [kiosk] = await findKiosks(tx, ctx.entityId, ctx.siteIds, [kioskId]);
  if (!kiosk) throw new AppError('not_found');
  return kiosk;
}

async function mustFindRequest(tx: Executor, ctx: AccessContext, id: string) {
  const found = await findKioskRequest(tx, ctx.entityId, ctx.siteIds, id);
  if (!found) throw new AppError('not_found');
  return found;
}

const placeOf = (kiosk: KioskWithPlace) => ({
  kioskName: kiosk.kiosk.name,
  areaId: kiosk.kiosk.areaId,
  siteId: kiosk.siteId,
});

/** What the kiosk needs to do the action, after the rules that can be checked before asking it. */
async function paramsFor(
  app: FastifyInstance,
  tx: Executor,
  ctx: AccessContext,
  kiosk: KioskWithPlace,
  body: KioskRequestBody,
): Promise<KioskRequestParamsRecord> {
  switch (body.action) {
    case 'open_door': {
      if (toSettings(kiosk.kiosk.settings).door_relay === 0) {
        throw new AppError('rule_violation', { field: 'action', messageKey: 'kiosk_door_relay_off' });
      }
      const seconds = FLOW_LIMITS.doorOpenSeconds.default;
      if (!body.door_id) return { doorId: null, seconds };
      const door = await findDoor(tx, ctx.entityId, ctx.siteIds, body.door_id);
      if (!door) throw new AppError('not_found', { field: 'door_id', messageKey: 'not_found' });
      if (door.door.kioskId !== kiosk.kiosk.id) {
        throw new AppError('rule_violation', { field: 'door_id', messageKey: 'kiosk_door_not_opened_by_kiosk' });
      }
      return { doorId: door.door.id, doorName: door.door.name, seconds };
    }
    case 'refresh_face_library':
      // The kiosk fetches its face library again: there is none while the company has face sign-in off.
      if (!(await findFaceSettings(tx, ctx.entityId)).enabled) {
        throw new AppError('rule_violation', { field: 'action', messageKey: 'face_sign_in_off' });
      }
      return {};
    case 'kiosk_logging':
      return { enabled: body.enabled };
    case 'update_app': {
      const served = (await servedKioskVersions(app.kioskAppRoot)).find((v) => v.version === body.version);
      if (!served) throw new AppError('rule_violation', { field: 'version', messageKey: 'kiosk_version_not_served' });
      if (served.key !== body.key) {
        throw new AppError('rule_violation', { field: 'key', messageKey: 'kiosk_version_key_mismatch' });
      }
      return { version: served.version, key: served.key };
    }
    default:
      return {};
  }
}

/** POST /kiosks/{id}/requests: asks the kiosk, and answers how the asking went. */
export async function placeKioskRequest(
  app: FastifyInstance,
  ctx: AccessContext,
  kioskId: string,
  body: KioskRequestBody,
  lang: Language,
): Promise<KioskRequest> {
  const id = newId();
  const placed = await inTenant(app, ctx, async (tx) => {
    const kiosk = await mustFindKiosk(tx, ctx, kioskId);
    const params = await paramsFor(app, tx, ctx, kiosk, body);
    const now = new Date();
    const requestedById = ctx.actor.kind === 'user' ? ctx.actor.personId : null;
    await insertKioskRequest(tx, {
      entityId: ctx.entityId,
      id,
      kioskId,
      action: body.action,
      params,
      status: 'placed',
      history: [{ status: 'placed', at: now.toISOString() }],
      requestedById,
      requestedByName: ctx.actor.kind === 'user' ? ctx.actor.personName : null,
      // Whoever asks to see the screen is watching it from the start.
      watchedUntil: body.action === 'remote_show_screen' ? new Date(now.getTime() + WATCH_MS) : null,
      // Should this node stop before the kiosk answers, the sweep fails the request a minute later.
      deadlineAt: new Date(now.getTime() + KIOSK_REQUEST_LIMITS.deliveryTimeoutMs + 60_000),
      createdAt: now,
      updatedAt: now,
    });
    const { key: _key, ...shown } = params;
    await writeAudit(tx, ctx, {
      action: `kiosk.request.${body.action}`,
      targetType: 'kiosk',
      targetId: kioskId,
      after: { request_id: id, action: body.action, ...shown },
    });
    const found = (await findKioskRequest(tx, ctx.entityId, null, id))!;
    await logRequest(tx, ctx.entityId, found.request, placeOf(kiosk));
    return { found, place: placeOf(kiosk) };
  });
  announceRequests(app, ctx.entityId, kioskId, [id]);

  const pending = await inTenant(app, ctx, (tx) =>
    moveKioskRequest(tx, ctx.entityId, id, ['placed'], { statuses: ['pending'] }),
  );
  if (pending) {
    const delivery = await app.kioskChannel.request(
      kioskId,
      toDeviceRequest(pending),
      KIOSK_REQUEST_LIMITS.deliveryTimeoutMs,
    );
    await inTenant(app, ctx, async (tx) => {
      // The kiosk may already have moved it on (running, done) before its acknowledgement came back.
      const moved =
        delivery === 'delivered'
          ? await moveKioskRequest(tx, ctx.entityId, id, ['pending'], {
              statuses: ['delivered'],
              deadlineAt: deadlineOf(body.action),
            })
          : await moveKioskRequest(tx, ctx.entityId, id, ['pending'], {
              statuses: ['failed'],
              errorCode: delivery === 'no_connection' ? 'kiosk_not_connected' : 'kiosk_no_answer',
              finished: true,
            });
      if (moved) await logRequest(tx, ctx.entityId, moved, placed.place);
    });
    announceRequests(app, ctx.entityId, kioskId, [id]);
  }
  return inTenant(app, ctx, async (tx) => toKioskRequest(await mustFindRequest(tx, ctx, id), lang));
}

/**
 * POST /kiosks/requests/{id}/cancel: a request the kiosk has not begun is canceled; one it runs (a
 * shared screen) is closed and the kiosk told to stop. A finished one cannot be found running.
 */
export async function cancelKioskRequest(app: FastifyInstance, ctx: AccessContext, id: string, lang: Language) {
  const ended = await inTenant(app, ctx, async (tx) => {
    const found = await mustFindRequest(tx, ctx, id);
    const running = found.request.status === 'running';
    const status: KioskRequestStatus = running ? 'closed' : 'canceled';
    const moved = await moveKioskRequest(
      tx,
      ctx.entityId,
      id,
      running ? ['running'] : ['placed', 'pending', 'delivered'],
      { statuses: [status], finished: true },
    );
    if (!moved) throw new AppError('rule_violation', { field: 'id', messageKey: 'kiosk_request_not_running' });
    await writeAudit(tx, ctx, {
      action: `kiosk.request.${status === 'closed' ? 'close' : 'cancel'}`,
      targetType: 'kiosk',
      targetId: moved.kioskId,
      after: { request_id: id, action: moved.action },
    });
    await logRequest(tx, ctx.entityId, moved, await placeOfKiosk(tx, ctx, moved.kioskId, found.kioskName));
    return { moved, status };
  });
  app.kioskChannel.tell(ended.moved.kioskId, 'requestEnded', { id, status: ended.status });
  announceRequests(app, ctx.entityId, ended.moved.kioskId, [id]);
  return inTenant(app, ctx, async (tx) => toKioskRequest(await mustFindRequest(tx, ctx, id), lang));
}

async function placeOfKiosk(tx: Executor, ctx: AccessContext, kioskId: string, kioskName: string) {
  const [kiosk] = await findKiosks(tx, ctx.entityId, null, [kioskId]);
  return kiosk ? placeOf(kiosk) : { kioskName, areaId: null, siteId: null };
}

/**
 * Spec notify-remote-screen-share-start and -end: the viewer opened the shared screen (the kiosk
 * sends pictures while someone watches), or closed it (the request is closed).
 */
export async function watchKioskScreen(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  watching: boolean,
  lang: Language,
) {
  if (!watching) return cancelKioskRequest(app, ctx, id, lang);
  const row = await inTenant(app, ctx, async (tx) => {
    const found = await mustFindRequest(tx, ctx, id);
    if (found.request.action !== 'remote_show_screen') {
      throw new AppError('rule_violation', { field: 'id', messageKey: 'kiosk_request_not_screen' });
    }
    const watched = await setWatchedUntil(tx, ctx.entityId, id, new Date(Date.now() + WATCH_MS));
    if (!watched) throw new AppError('rule_violation', { field: 'id', messageKey: 'kiosk_request_not_running' });
    return watched;
  });
  app.kioskChannel.tell(row.kioskId, 'screenWatch', { id, watching: true });
  announceRequests(app, ctx.entityId, row.kioskId, [id]);
  return inTenant(app, ctx, async (tx) => toKioskRequest(await mustFindRequest(tx, ctx, id), lang));
}

export async function listRequests(
  app: FastifyInstance,
  ctx: AccessContext,
  q: ListKioskRequestsQuery,
  lang: Language,
) {
  return inTenant(app, ctx, async (tx) => {
    const personId = ctx.actor.kind === 'user' ? ctx.actor.personId : null;
    const { rows, count } = await listKioskRequests(tx, ctx.entityId, ctx.siteIds, q, personId);
    const now = Date.now();
    return { data: rows.map((r) => toKioskRequest(r, lang, now)), count };
  });
}

export async function getRequest(app: FastifyInstance, ctx: AccessContext, id: string, lang: Language) {
  return inTenant(app, ctx, async (tx) => toKioskRequest(await mustFindRequest(tx, ctx, id), lang));
}

/** The latest picture of a shared screen, or the data a kiosk handed over. */
export async function requestFile(app: FastifyInstance, ctx: AccessContext, id: string, kind: 'screen' | 'data') {
  return inTenant(app, ctx, async (tx) => {
    const found = await mustFindRequest(tx, ctx, id);
    const file = await getRequestFile(tx, ctx.entityId, id, kind);
    if (!file) throw new AppError('not_found', { field: 'id', messageKey: `kiosk_request_no_${kind}` });
    return { file, request: found.request, kioskName: found.kioskName };
  });
}

/** GET /kiosks/app-versions: what the server serves, and how many of the reader's kiosks run it. */
export async function appVersions(app: FastifyInstance, ctx: AccessContext): Promise<KioskAppVersion[]> {
  const served = await servedKioskVersions(app.kioskAppRoot);
  if (served.length === 0) return [];
  const counts = await inTenant(app, ctx, (tx) =>
    countKiosksByVersion(
      tx,
      ctx.entityId,
      ctx.siteIds,
      served.map((v) => v.version),
    ),
  );
  return served.map((v, i) => ({
    version: v.version,
    key: v.key,
    built_at: v.builtAt,
    current: i === 0,
    kiosks: counts.get(v.version) ?? 0,
  }));
}

/** GET /kiosks/{id}/room-data: who is signed in at the kiosk's area now, newest first. */
export async function roomData(app: FastifyInstance, ctx: AccessContext, kioskId: string): Promise<KioskRoomData> {
  return inTenant(app, ctx, async (tx) => {
    const kiosk = await mustFindKiosk(tx, ctx, kioskId);
    const { rows, count } = await peopleOnSiteInArea(tx, ctx.entityId, kiosk.kiosk.areaId, ctx.userTypeIds);
    return {
      kiosk_id: kioskId,
      area: { id: kiosk.kiosk.areaId, name: kiosk.areaName },
      count,
      people: rows.map((r) => ({
        visit_id: r.visitId,
        person: { id: r.personId, name: `${r.firstName} ${r.lastName}`.trim() },
        user_type: r.userType,
        signed_in_at: r.signedInAt.toISOString(),
      })),
    };
  });
}
