// Rows written straight into the tables, for tests of features that use people and kiosks without
// going through their own screens.
import { withTenant, type Executor } from '../../src/db/client';
import type { CreatedEntity } from '../../src/seed/factories';
import { newQrCode } from '../../src/modules/entities/entity-setup';
import { areas, kiosks, people, personSites, personUserTypes, sites, userTypes } from '../../src/db/schema/index';
import { newId } from '../../src/lib/ids';
import { randomToken, sha256 } from '../../src/lib/tokens';

export type PersonRow = typeof people.$inferSelect;

export async function insertPerson(
  db: Executor,
  entity: CreatedEntity,
  values: Partial<typeof people.$inferInsert> & { firstName: string },
): Promise<PersonRow> {
  return withTenant(db, entity.id, async (tx) => {
    const [row] = await tx
      .insert(people)
      .values({
        entityId: entity.id,
        id: newId(),
        lastName: 'Tester',
        roleId: entity.roles.employee,
        qrCode: newQrCode(),
        ...values,
      })
      .returning();
    return row!;
  });
}

/** A site, an area and a kiosk in it, with a device token the test can present. */
export async function insertKiosk(
  db: Executor,
  entity: CreatedEntity,
  names: { site?: string; area?: string; kiosk?: string } = {},
) {
  const tag = newId().slice(-8);
  const deviceToken = randomToken(32);
  return withTenant(db, entity.id, async (tx) => {
    const siteId = newId();
    const areaId = newId();
    const kioskId = newId();
    await tx.insert(sites).values({ entityId: entity.id, id: siteId, name: names.site ?? `Site ${tag}` });
    await tx.insert(areas).values({ entityId: entity.id, id: areaId, siteId, name: names.area ?? `Area ${tag}` });
    const mac = (newId().replace(/-/g, '').slice(-12).match(/.{2}/g) ?? []).join(':');
    await tx.insert(kiosks).values({
      entityId: entity.id,
      id: kioskId,
      areaId,
      name: names.kiosk ?? `Kiosk ${tag}`,
      macAddress: mac,
      settings: {
        fireAlarm: false,
        doorRelay: 0,
        brightness: 80,
        volume: 50,
        dateFormat: 'yyyy-MM-dd',
        temperatureUnit: 'C',
        defaultTemperature: 36,
      },
      deviceTokenHash: sha256(deviceToken),
    });
    return {
      siteId,
      areaId,
      kioskId,
      deviceToken,
      siteName: names.site ?? `Site ${tag}`,
      areaName: names.area ?? `Area ${tag}`,
      kioskName: names.kiosk ?? `Kiosk ${tag}`,
    };
  });
}

export async function insertUserType(db: Executor, entity: CreatedEntity, name: string) {
  const id = newId();
  await withTenant(db, entity.id, (tx) =>
    tx.insert(userTypes).values({
      entityId: entity.id,
      id,
      name,
      registrationMethod: 'registration_allowed',
      gracePeriodMinutes: 30,
      qrCode: randomToken(12),
    }),
  );
  return id;
}

export async function givePersonUserType(db: Executor, entity: CreatedEntity, personId: string, userTypeId: string) {
  await withTenant(db, entity.id, (tx) =>
    tx.insert(personUserTypes).values({ entityId: entity.id, personId, userTypeId }),
  );
}

export async function givePersonSite(db: Executor, entity: CreatedEntity, personId: string, siteId: string) {
  await withTenant(db, entity.id, (tx) => tx.insert(personSites).values({ entityId: entity.id, personId, siteId }));
}
