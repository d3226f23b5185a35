// The kiosk's side of remote requests (decision 044): with its device token it moves its own requests
// on (running, then succeeded or failed), hands over a picture of its screen or its data, and sends
// its log lines while its logging is on. A request of another kiosk is not found.
import type { FastifyInstance } from 'fastify';
import { permissionMapOf } from '@app/shared/access/permissions';
import {
  KIOSK_REQUEST_LIMITS,
  type DeviceKioskRequest,
  type KioskRequestProgressBody,
  type KioskRequestStatus,
} from '@app/shared/kiosks/requests';
import type { KioskLogLinesBody } from '@app/shared/kiosks/device-logs';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkImage } from '../../lib/images';
import { deviceKiosk } from './device-kiosk';
import { recordKioskEvents } from './kiosk-events';
import { announceRequests, deadlineOf, logRequest, toDeviceRequest } from './kiosk-request-view';
import {
  findRequestOfKiosk,
  moveKioskRequest,
  openRequestsOfKiosk,
  putRequestFile,
  setKioskLogging,
} from './kiosk-requests.repository';

const NO_PERMISSIONS = permissionMapOf([]);

const notRunning = () => new AppError('rule_violation', { field: 'id', messageKey: 'kiosk_request_not_running' });

/** The kiosk and its request, or 404 for a request that is not this kiosk's. */
async function kioskAndRequest(app: FastifyInstance, token: string | undefined, id: string) {
  const { ctx, kiosk } = await deviceKiosk(app, token, NO_PERMISSIONS);
  const request = await withTenant(app.db.db, ctx.entityId, (tx) =>
    findRequestOfKiosk(tx, ctx.entityId, kiosk.kiosk.id, id),
  );
  if (!request) throw new AppError('not_found');
  return { ctx, kiosk, request };
}

/** The states a kiosk's report may move a request from, by the state it reports. */
const REPORT_FROM: Record<KioskRequestProgressBody['status'], KioskRequestStatus[]> = {
  running: ['pending', 'delivered'],
  succeeded: ['pending', 'delivered', 'running'],
  failed: ['pending', 'delivered', 'running'],
};

/** POST /kiosk-device/requests/{id}/progress. */
export async function reportRequestProgress(
  app: FastifyInstance,
  token: string | undefined,
  id: string,
  body: KioskRequestProgressBody,
): Promise<DeviceKioskRequest> {
  const { ctx, kiosk, request } = await kioskAndRequest(app, token, id);
  const moved = await withTenant(app.db.db, ctx.entityId, async (tx) => {
    // A report that comes before the acknowledgement was written says it was delivered too.
    const statuses: KioskRequestStatus[] = request.status === 'pending' ? ['delivered', body.status] : [body.status];
    const finished = body.status !== 'running';
    const row = await moveKioskRequest(tx, ctx.entityId, id, REPORT_FROM[body.status], {
      statuses,
      ...(finished
        ? {
            finished: true,
            errorCode: body.status === 'failed' ? `kiosk_failed_${body.reason}` : null,
            detail: body.detail || null,
          }
        : { deadlineAt: deadlineOf(request.action) }),
    });
    if (!row) throw notRunning();
    if (row.action === 'kiosk_logging' && body.status === 'succeeded') {
      await setKioskLogging(tx, ctx.entityId, kiosk.kiosk.id, row.params.enabled === true);
    }
    await logRequest(tx, ctx.entityId, row, {
      kioskName: kiosk.kiosk.name,
      areaId: kiosk.kiosk.areaId,
      siteId: kiosk.siteId,
    });
    return row;
  });
  announceRequests(app, ctx.entityId, kiosk.kiosk.id, [id]);
  return toDeviceRequest(moved);
}

/** The kiosk's requests not finished yet (after a restart it picks up what it was doing). */
export async function openDeviceRequests(app: FastifyInstance, token: string | undefined) {
  const { ctx, kiosk } = await deviceKiosk(app, token, NO_PERMISSIONS);
  const rows = await withTenant(app.db.db, ctx.entityId, (tx) => openRequestsOfKiosk(tx, ctx.entityId, kiosk.kiosk.id));
  const now = Date.now();
  return { data: rows.map((r) => toDeviceRequest(r, now)) };
}

/** PUT /kiosk-device/requests/{id}/screen: the latest picture of what the kiosk shows, re-encoded. */
export async function putScreen(app: FastifyInstance, token: string | undefined, id: string, upload: Buffer) {
  const { ctx, kiosk, request } = await kioskAndRequest(app, token, id);
  if (request.action !== 'remote_show_screen') {
    throw new AppError('rule_violation', { field: 'id', messageKey: 'kiosk_request_not_screen' });
  }
  if (request.status !== 'running' && request.status !== 'delivered') throw notRunning();
  const image = await checkImage(
    upload,
    { minWidth: 16, minHeight: 16, maxWidth: 4096, maxHeight: 4096, maxBytes: KIOSK_REQUEST_LIMITS.screenBytesMax },
    'file',
  );
  const sequence = await withTenant(app.db.db, ctx.entityId, (tx) =>
    putRequestFile(tx, ctx.entityId, id, 'screen', image.kind === 'png' ? 'image/png' : 'image/jpeg', image.data),
  );
  announceRequests(app, ctx.entityId, kiosk.kiosk.id, [id]);
  return { sequence };
}

/** PUT /kiosk-device/requests/{id}/data: what the kiosk holds, as one JSON document, for support. */
export async function putData(app: FastifyInstance, token: string | undefined, id: string, upload: Buffer) {
  const { ctx, kiosk, request } = await kioskAndRequest(app, token, id);
  if (request.action !== 'pull_database') {
    throw new AppError('rule_violation', { field: 'id', messageKey: 'kiosk_request_not_pull' });
  }
  if (request.status !== 'running' && request.status !== 'delivered' && request.status !== 'pending') {
    throw notRunning();
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(upload.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || parsed === null || typeof parsed !== 'object') {
    throw new AppError('validation_failed', { field: 'file', messageKey: 'kiosk_data_not_json' });
  }
  // Stored as the server writes it: one line of JSON, nothing the kiosk put around it.
  const data = Buffer.from(JSON.stringify(parsed));
  await withTenant(app.db.db, ctx.entityId, (tx) =>
    putRequestFile(tx, ctx.entityId, id, 'data', 'application/json', data),
  );
  announceRequests(app, ctx.entityId, kiosk.kiosk.id, [id]);
  return { size: data.length };
}

/** POST /kiosk-device/logs: lines of the kiosk's own log, kept in the kiosk logs while its logging is on. */
export async function postLogLines(app: FastifyInstance, token: string | undefined, body: KioskLogLinesBody) {
  const { ctx, kiosk } = await deviceKiosk(app, token, NO_PERMISSIONS);
  if (!kiosk.kiosk.logging) throw new AppError('rule_violation', { field: 'lines', messageKey: 'kiosk_logging_off' });
  await withTenant(app.db.db, ctx.entityId, (tx) =>
    recordKioskEvents(
      tx,
      ctx.entityId,
      body.lines.map((line) => ({
        kioskId: kiosk.kiosk.id,
        kioskName: kiosk.kiosk.name,
        areaId: kiosk.kiosk.areaId,
        siteId: kiosk.siteId,
        kind: 'log' as const,
        detail: { level: line.level, message: line.message },
        at: new Date(line.at),
      })),
    ),
  );
  return { accepted: body.lines.length };
}
