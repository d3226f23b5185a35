// A registered kiosk signing people in and out at its own area, as its sign in/out mode allows (spec
// §4: sign in only, sign out only, both). The kiosk acts with its device token and only the dashboard's
// sign-in and sign-out: at its own site, with the same rules as a front desk.
import type { FastifyInstance } from 'fastify';
import { permissionMapOf } from '@app/shared/access/permissions';
import type { Language } from '@app/shared/constants';
import type { KioskSignInBody, KioskSignOutBody } from '@app/shared/kiosks/device-visits';
import type { KioskSignMode } from '@app/shared/kiosks/schemas';
import type { VisitActionResult } from '@app/shared/visits/schemas';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/tokens';
import { findEntity } from '../access/access.repository';
import type { AccessContext } from '../access/access.types';
import { signIn } from '../visits/sign-in.service';
import { signOut } from '../visits/sign-out.service';
import { findKioskByTokenHash, findKiosks, touchKiosk } from './kiosks.repository';
import { toSettings } from './kiosks.service';

const KIOSK_PERMISSIONS = permissionMapOf(['dashboard']);

type KioskActor = { ctx: AccessContext; areaId: string; signMode: KioskSignMode };

/** The kiosk a device token belongs to, acting at its own site; a token of no kiosk is refused. */
async function kioskActor(app: FastifyInstance, deviceToken: string | undefined): Promise<KioskActor> {
  const notRegistered = () =>
    new AppError('unauthenticated', { field: 'authorization', messageKey: 'kiosk_not_registered' });
  if (!deviceToken) throw notRegistered();
  const found = await findKioskByTokenHash(app.db.db, sha256(deviceToken));
  if (!found) throw notRegistered();
  const entity = await findEntity(app.db.db, found.entityId);
  if (!entity) throw notRegistered();
  const row = await withTenant(app.db.db, entity.id, async (tx) => {
    await touchKiosk(tx, entity.id, found.id, undefined);
    const [kiosk] = await findKiosks(tx, entity.id, null, [found.id]);
    return kiosk;
  });
  if (!row) throw notRegistered();
  return {
    ctx: {
      entityId: entity.id,
      entity,
      actor: { kind: 'kiosk', kioskId: row.kiosk.id },
      role: null,
      permissions: KIOSK_PERMISSIONS,
      otpEnrolmentRequired: false,
      siteIds: [row.siteId],
      userTypeIds: null,
    },
    areaId: row.kiosk.areaId,
    signMode: toSettings(row.kiosk.settings).sign_mode,
  };
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
  return signIn(
    app,
    kiosk.ctx,
    { area_id: kiosk.areaId, people: body.people, idempotency_key: body.idempotency_key },
    opts,
  );
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
  return signOut(
    app,
    kiosk.ctx,
    { visit_ids: [], person_ids: body.person_ids, area_id: kiosk.areaId, reason_id: body.reason_id },
    opts,
  );
}
