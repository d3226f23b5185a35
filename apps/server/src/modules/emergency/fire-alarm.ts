// A kiosk's fire-alarm input (spec §3 Kiosk "fire alarm", issue 15 item 7): the kiosk calls with its
// device token, and when its fire-alarm setting is on a session starts over its area, named after it,
// unless a running session covers that area already (then that session is the answer: an alarm that
// keeps ringing, or two kiosks of one area, start nothing new).
import type { FastifyInstance } from 'fastify';
import { permissionMapOf } from '@app/shared/access/permissions';
import type { Language } from '@app/shared/constants';
import type { FireAlarmResult } from '@app/shared/emergency/schemas';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { deviceKiosk } from '../kiosks/device-kiosk';
import { toSettings } from '../kiosks/kiosks.service';
import { startKioskSession } from './sessions.service';

/** What a kiosk may do here: nothing but raise its own area's alarm. */
const KIOSK_PERMISSIONS = permissionMapOf([]);

export async function raiseFireAlarm(
  app: FastifyInstance,
  deviceToken: string | undefined,
  lang: Language,
): Promise<FireAlarmResult> {
  const { ctx, kiosk: row } = await deviceKiosk(app, deviceToken, KIOSK_PERMISSIONS);
  const entity = ctx.entity;
  // Emergency sessions are a Cloud feature (spec §6).
  if (entity.subscription !== 'cloud' || entity.package !== 'Cloud') {
    throw new AppError('forbidden', { messageKey: 'emergency_not_allowed' });
  }
  if (!toSettings(row.kiosk.settings).fire_alarm) {
    throw new AppError('rule_violation', { field: 'fire_alarm', messageKey: 'fire_alarm_off' });
  }
  const name = t(lang, 'emails:emergency_fire_alarm_session', { kiosk: row.kiosk.name });
  const { session, started } = await startKioskSession(
    app,
    ctx,
    { id: row.kiosk.id, name: row.kiosk.name, areaId: row.kiosk.areaId },
    name,
    lang,
  );
  return { session_id: session.id, session_name: session.name, started };
}
