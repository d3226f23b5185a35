import type { FastifyInstance } from 'fastify';
import type { FaceIdsQueued } from '@app/shared/people/faces';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { findUserType } from '../user-types/user-types.repository';
import { queueFaceIds } from './faces.jobs';
import { clearFaceErrors, consentingOf, findFaceSettings, peopleAwaitingFaceIds } from './faces.repository';

/** The most a mass action counts for its answer; the job makes them all. */
const COUNT_LIMIT = 100_000;

/**
 * POST /people/face-ids: makes the face IDs of a user type's consenting people with a photo, as a job.
 * Those a photo failed for are tried again (their photo may be fine now that the model changed, or the
 * admin wants to see the reason again).
 */
export async function generateFaceIdsOfType(
  app: FastifyInstance,
  ctx: AccessContext,
  userTypeId: string,
): Promise<FaceIdsQueued> {
  const queued = await inTenant(app, ctx, async (tx) => {
    if (!(await findFaceSettings(tx, ctx.entityId)).enabled) {
      throw new AppError('rule_violation', { messageKey: 'face_sign_in_off' });
    }
    const type = await findUserType(tx, ctx.entityId, userTypeId);
    if (!type || (ctx.userTypeIds !== null && !ctx.userTypeIds.includes(userTypeId))) {
      throw new AppError('rule_violation', { field: 'user_type_id', messageKey: 'user_type_not_available' });
    }
    await clearFaceErrors(tx, ctx.entityId, userTypeId);
    const waiting = await peopleAwaitingFaceIds(tx, ctx.entityId, { userTypeId, limit: COUNT_LIMIT });
    await writeAudit(tx, ctx, {
      action: 'people.face_ids_queued',
      targetType: 'user_type',
      targetId: userTypeId,
      after: { queued: waiting.length },
    });
    return waiting.length;
  });
  if (queued > 0) await queueFaceIds(app, ctx.entityId, userTypeId);
  return { queued };
}

/** After a person's photo or consent changed: their face ID is made when face sign-in is on and they consent. */
export async function faceIdAfterChange(app: FastifyInstance, entityId: string, personId: string) {
  const wanted = await withTenant(app.db.db, entityId, async (tx) => {
    if (!(await findFaceSettings(tx, entityId)).enabled) return false;
    return (await consentingOf(tx, entityId, [personId])).has(personId);
  });
  if (wanted) await queueFaceIds(app, entityId);
}
