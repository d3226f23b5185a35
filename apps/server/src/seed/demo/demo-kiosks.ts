import { asc, eq } from 'drizzle-orm';
import { kioskSettingsSchema, type KioskSettingsInput } from '@app/shared/kiosks/schemas';
import { newId } from '../../lib/ids';
import { toSettingsRecord } from '../../modules/kiosks/kiosks.service';
import type { Executor } from '../../db/client';
import { areas, doors, kiosks } from '../../db/schema/index';

const HOUR_MS = 60 * 60 * 1000;

/** The demo's kiosks: where they stand, how they are set up, when each was last heard from. */
export const DEMO_KIOSKS: {
  name: string;
  area: string;
  mac: string;
  appVersion: string;
  settings: KioskSettingsInput;
  lastSeenHoursAgo: number | null;
}[] = [
  {
    name: 'Lobby kiosk',
    area: 'Main Reception',
    mac: '02:fd:de:00:00:01',
    appVersion: '2.4.1',
    settings: { fire_alarm: true, door_relay: 1, brightness: 90, volume: 60 },
    lastSeenHoursAgo: 3,
  },
  {
    name: 'Dock kiosk',
    area: 'Loading Dock',
    mac: '02:fd:de:00:00:02',
    appVersion: '2.3.0',
    settings: { door_relay: 2, brightness: 100, volume: 100, date_format: 'dd-MM-yyyy' },
    lastSeenHoursAgo: 50,
  },
  {
    name: 'Madrid reception kiosk',
    area: 'Reception',
    mac: '02:fd:de:00:00:03',
    appVersion: '2.4.1',
    settings: { date_format: 'dd-MM-yyyy', brightness: 70 },
    lastSeenHoursAgo: null,
  },
];

/** The demo's doors: where they are and which kiosk's relay opens them (null: none). */
export const DEMO_DOORS: { name: string; area: string; kiosk: string | null }[] = [
  { name: 'Main entrance', area: 'Main Reception', kiosk: 'Lobby kiosk' },
  { name: 'Dock gate', area: 'Loading Dock', kiosk: 'Dock kiosk' },
  { name: 'Boardroom corridor', area: 'Executive Floor', kiosk: null },
];

/**
 * Three kiosks in the demo company's areas (by name; the first areas when a name is missing), and the
 * doors they open. The kiosks have no device token: a real kiosk is added with a pairing code from
 * /kiosk-register.
 */
export async function seedDemoKiosks(tx: Executor, entityId: string) {
  const areaRows = await tx
    .select({ id: areas.id, name: areas.name })
    .from(areas)
    .where(eq(areas.entityId, entityId))
    .orderBy(asc(areas.name));
  if (areaRows.length === 0) return;
  const now = Date.now();
  const added = await tx
    .insert(kiosks)
    .values(
      DEMO_KIOSKS.map((kiosk, index) => ({
        entityId,
        id: newId(),
        areaId: (areaRows.find((a) => a.name === kiosk.area) ?? areaRows[index % areaRows.length]!).id,
        name: kiosk.name,
        macAddress: kiosk.mac,
        appVersion: kiosk.appVersion,
        settings: toSettingsRecord(kioskSettingsSchema.parse(kiosk.settings)),
        lastSeenAt: kiosk.lastSeenHoursAgo === null ? null : new Date(now - kiosk.lastSeenHoursAgo * HOUR_MS),
      })),
    )
    .returning({ id: kiosks.id, name: kiosks.name, areaId: kiosks.areaId });
  const doorRows = DEMO_DOORS.flatMap((door) => {
    const area = areaRows.find((a) => a.name === door.area);
    if (!area) return [];
    const opener = added.find((k) => k.name === door.kiosk && k.areaId === area.id);
    return [{ entityId, id: newId(), areaId: area.id, name: door.name, kioskId: opener?.id ?? null }];
  });
  if (doorRows.length) await tx.insert(doors).values(doorRows);
}
