import type { FastifyInstance } from 'fastify';
import type { PermissionMap } from '@app/shared/access/permissions';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/tokens';
import { findEntity } from '../access/access.repository';
import type { AccessContext } from '../access/access.types';
import { findKioskByTokenHash, findKiosks, touchKiosk, type KioskWithPlace } from './kiosks.repository';

// A registered kiosk acting with its device token (`Authorization: Bearer <token>`; only the token's
// sha-256 is kept): signing people in and out at its area, raising its area's fire alarm.

/** 401 naming `authorization`: the token belongs to no kiosk (any more). */
export const kioskNotRegistered = () =>
  new AppError('unauthenticated', { field: 'authorization', messageKey: 'kiosk_not_registered' });

/**
 * The kiosk holding this device token, with its place, acting in its company at its own site with
 * `permissions`; the call counts as a sign of life.
 */
export async function deviceKiosk(
  app: FastifyInstance,
  deviceToken: string | undefined,
  permissions: PermissionMap,
): Promise<{ ctx: AccessContext; kiosk: KioskWithPlace }> {
  if (!deviceToken) throw kioskNotRegistered();
  const found = await findKioskByTokenHash(app.db.db, sha256(deviceToken));
  if (!found) throw kioskNotRegistered();
  const entity = await findEntity(app.db.db, found.entityId);
  if (!entity) throw kioskNotRegistered();
  const kiosk = await withTenant(app.db.db, entity.id, async (tx) => {
    await touchKiosk(tx, entity.id, found.id, undefined);
    const [row] = await findKiosks(tx, entity.id, null, [found.id]);
    return row;
  });
  if (!kiosk) throw kioskNotRegistered();
  return {
    ctx: {
      entityId: entity.id,
      entity,
      actor: { kind: 'kiosk', kioskId: kiosk.kiosk.id },
      role: null,
      permissions,
      otpEnrolmentRequired: false,
      siteIds: [kiosk.siteId],
      userTypeIds: null,
    },
    kiosk,
  };
}
