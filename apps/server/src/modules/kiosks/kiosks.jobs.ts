import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withTenant } from '../../db/client';
import { defineJob } from '../../plugins/jobs';
import { companiesWithSilentKiosks, recordWentOffline } from './kiosk-events';

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

export const kioskOfflineJob = defineJob({
  name: 'kiosk-offline',
  payload: z.object({}),
  cron: '* * * * *',
  cronPayload: {},
  handler: async (_data, { app, now }) => {
    await sweepOfflineKiosks(app, now);
  },
});

export const kioskJobs = [kioskOfflineJob];
