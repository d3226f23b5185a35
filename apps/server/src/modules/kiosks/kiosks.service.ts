import type { FastifyInstance } from 'fastify';
import {
  KIOSK_ONLINE_WINDOW_MS,
  KIOSK_SETTINGS_DEFAULTS,
  kioskSettingsSchema,
  type AddKioskBody,
  type Kiosk,
  type KioskSettings,
  type ListKiosksQuery,
} from '@app/shared/kiosks/schemas';
import type { Executor } from '../../db/client';
import type { KioskSettingsRecord } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { randomToken, sha256 } from '../../lib/tokens';
import type { AccessContext } from '../access/access.types';
import { writeAudit, writeAudits } from '../audit/audit.repository';
import { findArea } from '../sites/sites.repository';
import {
  claimPairing,
  deleteKiosk,
  findKiosks,
  findPairingByCode,
  insertKiosk,
  listKiosks,
  updateKiosks,
  type KioskWithPlace,
} from './kiosks.repository';
import { releaseDoorsOfKiosks } from '../doors/doors.repository';
import { recordKioskEvents, settingsChanges } from './kiosk-events';
import { journeyAppliesToSite, releaseKiosksFromForeignJourneys } from '../journeys/journeys.repository';
import { inTenant } from '../access/in-tenant';

export const toSettings = (record: KioskSettingsRecord): KioskSettings => ({
  sign_mode: record.signMode ?? 'sign_in_sign_out',
  fire_alarm: record.fireAlarm,
  door_relay: record.doorRelay,
  brightness: record.brightness,
  volume: record.volume,
  date_format: record.dateFormat,
  temperature_unit: record.temperatureUnit,
  default_temperature: record.defaultTemperature,
  offline_hours: record.offlineHours ?? KIOSK_SETTINGS_DEFAULTS.offline_hours,
  language: record.language ?? KIOSK_SETTINGS_DEFAULTS.language,
});

export const toSettingsRecord = (settings: KioskSettings): KioskSettingsRecord => ({
  signMode: settings.sign_mode,
  fireAlarm: settings.fire_alarm,
  doorRelay: settings.door_relay,
  brightness: settings.brightness,
  volume: settings.volume,
  dateFormat: settings.date_format,
  temperatureUnit: settings.temperature_unit,
  defaultTemperature: settings.default_temperature,
  offlineHours: settings.offline_hours,
  language: settings.language,
});

/** A new kiosk starts with the defaults of spec §9 (fire alarm off, relay 0, 36 °C). */
export const defaultSettingsRecord = (): KioskSettingsRecord => toSettingsRecord(kioskSettingsSchema.parse({}));

export const isOnline = (lastSeenAt: Date | null, now = Date.now()) =>
  lastSeenAt !== null && now - lastSeenAt.getTime() <= KIOSK_ONLINE_WINDOW_MS;

export function toKiosk({ kiosk, areaName, siteId, siteName }: KioskWithPlace, now = Date.now()): Kiosk {
  return {
    id: kiosk.id,
    name: kiosk.name,
    mac_address: kiosk.macAddress,
    app_version: kiosk.appVersion,
    area_id: kiosk.areaId,
    area_name: areaName,
    site_id: siteId,
    site_name: siteName,
    journey_id: kiosk.journeyId,
    settings: toSettings(kiosk.settings),
    logging: kiosk.logging,
    online: isOnline(kiosk.lastSeenAt, now),
    last_seen_at: kiosk.lastSeenAt?.toISOString() ?? null,
    created_at: kiosk.createdAt.toISOString(),
  };
}

/** Spec §6: on the Standalone package people may only rename kiosks. */
function assertMayChangeKiosks(ctx: AccessContext) {
  if (ctx.entity.package === 'Standalone') {
    throw new AppError('forbidden', { field: 'id', messageKey: 'kiosk_standalone_rename_only' });
  }
}

/** Every kiosk asked for, or 404: another company's or another admin's kiosk is not found, and nothing changes. */
async function mustFindAll(tx: Executor, ctx: AccessContext, ids: string[]) {
  const rows = await findKiosks(tx, ctx.entityId, ctx.siteIds, ids);
  if (rows.length !== ids.length) throw new AppError('not_found');
  return rows;
}

async function mustFindArea(tx: Executor, ctx: AccessContext, areaId: string) {
  const area = await findArea(tx, ctx.entityId, ctx.siteIds, areaId);
  if (!area) throw new AppError('not_found', { field: 'area_id', messageKey: 'not_found' });
  return area;
}

/**
 * A kiosk may run a journey of its company (another company's journey is not found) that applies to
 * the site the kiosk stands at (spec §3 Kiosk: kiosks move between journeys with their area).
 */
