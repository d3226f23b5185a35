// A company's configuration, made the way the demo company is: the seed factories for the company,
// its roles and its owner; the demo's sites, areas, user types, kiosks, custom fields, compliances,
// attendance modes and journeys. The big company has a few more sites, covered by the same journeys.
// People and visits are not made here: they are loaded in bulk (bulk-people.ts, bulk-visits.ts).
import { and, eq, inArray } from 'drizzle-orm';
import { withTenant, type Executor } from '../../apps/server/src/db/client';
import {
  areas,
  doors,
  entities,
  journeySites,
  journeys,
  kiosks,
  people,
  personSites,
  personUserTypes,
  sites,
  userTypes,
} from '../../apps/server/src/db/schema/index';
import { seedDemoAttendance } from '../../apps/server/src/seed/demo/demo-attendance';
import { seedDemoCompliances } from '../../apps/server/src/seed/demo/demo-compliances';
import { seedDemoCustomFields } from '../../apps/server/src/seed/demo/demo-custom-fields';
import { seedDemoJourneys } from '../../apps/server/src/seed/demo/demo-journeys';
import { insertDemoPlaces, insertDemoUserTypes } from '../../apps/server/src/seed/demo/demo';
import { DEMO_DOORS, DEMO_KIOSKS } from '../../apps/server/src/seed/demo/demo-kiosks';
import { addMember, createEntity, createUser, type CreatedEntity } from '../../apps/server/src/seed/factories';
import { kioskSettingsSchema } from '@app/shared/kiosks/schemas';
import { newId } from '../../apps/server/src/lib/ids';
import { randomToken, sha256 } from '../../apps/server/src/lib/tokens';
import { toSettingsRecord } from '../../apps/server/src/modules/kiosks/kiosks.service';

export const ADMIN_PASSWORD = 'Bench-password-2468';
/** The user type whose demo flow (Visitor entry → Delivery) asks nothing: no host, check or answer. */
export const NO_QUESTIONS_TYPE = 'Delivery';
/** The area people of that type sign in at (Dubai Head Office, covered by the Visitor entry journey). */
export const SIGN_IN_AREA = 'Main Reception';
/** The demo's journey with that type's flow (and the visitors'): the kiosk cases' kiosk runs it. */
export const VISITOR_JOURNEY = 'Visitor entry';

type Place = { name: string; latitude: number; longitude: number; areas: string[] };

/** The demo's two offices: the journeys, kiosks and attendance modes name them. */
const DEMO_PLACES: Place[] = [
  {
    name: 'Dubai Head Office',
    latitude: 25.2048,
    longitude: 55.2708,
    areas: ['Main Reception', 'Executive Floor', 'Loading Dock'],
  },
  { name: 'Madrid Office', latitude: 40.4168, longitude: -3.7038, areas: ['Reception', 'Warehouse'] },
];
const MORE_PLACES: Place[] = [
  { name: 'London Office', latitude: 51.5072, longitude: -0.1276, areas: ['Reception', 'Meeting Rooms'] },
  { name: 'Riyadh Branch', latitude: 24.7136, longitude: 46.6753, areas: ['Reception', 'Server Room'] },
  { name: 'Abu Dhabi Warehouse', latitude: 24.4539, longitude: 54.3773, areas: ['Gate', 'Loading Dock'] },
  { name: 'Barcelona Lab', latitude: 41.3874, longitude: 2.1686, areas: ['Reception', 'Lab'] },
];

export type CompanySpec = { index: number; name: string; subdomain: string; timezone: string; big: boolean };

export type SetUpCompany = {
  entity: CreatedEntity;
  adminEmail: string;
  ownerPersonId: string;
  token: string;
  employeeRoleId: string;
};

