// What the dashboard and the kiosk see of a remote request, and what every change of one tells: the
// dashboards showing the kiosk, and the kiosk logs when it is asked and when it ends.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import {
  KIOSK_REQUEST_LIMITS,
  isFinishedKioskRequest,
  type DeviceKioskRequest,
  type KioskAction,
  type KioskRequest,
  type KioskRequestParams,
  type KioskRequestStatus,
} from '@app/shared/kiosks/requests';
import type { Executor } from '../../db/client';
import type { KioskRequestParamsRecord } from '../../db/schema/index';
import { t } from '../../lib/i18n';
import { recordKioskEvents } from './kiosk-events';
import type { KioskRequestRow, KioskRequestWithKiosk } from './kiosk-requests.repository';

export const paramsOf = (record: KioskRequestParamsRecord): KioskRequestParams => ({
  ...(record.doorId !== undefined ? { door_id: record.doorId, door_name: record.doorName ?? null } : {}),
  ...(record.seconds !== undefined ? { seconds: record.seconds } : {}),
  ...(record.enabled !== undefined ? { enabled: record.enabled } : {}),
  ...(record.version !== undefined ? { version: record.version } : {}),
  ...(record.key !== undefined ? { key: record.key } : {}),
});

const isWatched = (row: KioskRequestRow, now: number) => row.watchedUntil !== null && row.watchedUntil.getTime() > now;

export function toKioskRequest(found: KioskRequestWithKiosk, lang: Language, now = Date.now()): KioskRequest {
  const { request: r } = found;
  const { key: _key, ...params } = paramsOf(r.params);
  return {
    id: r.id,
    kiosk_id: r.kioskId,
    kiosk_name: found.kioskName,
    action: r.action as KioskAction,
    params,
    status: r.status as KioskRequestStatus,
    error: r.errorCode ? t(lang, `errors:${r.errorCode}`) : null,
    error_code: r.errorCode,
    detail: r.detail,
    has_screen: found.hasScreen,
    has_data: found.hasData,
    requested_by: { id: r.requestedById, name: r.requestedByName ?? '' },
    history: r.history.map((h) => ({ status: h.status as KioskRequestStatus, at: h.at })),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    watching: isWatched(r, now),
  };
}

export const toDeviceRequest = (row: KioskRequestRow, now = Date.now()): DeviceKioskRequest => ({
  id: row.id,
  action: row.action as KioskAction,
  params: paramsOf(row.params),
  status: row.status as KioskRequestStatus,
  watching: isWatched(row, now),
});

/** When a delivered or running request is failed if the kiosk says nothing more. */
export const deadlineOf = (action: string, now = Date.now()) =>
  new Date(now + (KIOSK_REQUEST_LIMITS.runMs[action as KioskAction] ?? 60_000));

/** The dashboards showing the kiosk hear that its requests changed. */
export function announceRequests(app: FastifyInstance, entityId: string, kioskId: string, ids: string[]) {
  app.realtime.toEntity(entityId, 'updateKioskRequests', { kiosk_id: kioskId, ids });
}

type Place = { kioskName: string; areaId: string | null; siteId: string | null };

/** The kiosk logs' entry for a request asked, or ended (the states between are in its history). */
export async function logRequest(tx: Executor, entityId: string, row: KioskRequestRow, place: Place) {
  const status = row.status as KioskRequestStatus;
  if (status !== 'placed' && !isFinishedKioskRequest(status)) return;
  await recordKioskEvents(tx, entityId, [
    {
      kioskId: row.kioskId,
      kioskName: place.kioskName,
      areaId: place.areaId,
      siteId: place.siteId,
      kind: 'remote_action',
      detail: {
        request_id: row.id,
        action: row.action,
        status,
        by: row.requestedByName,
        error_code: row.errorCode,
      },
    },
  ]);
}
