// A company ready for the visits tests: sites and areas, user types and a journey made through the API,
// people written straight into their tables, and helpers to sign people in and out.
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../src/app';
import { withTenant, type Executor } from '../../src/db/client';
import { entities, visits } from '../../src/db/schema/index';
import type { CreatedEntity } from '../../src/seed/factories';
import { newId } from '../../src/lib/ids';
import { signIn, type TestClient } from './http-client';
import { givePersonSite, givePersonUserType, insertPerson } from './people-rows';
import { createCompany, PASSWORD } from './world';

type Body = Record<string, unknown>;

async function created<T>(client: TestClient, url: string, body: Body): Promise<T> {
  const res = await client.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

export async function setTimezone(db: Executor, entityId: string, timezone: string) {
  await db.update(entities).set({ timezone }).where(eq(entities.id, entityId));
}

/**
 * A company (owner admin signed in) with two sites: HQ (Reception, Warehouse, and Dock which is
 * check-in only) and Branch (Lobby); user types Visitors and Staff; a journey covering both sites.
 */
export async function visitsWorld(app: App, db: Executor, opts: { timezone?: string } = {}) {
  const company = await createCompany(db);
  if (opts.timezone) await setTimezone(db, company.entity.id, opts.timezone);
  const { client: admin } = await signIn(app, company.people.admin.email, PASSWORD);
  const hq = (await created<{ id: string }>(admin, '/sites', { name: 'HQ' })).id;
  const branch = (await created<{ id: string }>(admin, '/sites', { name: 'Branch' })).id;
  const area = async (siteId: string, name: string, extra: Body = {}) =>
    (await created<{ id: string }>(admin, '/areas', { site_id: siteId, name, ...extra })).id;
  const areas = {
    reception: await area(hq, 'Reception'),
    warehouse: await area(hq, 'Warehouse'),
    dock: await area(hq, 'Dock', { login_mode: 'checkIn_only' }),
    lobby: await area(branch, 'Lobby'),
  };
  const userType = async (name: string) =>
    (
      await created<{ id: string }>(admin, '/user-types', {
        name,
        registration_method: 'registration_allowed',
        grace_period_minutes: 30,
      })
    ).id;
  const types = { visitors: await userType('Visitors'), staff: await userType('Staff') };
  const journey = (await created<{ id: string }>(admin, '/journeys', { name: 'Front desk', site_ids: [hq, branch] }))
    .id;

  /** A person of the company with a user type and a site. */
  const person = async (firstName: string, typeId: string = types.visitors, siteId: string = hq, extra: Body = {}) => {
    const row = await insertPerson(db, company.entity, {
      firstName,
      lastName: 'Tester',
      email: `${firstName.toLowerCase()}.${newId().slice(-8)}@example.test`,
      ...extra,
    });
    await givePersonUserType(db, company.entity, row.id, typeId);
    await givePersonSite(db, company.entity, row.id, siteId);
    return row;
  };

  /** A flow of the journey for a user type; `body` adds checks, compliances, hosts and modes. */
  const flow = async (typeId: string, body: Body = {}, journeyId = journey) => {
    const res = await admin.post(`/journeys/${journeyId}/flows`, { user_type_ids: [typeId], ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { id: string }[] }>().data[0]!.id;
  };

  const signInPeople = (
    people: Body[],
    areaId: string = areas.reception,
    client: TestClient = admin,
    headers?: Record<string, string>,
  ) => client.post('/visits/sign-in', { area_id: areaId, people }, headers);

  /** Signs one person in and answers the visit (expects success). */
  const signInOne = async (personId: string, areaId: string = areas.reception, extra: Body = {}) => {
    const res = await signInPeople([{ person_id: personId, ...extra }], areaId);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: VisitBody[] }>().data[0]!;
  };

  return {
    ...company,
    app,
    db,
    admin,
    sites: { hq, branch },
    areas,
    types,
    journey,
    person,
    flow,
    signInPeople,
    signInOne,
  };
}

export type VisitsWorld = Awaited<ReturnType<typeof visitsWorld>>;

export type VisitBody = {
  id: string;
  state: string;
  stage: string | null;
  person: { id: string; full_name: string };
  area: { id: string; name: string };
  site: { id: string; name: string };
  user_type: { id: string; name: string } | null;
  signed_in: { at: string; local: string } | null;
  signed_out: { at: string; local: string } | null;
  expected: { at: string; local: string } | null;
  sign_out_source: string | null;
  hosts: { id: string; full_name: string }[];
  notes: string | null;
  temperature_c: number | null;
  late_reason: { id: string; name: string } | null;
  early_reason: { id: string; name: string } | null;
  badge_label: string;
  login_mode: string;
};

/** A visit row written straight into the table (an expected visit, or history at a given time). */
export async function insertVisit(
  db: Executor,
  entity: CreatedEntity,
  values: Partial<typeof visits.$inferInsert> & { personId: string; siteId: string; areaId: string; state: string },
) {
  return withTenant(db, entity.id, async (tx) => {
    const [row] = await tx
      .insert(visits)
      .values({ entityId: entity.id, id: newId(), loginMode: 'signIn_signOut', ...values })
      .returning();
    return row!;
  });
}

export async function readVisit(db: Executor, entity: CreatedEntity, id: string) {
  return withTenant(db, entity.id, async (tx) => {
    const [row] = await tx
      .select()
      .from(visits)
      .where(and(eq(visits.entityId, entity.id), eq(visits.id, id)));
    return row!;
  });
}
