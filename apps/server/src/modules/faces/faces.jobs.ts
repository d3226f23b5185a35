import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { defineJob, sendOrRunHere } from '../../plugins/jobs';
import { companiesWithFaceSignIn, peopleAwaitingFaceIds } from './faces.repository';
import { makeFaceId } from './faces.service';

// The face IDs nobody asked for one by one (decision 050): a consenting person's new photo, the mass
// action for a user type, a consent given on the public pages or the passport. The job makes the face
// IDs of the people waiting for one; a photo that fails is remembered (the person's last error) and not
// tried again until it changes. Queued when such a change is made, and every few minutes for the
// changes made where nothing queues it (an import, a kiosk, a directory).

const BATCH = 50;
/** One run's share of a company: the rest is queued again, so other work interleaves. */
const PER_RUN = 500;

const payload = z.object({ entity_id: z.uuid().optional(), user_type_id: z.uuid().optional() });

/** Makes the waiting face IDs of one company (of one user type): how many were made and refused. */
export async function makeWaitingFaceIds(app: FastifyInstance, entityId: string, userTypeId?: string) {
  const tried = new Set<string>();
  let made = 0;
  let refused = 0;
  while (tried.size < PER_RUN) {
    const waiting = (
      await withTenant(app.db.db, entityId, (tx) =>
        peopleAwaitingFaceIds(tx, entityId, { userTypeId, limit: BATCH + tried.size }),
      )
    ).filter((id) => !tried.has(id));
    if (waiting.length === 0) break;
    for (const personId of waiting) {
      tried.add(personId);
      try {
        await makeFaceId(app, entityId, personId);
        made++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refused++;
      }
    }
  }
  if (made > 0) app.kioskChannel.dataChanged(entityId, ['faces']);
  return { made, refused, more: tried.size >= PER_RUN };
}

export const faceIdsJob = defineJob({
  name: 'faces.face-ids',
  payload,
  cron: '*/5 * * * *',
  cronPayload: {},
  retryLimit: 1,
  handler: async ({ entity_id, user_type_id }, { app, log }) => {
    const companies = entity_id ? [entity_id] : await companiesWithFaceSignIn(app.db.db);
    for (const entityId of companies) {
      const result = await makeWaitingFaceIds(app, entityId, user_type_id);
      if (result.made + result.refused > 0) log.info({ entityId, ...result }, 'face IDs');
      if (result.more) await sendOrRunHere(app, faceIdsJob, { entity_id: entityId, user_type_id });
    }
  },
});

/** Queues the company's waiting face IDs (of one user type) to be made. */
export const queueFaceIds = (app: FastifyInstance, entityId: string, userTypeId?: string) =>
  sendOrRunHere(app, faceIdsJob, { entity_id: entityId, user_type_id: userTypeId });
