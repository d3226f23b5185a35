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
import type { AccessContext } from '../access/access.types';
import { signIn } from '../visits/sign-in.service';
import { signOut } from '../visits/sign-out.service';
import { recordKioskEvents } from './kiosk-events';
import { deviceKiosk } from './device-kiosk';
import type { KioskWithPlace } from './kiosks.repository';
import { toSettings } from './kiosks.service';

const KIOSK_PERMISSIONS = permissionMapOf(['dashboard']);

type KioskActor = { ctx: AccessContext; areaId: string; signMode: KioskSignMode; kiosk: KioskWithPlace };

/** The kiosk a device token belongs to, acting at its own site; a token of no kiosk is refused. */
async function kioskActor(app: FastifyInstance, deviceToken: string | undefined): Promise<KioskActor> {
  const { ctx, kiosk } = await deviceKiosk(app, deviceToken, KIOSK_PERMISSIONS);
  return { ctx, areaId: kiosk.kiosk.areaId, signMode: toSettings(kiosk.kiosk.settings).sign_mode, kiosk };
}

/** The kiosk logs' record of the people a kiosk signed in or out (a replayed request did nothing new). */
async function logVisits(
  app: FastifyInstance,
  actor: KioskActor,
  kind: 'signed_in' | 'signed_out',
  result: VisitActionResult,
) {
  if (result.replayed || result.data.length === 0) return result;
  const { kiosk } = actor.kiosk;
  await withTenant(app.db.db, actor.ctx.entityId, (tx) =>
    recordKioskEvents(
      tx,
      actor.ctx.entityId,
      result.data.map((visit) => ({
        kioskId: kiosk.id,
        kioskName: kiosk.name,
        areaId: visit.area.id,
        siteId: visit.site.id,
        kind,
        personId: visit.person.id,
        visitId: visit.id,
      })),
    ),
  );
  return result;
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
  const result = await signIn(
    app,
    kiosk.ctx,
    { area_id: kiosk.areaId, people: body.people, idempotency_key: body.idempotency_key },
    opts,
  );
  return logVisits(app, kiosk, 'signed_in', result);
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
  const result = await signOut(
    app,
    kiosk.ctx,
    { visit_ids: [], person_ids: body.person_ids, area_id: kiosk.areaId, reason_id: body.reason_id },
    opts,
  );
  return logVisits(app, kiosk, 'signed_out', result);
}
