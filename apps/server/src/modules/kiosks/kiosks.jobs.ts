import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withTenant } from '../../db/client';
import { defineJob } from '../../plugins/jobs';
import { companiesWithSilentKiosks, recordWentOffline } from './kiosk-events';
import { announceRequests, logRequest } from './kiosk-request-view';
import { moveKioskRequest, overdueKioskRequests } from './kiosk-requests.repository';
import { findKiosks } from './kiosks.repository';

// Kiosks going offline (the kiosk logs): a kiosk says it is alive with heartbeats; one silent past the
// online window has gone offline. A sweep every minute writes that once per silence and tells open
// kiosk lists; the next heartbeat writes that it came back.

/** The sweep's work with any clock: answers the kiosks written as offline, by company. */
export async function sweepOfflineKiosks(app: FastifyInstance, now: Date): Promise<Map<string, string[]>> {
  const written = new Map<string, string[]>();
  for (const entityId of await companiesWithSilentKiosks(app.db.db, now)) {
    const ids = await withTenant(app.db.db, entityId, (tx) => recordWentOffline(tx, entityId, now));
    if (ids.length === 0) continue;
    written.set(entityId, ids);
    app.realtime.toEntity(entityId, 'updateKiosks', { kiosk_ids: ids, online: false });
  }
  return written;
}

/**
 * Remote requests a kiosk took but never finished (it went away mid-way, or never reported): failed
 * past their deadline, "The kiosk did not finish in time.", and the kiosk told to stop. Answers the
 * requests failed.
 */
export async function sweepOverdueKioskRequests(app: FastifyInstance, now: Date): Promise<string[]> {
  const failed: string[] = [];
  for (const due of await overdueKioskRequests(app.db.db, now)) {
    const moved = await withTenant(app.db.db, due.entityId, async (tx) => {
      const row = await moveKioskRequest(
        tx,
        due.entityId,
        due.id,
        ['placed', 'pending', 'delivered', 'running'],
        { statuses: ['failed'], errorCode: 'kiosk_request_timed_out', finished: true },
        now,
      );
      if (!row) return null;
      const [kiosk] = await findKiosks(tx, due.entityId, null, [row.kioskId]);
      if (kiosk) {
        await logRequest(tx, due.entityId, row, {
          kioskName: kiosk.kiosk.name,
          areaId: kiosk.kiosk.areaId,
          siteId: kiosk.siteId,
        });
      }
      return row;
    });
    if (!moved) continue;
    failed.push(moved.id);
    app.kioskChannel.tell(moved.kioskId, 'requestEnded', { id: moved.id, status: 'failed' });
    announceRequests(app, due.entityId, moved.kioskId, [moved.id]);
  }
  return failed;
}

export const kioskOfflineJob = defineJob({
  name: 'kiosk-offline',
  payload: z.object({}),
  cron: '* * * * *',
  cronPayload: {},
  handler: async (_data, { app, now }) => {
    await sweepOfflineKiosks(app, now);
    await sweepOverdueKioskRequests(app, now);
  },
});

export const kioskJobs = [kioskOfflineJob];
