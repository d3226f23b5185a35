import type { FastifyInstance } from 'fastify';
import { entityOwnersRoom, userRoom } from '@app/shared/realtime/events';
import type { AccessContext } from './access.types';

/**
 * Tells the company's owners that a site or user type was created (spec §6: only an owner gets the
 * "created by another admin" notice; spec §7: with its type, name and who created it). The admin who
 * created it is not told: they know.
 */
export function noticeCreatedForOwners(
  app: FastifyInstance,
  ctx: AccessContext,
  created: { type: 'site' | 'user_type'; id: string; name: string },
): void {
  const byUser = ctx.actor.kind === 'user' ? ctx.actor : null;
  app.realtime.toRoom(
    entityOwnersRoom(ctx.entityId),
    'updateWhenCreatedSiteOrUserType',
    {
      entity_user_id: byUser ? byUser.membershipId : 'api',
      permitted_by: byUser ? byUser.userId : 'api',
      id: created.id,
      new_created: true,
      entity_id: ctx.entityId,
      type: created.type,
      name: created.name,
      user_full_name: byUser?.personName ?? null,
    },
    byUser ? userRoom(byUser.userId) : undefined,
  );
}