async function assertJourney(tx: Executor, ctx: AccessContext, journeyId: string | null | undefined, siteId: string) {
  if (!journeyId) return;
  const journey = await journeyAppliesToSite(tx, ctx.entityId, journeyId, siteId);
  if (!journey) throw new AppError('not_found', { field: 'journey_id', messageKey: 'journey_not_found' });
  if (!journey.applies) {
    throw new AppError('rule_violation', {
      field: 'journey_id',
      messageKey: 'journey_not_at_site',
      vars: { journey: journey.name },
    });
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505' && (e.constraint === undefined || e.constraint === constraint)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export async function listCompanyKiosks(app: FastifyInstance, ctx: AccessContext, q: ListKiosksQuery) {
  return inTenant(app, ctx, async (tx) => {
    const now = Date.now();
    const { rows, count } = await listKiosks(tx, ctx.entityId, ctx.siteIds, q, new Date(now - KIOSK_ONLINE_WINDOW_MS));
    return { data: rows.map((r) => toKiosk(r, now)), count };
  });
}

export async function getKiosk(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => toKiosk((await mustFindAll(tx, ctx, [id]))[0]!));
}

/** Adds the kiosk that shows `code` to an area; the kiosk then collects its device token once. */
export async function addKiosk(app: FastifyInstance, ctx: AccessContext, body: AddKioskBody) {
  assertMayChangeKiosks(ctx);
  return inTenant(app, ctx, async (tx) => {
    await mustFindArea(tx, ctx, body.area_id);
    const pairing = await findPairingByCode(tx, body.code);
    // A code another company has claimed answers as an unknown one: it must not tell that it exists.
    if (!pairing || (pairing.claimedEntityId && pairing.claimedEntityId !== ctx.entityId)) {
      throw new AppError('rule_violation', { field: 'code', messageKey: 'kiosk_code_unknown' });
    }
    if (pairing.claimedEntityId) throw new AppError('rule_violation', { field: 'code', messageKey: 'kiosk_code_used' });
    if (pairing.expiresAt.getTime() < Date.now()) {
      throw new AppError('rule_violation', { field: 'code', messageKey: 'kiosk_code_expired' });
    }
    const id = newId();
    const deviceToken = randomToken(32);
    // Claimed in the same statement that checks it is still free, so two admins cannot both claim it.
    const claimed = await claimPairing(tx, body.code, { kioskId: id, deviceToken });
    if (!claimed) throw new AppError('rule_violation', { field: 'code', messageKey: 'kiosk_code_used' });
    try {
      await insertKiosk(tx, {
        entityId: ctx.entityId,
        id,
        areaId: body.area_id,
        name: body.name,
        macAddress: claimed.macAddress,
        appVersion: claimed.appVersion,
        settings: defaultSettingsRecord(),
        deviceTokenHash: sha256(deviceToken),
      });
    } catch (error) {
      // The MAC address is unique across companies: the same device cannot stand in two places.
      if (isUniqueViolation(error, 'kiosks_mac_key')) {
        throw new AppError('conflict', { field: 'code', messageKey: 'kiosk_mac_taken' });
      }
      throw error;
    }
    const kiosk = toKiosk((await mustFindAll(tx, ctx, [id]))[0]!);
    await writeAudit(tx, ctx, { action: 'kiosk.create', targetType: 'kiosk', targetId: id, after: kiosk });
    await recordKioskEvents(tx, ctx.entityId, [
      { kioskId: id, kioskName: kiosk.name, areaId: kiosk.area_id, siteId: kiosk.site_id, kind: 'added' },
    ]);
    return kiosk;
  });
}

export async function renameKiosk(app: FastifyInstance, ctx: AccessContext, id: string, name: string) {
  return inTenant(app, ctx, async (tx) => {
    const [before] = await mustFindAll(tx, ctx, [id]);
    await updateKiosks(tx, ctx.entityId, [id], { name });
    await writeAudit(tx, ctx, {
      action: 'kiosk.rename',
      targetType: 'kiosk',
      targetId: id,
      before: { name: before!.kiosk.name },
      after: { name },
    });
    if (before!.kiosk.name !== name) {
      await recordKioskEvents(tx, ctx.entityId, [
        {
          kioskId: id,
          kioskName: name,
          areaId: before!.kiosk.areaId,
          siteId: before!.siteId,
          kind: 'renamed',
          detail: { from_name: before!.kiosk.name, to_name: name },
        },
      ]);
    }
    return toKiosk((await mustFindAll(tx, ctx, [id]))[0]!);
  });
}

