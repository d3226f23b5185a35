import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { randomToken } from '../../lib/tokens';
import type { Executor } from '../../db/client';
import { entities } from '../../db/schema/index';
import { withTenant } from '../../db/client';
import { insertArea, insertSite } from '../../modules/sites/sites.repository';
import { insertUserType } from '../../modules/user-types/user-types.repository';
import { newId } from '../../lib/ids';
import { addMember, createEntity, createUser } from '../factories';
import { seedDemoPeople } from './demo-people';
import { seedDemoKiosks } from './demo-kiosks';
import { seedDemoCustomFields } from './demo-custom-fields';
import { seedDemoCompliances } from './demo-compliances';
import { seedDemoAttendance } from './demo-attendance';
import { seedDemoVisitPermits } from './demo-visit-permits';
import { seedDemoAnnouncements } from './demo-announcements';
import { seedDemoJourneys } from './demo-journeys';
import { seedDemoVisits } from './demo-visits';
import { createDemoWarden, seedDemoEmergency } from './demo-emergency';
import { seedDemoDuplicates } from './demo-duplicates';

type Login = { email: string; password: string };
export type DemoLogins = { admin: Login; system: Login; warden: Login };

/** On an empty database: a demo company (Cloud, enterprise) with an admin, and a platform system admin. */
export async function seedDemoIfEmpty(db: Executor, log: FastifyBaseLogger): Promise<DemoLogins | null> {
  const [row] = await db.select({ n: count() }).from(entities);
  if (Number(row?.n ?? 0) > 0) return null;
  const company = await createEntity(db, { name: 'Demo Company', subdomain: 'demo', package: 'Cloud', plan: 3 });
  const adminPassword = randomToken(9);
  const systemPassword = randomToken(9);
  const admin = await createUser(db, {
    email: 'admin@demo.localhost',
    password: adminPassword,
    firstName: 'Dana',
    lastName: 'Admin',
  });
  const system = await createUser(db, {
    email: 'system@demo.localhost',
    password: systemPassword,
    firstName: 'Sam',
    lastName: 'System',
    isPlatformAdmin: true,
  });
  await addMember(db, company, admin.id, 'admin', { isOwner: true });
  await addMember(db, company, system.id, 'system_admin');
  const warden = await createDemoWarden(db, company, randomToken(9));
  await seedDemoSetup(db, company.id);
  await withTenant(db, company.id, (tx) => seedDemoKiosks(tx, company.id));
  await withTenant(db, company.id, (tx) => seedDemoPeople(tx, company.id));
  await withTenant(db, company.id, (tx) => seedDemoCustomFields(tx, company.id));
  // The rules of entry: journeys come last, as their flows use the compliances and attendance modes.
  await withTenant(db, company.id, (tx) => seedDemoCompliances(tx, company.id));
  await withTenant(db, company.id, (tx) => seedDemoAttendance(tx, company.id));
  await withTenant(db, company.id, (tx) => seedDemoVisitPermits(tx, company.id));
  await withTenant(db, company.id, (tx) => seedDemoAnnouncements(tx, company.id));
  await withTenant(db, company.id, (tx) => seedDemoJourneys(tx, company.id));
  await withTenant(db, company.id, (tx) => seedDemoVisits(tx, company.id));
  // Last week's fire drill: over the people those visits had on site then.
  await withTenant(db, company.id, (tx) => seedDemoEmergency(tx, company.id));
  // Three people entered twice, and the first scan for duplicates.
  await seedDemoDuplicates(db, company.id);
  const logins = {
    admin: { email: admin.email, password: adminPassword },
    system: { email: system.email, password: systemPassword },
    warden,
  };
  log.info({ admin: admin.email, system: system.email, warden: warden.email }, 'seeded the demo company');
  return logins;
}

/** Sites, areas and user types a real front desk would start with. */
async function seedDemoSetup(db: Executor, entityId: string) {
  await withTenant(db, entityId, async (tx) => {
    const places = [
      {
        name: 'Dubai Head Office',
        latitude: 25.2048,
        longitude: 55.2708,
        radius: 150,
        locationName: 'Sheikh Zayed Road',
        areas: ['Main Reception', 'Executive Floor', 'Loading Dock'],
      },
      {
        name: 'Madrid Office',
        latitude: 40.4168,
        longitude: -3.7038,
        radius: 120,
        locationName: 'Paseo de la Castellana',
        areas: ['Reception', 'Warehouse'],
      },
    ];
    await insertDemoPlaces(tx, entityId, places);
    await insertDemoUserTypes(tx, entityId);
  });
}

/** The demo's user types (the journeys name them): staff with interns, visitors with contractors and couriers. */
export async function insertDemoUserTypes(tx: Executor, entityId: string) {
  const type = (
    name: string,
    registrationMethod: string,
    parentId: string | null = null,
    extra: Partial<Parameters<typeof insertUserType>[1]> = {},
  ) =>
    insertUserType(tx, {
      entityId,
      id: newId(),
      name,
      parentId,
      registrationMethod,
      gracePeriodMinutes: 30,
      qrCode: randomToken(12),
      ...extra,
    });
  const staff = await type('Staff', 'registration_not_required');
  await type('Interns', 'registration_allowed', staff.id, { canSwitchOwnType: true });
  const visitors = await type('Visitors', 'pre_registered_with_approval', null, {
    mandatoryProfileData: ['email', 'phone'],
  });
  await type('Contractors', 'pre_registered_by_admin', visitors.id, {
    gracePeriodMinutes: 60,
    mandatoryProfileData: ['email', 'phone', 'company_name', 'id_number'],
  });
  await type('Delivery', 'registration_allowed', visitors.id, { autoApproveVisits: true });
}

/** A site with a location for each place, and its areas (a "Loading Dock" is check-in only). */
export type DemoPlace = {
  name: string;
  latitude: number;
  longitude: number;
  radius: number;
  locationName: string;
  areas: string[];
};

export async function insertDemoPlaces(tx: Executor, entityId: string, places: DemoPlace[]) {
  for (const place of places) {
    const site = await insertSite(tx, {
      entityId,
      id: newId(),
      name: place.name,
      latitude: place.latitude,
      longitude: place.longitude,
      radius: place.radius,
      locationName: place.locationName,
      zoom: 16,
    });
    for (const area of place.areas) {
      await insertArea(tx, {
        entityId,
        id: newId(),
        siteId: site.id,
        name: area,
        loginMode: area === 'Loading Dock' ? 'checkIn_only' : 'signIn_signOut',
      });
    }
  }
}
