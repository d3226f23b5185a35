// A company ready for the people screens: sites, user types, and helpers to add people and scoped
// admins, used by the people integration tests.
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PlanId } from '@app/shared/constants';
import type { Person } from '@app/shared/people/schemas';
import type { App } from '../../src/app';
import { withTenant, type Executor } from '../../src/db/client';
import { customFieldSections, customFields, memberships, people } from '../../src/db/schema/index';
import type { CreatedEntity } from '../../src/seed/factories';
import { newId } from '../../src/lib/ids';
import { signIn, type TestClient } from './http-client';
import { givePersonSite, givePersonUserType } from './people-rows';
import { createCompany, createPerson, PASSWORD } from './world';

export type PeopleWorld = Awaited<ReturnType<typeof peopleWorld>>;

async function addSite(client: TestClient, name: string) {
  const res = await client.post('/sites', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; name: string }>().id;
}

export async function addUserType(
  client: TestClient,
  name: string,
  extra: { parent_id?: string; mandatory_profile_data?: string[] } = {},
) {
  const res = await client.post('/user-types', {
    name,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** A company (owner admin signed in) with two sites and two user types. */
export async function peopleWorld(app: App, db: Executor, opts: { plan?: PlanId } = {}) {
  const company = await createCompany(db, { plan: opts.plan });
  const { client: admin } = await signIn(app, company.people.admin.email, PASSWORD);
  const sites = { hq: await addSite(admin, 'HQ'), branch: await addSite(admin, 'Branch') };
  const types = { staff: await addUserType(admin, 'Staff'), visitors: await addUserType(admin, 'Visitors') };
  const roles = company.entity.roles;
  /** A valid body; `over` replaces any field. */
  const body = (over: Record<string, unknown> = {}) => ({
    first_name: 'Ada',
    last_name: 'Lovelace',
    role_id: roles.employee,
    site_ids: [sites.hq],
    user_type_ids: [types.staff],
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}, client: TestClient = admin) => {
    const res = await client.post('/people', body(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Person>();
  };
  return { ...company, app, db, admin, sites, types, roles, body, create };
}

/**
 * An admin of the company limited to the given sites and user types (membership site_scope
 * 'assigned'; the scope is the person's own sites and types).
 */
export async function scopedAdmin(app: App, db: Executor, entity: CreatedEntity, siteIds: string[], typeIds: string[]) {
  const user = await createPerson(db, [entity], 'admin');
  const person = await withTenant(db, entity.id, async (tx) => {
    await tx
      .update(memberships)
      .set({ siteScope: 'assigned' })
      .where(and(eq(memberships.entityId, entity.id), eq(memberships.userId, user.id)));
    const [row] = await tx
      .select()
      .from(people)
      .where(and(eq(people.entityId, entity.id), eq(people.userId, user.id)));
    return row!;
  });
  for (const siteId of siteIds) await givePersonSite(db, entity, person.id, siteId);
  for (const typeId of typeIds) await givePersonUserType(db, entity, person.id, typeId);
  const { client } = await signIn(app, user.email, PASSWORD);
  return { client, user, person };
}

/** A profile custom field written straight into the table (the custom-fields screens are elsewhere). */
export async function insertProfileField(
  db: Executor,
  entity: CreatedEntity,
  field: {
    name: string;
    type: string;
    required?: boolean;
    options?: Record<string, unknown>;
    binding?: string;
  },
) {
  const id = newId();
  await withTenant(db, entity.id, async (tx) => {
    const sectionId = newId();
    await tx
      .insert(customFieldSections)
      .values({ entityId: entity.id, id: sectionId, name: `Section ${id.slice(-8)}` });
    await tx.insert(customFields).values({
      entityId: entity.id,
      id,
      sectionId,
      name: field.name,
      type: field.type,
      binding: field.binding ?? 'profile',
      options: field.options ?? {},
      required: field.required ?? false,
    });
  });
  return id;
}

/** The person row as stored, read as the app role of that company. */
export async function storedPerson(db: Executor, entity: CreatedEntity, id: string) {
  return withTenant(db, entity.id, async (tx) => {
    const [row] = await tx
      .select()
      .from(people)
      .where(and(eq(people.entityId, entity.id), eq(people.id, id)));
    return row ?? null;
  });
}