/** Gives one or many kiosks the same settings. */
export async function changeKioskSettings(
  app: FastifyInstance,
  ctx: AccessContext,
  ids: string[],
  settings: KioskSettings,
) {
  assertMayChangeKiosks(ctx);
  const changed = await inTenant(app, ctx, async (tx) => {
    const before = await mustFindAll(tx, ctx, ids);
    await updateKiosks(tx, ctx.entityId, ids, { settings: toSettingsRecord(settings) });
    await writeAudits(
      tx,
      ctx,
      before.map((row) => ({
        action: 'kiosk.settings',
        targetType: 'kiosk',
        targetId: row.kiosk.id,
        before: toSettings(row.kiosk.settings),
        after: settings,
      })),
    );
    await recordKioskEvents(
      tx,
      ctx.entityId,
      before.flatMap((row) => {
        const changes = settingsChanges(toSettings(row.kiosk.settings), settings);
        return changes.length === 0
          ? []
          : [
              {
                kioskId: row.kiosk.id,
                kioskName: row.kiosk.name,
                areaId: row.kiosk.areaId,
                siteId: row.siteId,
                kind: 'settings_changed' as const,
                detail: { changes },
              },
            ];
      }),
    );
    return (await mustFindAll(tx, ctx, ids)).map((row) => toKiosk(row));
  });
  // The kiosks take their new settings at once, without a reload (decision 044).
  for (const kiosk of changed)
    app.kioskChannel.tell(kiosk.id, 'settings', { settings: kiosk.settings, logging: kiosk.logging });
  return changed;
}

/**
 * Moves one or many kiosks to an area (one the actor may act on). Moving a single kiosk to the area
 * it is in is refused; in a group, kiosks already there stay as they are.
 */
export async function moveKiosks(
  app: FastifyInstance,
  ctx: AccessContext,
  ids: string[],
  target: { area_id: string; journey_id?: string | null },
  single: boolean,
) {
  assertMayChangeKiosks(ctx);
  return inTenant(app, ctx, async (tx) => {
    const before = await mustFindAll(tx, ctx, ids);
    const area = await mustFindArea(tx, ctx, target.area_id);
    await assertJourney(tx, ctx, target.journey_id, area.siteId);
    if (single && before[0]!.kiosk.areaId === target.area_id) {
      throw new AppError('rule_violation', { field: 'area_id', messageKey: 'kiosk_same_area' });
    }
    const moving = before.filter((row) => row.kiosk.areaId !== target.area_id);
    // A kiosk's relay opens doors of its own area only: in its new area it opens none yet.
    await releaseDoorsOfKiosks(
      tx,
      ctx.entityId,
      moving.map((row) => row.kiosk.id),
    );
    await updateKiosks(
      tx,
      ctx.entityId,
      moving.map((row) => row.kiosk.id),
      { areaId: target.area_id },
    );
    if (target.journey_id !== undefined) {
      await updateKiosks(
        tx,
        ctx.entityId,
        before.map((row) => row.kiosk.id),
        { journeyId: target.journey_id },
      );
    }
    // A kiosk moved to a site its journey does not apply to stops running it.
    await releaseKiosksFromForeignJourneys(
      tx,
      ctx.entityId,
      moving.map((row) => row.kiosk.id),
    );
    await writeAudits(
      tx,
      ctx,
      moving.map((row) => ({
        action: 'kiosk.move',
        targetType: 'kiosk',
        targetId: row.kiosk.id,
        before: { area_id: row.kiosk.areaId },
        after: { area_id: target.area_id },
      })),
    );
    await recordKioskEvents(
      tx,
      ctx.entityId,
      moving.map((row) => ({
        kioskId: row.kiosk.id,
        kioskName: row.kiosk.name,
        areaId: target.area_id,
        siteId: area.siteId,
        kind: 'moved' as const,
        detail: {
          from_area: { id: row.kiosk.areaId, name: row.areaName },
          to_area: { id: area.id, name: area.name },
        },
      })),
    );
    return (await mustFindAll(tx, ctx, ids)).map((row) => toKiosk(row));
  });
}

/** Deregisters a kiosk: it is deleted and its device token stops working at once. */
export async function deregisterKiosk(app: FastifyInstance, ctx: AccessContext, id: string) {
  assertMayChangeKiosks(ctx);
  await inTenant(app, ctx, async (tx) => {
    const [before] = await mustFindAll(tx, ctx, [id]);
    await deleteKiosk(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'kiosk.deregister',
      targetType: 'kiosk',
      targetId: id,
      before: toKiosk(before!),
    });
    await recordKioskEvents(tx, ctx.entityId, [
      {
        kioskId: id,
        kioskName: before!.kiosk.name,
        areaId: before!.kiosk.areaId,
        siteId: before!.siteId,
        kind: 'deregistered',
      },
    ]);
  });
  // Its token no longer works: the tablet is told, and its connections closed, at once.
  app.kioskChannel.tell(id, 'deregistered');
  app.kioskChannel.close(id);
}