export async function setUpCompany(db: Executor, spec: CompanySpec): Promise<SetUpCompany> {
  const entity = await createEntity(db, { name: spec.name, subdomain: spec.subdomain, package: 'Cloud', plan: 3 });
  await db.update(entities).set({ timezone: spec.timezone }).where(eq(entities.id, entity.id));
  const admin = await createUser(db, {
    email: `owner@${spec.subdomain}.bench.test`,
    password: ADMIN_PASSWORD,
    firstName: 'Olivia',
    lastName: 'Owner',
  });
  await addMember(db, entity, admin.id, 'admin', { isOwner: true });

  // The API token as the company settings make it: only its hash is kept.
  const token = `ct_${randomToken(32)}`;
  await db
    .update(entities)
    .set({ clientTokenHash: sha256(token), clientTokenHint: token.slice(-4), clientTokenCreatedAt: new Date() })
    .where(eq(entities.id, entity.id));

  const id = entity.id;
  await withTenant(db, id, (tx) => insertPlaces(tx, id, DEMO_PLACES));
  // The kiosks find their areas by name: before the big company's other sites repeat those names.
  await withTenant(db, id, (tx) => insertKiosks(tx, id, spec.index));
  if (spec.big) await withTenant(db, id, (tx) => insertPlaces(tx, id, MORE_PLACES));
  await withTenant(db, id, (tx) => insertDemoUserTypes(tx, id));
  await withTenant(db, id, (tx) => seedDemoCustomFields(tx, id));
  // Before any person exists, so the demo's sample answers are not made for thousands of people.
  await withTenant(db, id, (tx) => seedDemoCompliances(tx, id));
  await withTenant(db, id, (tx) => seedDemoAttendance(tx, id));
  const ownerPersonId = await withTenant(db, id, (tx) => placeOwner(tx, id));
  return { entity, adminEmail: admin.email, ownerPersonId, token, employeeRoleId: entity.roles.employee };
}

/** The journeys, once people exist (hosts are members of staff); every site of the company is covered. */
export async function setUpJourneys(db: Executor, entityId: string) {
  await withTenant(db, entityId, async (tx) => {
    await seedDemoJourneys(tx, entityId);
    const allSites = await tx.select({ id: sites.id }).from(sites).where(eq(sites.entityId, entityId));
    const wide = await tx
      .select({ id: journeys.id })
      .from(journeys)
      .where(and(eq(journeys.entityId, entityId), inArray(journeys.name, [VISITOR_JOURNEY, 'Staff attendance'])));
    for (const journey of wide) {
      await tx
        .insert(journeySites)
        .values(allSites.map((s) => ({ entityId, journeyId: journey.id, siteId: s.id })))
        .onConflictDoNothing();
    }
  });
}

/** The bench's places, as the demo's seed writes them (150 m around, named after themselves). */
const insertPlaces = (tx: Executor, entityId: string, places: Place[]) =>
  insertDemoPlaces(
    tx,
    entityId,
    places.map((p) => ({ ...p, radius: 150, locationName: p.name })),
  );

/**
 * The demo's kiosks and doors (seedDemoKiosks), each company's with MAC addresses of its own: a MAC
 * address is unique across companies.
 */
async function insertKiosks(tx: Executor, entityId: string, companyIndex: number) {
  const areaRows = await tx.select({ id: areas.id, name: areas.name }).from(areas).where(eq(areas.entityId, entityId));
  const byName = (name: string) => areaRows.find((a) => a.name === name) ?? areaRows[0]!;
  const company = companyIndex.toString(16).padStart(2, '0');
  const added = await tx
    .insert(kiosks)
    .values(
      DEMO_KIOSKS.map((kiosk) => ({
        entityId,
        id: newId(),
        areaId: byName(kiosk.area).id,
        name: kiosk.name,
        macAddress: kiosk.mac.replace(/^02:fd:de:00/, `02:fd:de:${company}`),
        appVersion: kiosk.appVersion,
        settings: toSettingsRecord(kioskSettingsSchema.parse(kiosk.settings)),
        lastSeenAt: kiosk.lastSeenHoursAgo === null ? null : new Date(Date.now() - kiosk.lastSeenHoursAgo * 3_600_000),
      })),
    )
    .returning({ id: kiosks.id, name: kiosks.name, areaId: kiosks.areaId });
  await tx.insert(doors).values(
    DEMO_DOORS.map((door) => {
      const areaId = byName(door.area).id;
      const opener = added.find((k) => k.name === door.kiosk && k.areaId === areaId);
      return { entityId, id: newId(), areaId, name: door.name, kioskId: opener?.id ?? null };
    }),
  );
}

/** The owner works at every site as staff, as the demo's members do. */
async function placeOwner(tx: Executor, entityId: string): Promise<string> {
  const [owner] = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.entityId, entityId), eq(people.isDefault, true)));
  if (!owner) throw new Error('the owner has no person row');
  const siteRows = await tx.select({ id: sites.id }).from(sites).where(eq(sites.entityId, entityId));
  await tx.insert(personSites).values(siteRows.map((s) => ({ entityId, personId: owner.id, siteId: s.id })));
  const [staff] = await tx
    .select({ id: userTypes.id })
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), eq(userTypes.name, 'Staff')));
  await tx.insert(personUserTypes).values({ entityId, personId: owner.id, userTypeId: staff!.id });
  return owner.id;
}
