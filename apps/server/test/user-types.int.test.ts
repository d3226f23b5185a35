import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { memberships, people, personUserTypes, userTypes } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, type TestClient } from './helpers/http-client';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const base = { registration_method: 'registration_allowed', grace_period_minutes: 30 };

async function adminOf() {
  const company = await createCompany(ctx.db.db);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  return { ...company, client };
}

async function addType(client: TestClient, name: string, extra: Record<string, unknown> = {}) {
  const res = await client.post('/user-types', { ...base, name, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; parent_id: string | null }>();
}

describe('user types', () => {
  it('builds a tree of parent and child types and changes a type', async () => {
    const { client } = await adminOf();
    const staff = await addType(client, 'Staff');
    const visitors = await addType(client, 'Visitors', { registration_method: 'pre_registered_with_approval' });
    const contractors = await addType(client, 'Contractors', { parent_id: visitors.id, auto_approve_visits: true });
    await addType(client, 'Interns', {
      parent_id: staff.id,
      mandatory_profile_data: ['email', 'photo'],
      can_switch_own_type: true,
    });
    const tree = (await client.get('/user-types/tree')).json();
    expect(tree.map((n: { name: string }) => n.name)).toEqual(['Staff', 'Visitors']);
    expect(tree[1].children.map((n: { name: string }) => n.name)).toEqual(['Contractors']);
    expect(tree[0].children[0]).toMatchObject({
      name: 'Interns',
      mandatory_profile_data: ['email', 'photo'],
      can_switch_own_type: true,
    });
    const changed = await client.put(`/user-types/${contractors.id}`, {
      ...base,
      name: 'Contractors & vendors',
      grace_period_minutes: 45,
    });
    expect(changed.json()).toMatchObject({
      name: 'Contractors & vendors',
      grace_period_minutes: 45,
      parent_id: visitors.id,
    });
    expect((await client.get('/user-types')).json().data).toHaveLength(4);
  });

  it('keeps names unique and the grace period at least 30 minutes, naming the field', async () => {
    const { client } = await adminOf();
    await addType(client, 'Guests');
    const dup = await client.post('/user-types', { ...base, name: 'GUESTS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.name[0]).toBe('User type name already exists');
    const grace = await client.post('/user-types', { ...base, name: 'Short stay', grace_period_minutes: 29 });
    expect(grace.statusCode).toBe(400);
    expect(grace.json().fields.grace_period_minutes[0]).toContain('30');
    const method = await client.post('/user-types', { ...base, name: 'Odd', registration_method: 'walk_in' });
    expect(method.statusCode).toBe(400);
  });

  it('moves a type under another parent but never under itself or its children', async () => {
    const { client } = await adminOf();
    const a = await addType(client, 'Aa');
    const b = await addType(client, 'Bb', { parent_id: a.id });
    const c = await addType(client, 'Cc', { parent_id: b.id });
    const loop = await client.put(`/user-types/${a.id}/parent`, { parent_id: c.id });
    expect(loop.statusCode).toBe(422);
    expect(loop.json().fields.parent_id).toBeDefined();
    expect((await client.put(`/user-types/${a.id}/parent`, { parent_id: a.id })).statusCode).toBe(422);
    expect((await client.put(`/user-types/${c.id}/parent`, { parent_id: null })).json().parent_id).toBeNull();
    expect((await client.put(`/user-types/${c.id}/parent`, { parent_id: a.id })).json().parent_id).toBe(a.id);
  });

  it('deletes only a type without child types', async () => {
    const { client } = await adminOf();
    const parent = await addType(client, 'Parent');
    const child = await addType(client, 'Child', { parent_id: parent.id });
    const refused = await client.delete(`/user-types/${parent.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('child types');
    expect((await client.delete(`/user-types/${child.id}`)).statusCode).toBe(204);
    expect((await client.delete(`/user-types/${parent.id}`)).statusCode).toBe(204);
  });

  it('gives a stable self-registration link and QR code', async () => {
    const { client } = await adminOf();
    const type = await addType(client, 'Self-registered');
    const first = (await client.get(`/user-types/${type.id}/qr`)).json();
    expect(first.url).toMatch(/\/pre-registration\/[\w-]{12,}$/);
    expect(first.qr_code).toMatch(/^data:image\/png;base64,/);
    expect((await client.get(`/user-types/${type.id}/qr`)).json().url).toBe(first.url);
  });

  it('lets an employee neither read nor change user types', async () => {
    const { client, people } = await adminOf();
    const type = await addType(client, 'Locked');
    const { client: employee } = await signIn(ctx.app, people.employee.email, PASSWORD);
    expect((await employee.get('/user-types')).statusCode).toBe(403);
    expect((await employee.put(`/user-types/${type.id}`, { ...base, name: 'Mine' })).statusCode).toBe(403);
  });
});

async function giveType(entityId: string, membershipId: string, userTypeId: string) {
  await withTenant(ctx.db.db, entityId, async (tx) => {
    const [person] = await tx
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.entityId, entityId), eq(people.membershipId, membershipId)));
    await tx.insert(personUserTypes).values({ entityId, personId: person!.id, userTypeId });
  });
}

describe('user types in use and admins with assigned user types', () => {
  it('refuses to delete a type people still have, saying how many', async () => {
    const { client, entity, people: staff } = await adminOf();
    const guards = await addType(client, 'Guards');
    await giveType(entity.id, staff.employee.membershipId, guards.id);
    const res = await client.delete(`/user-types/${guards.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.id[0]).toContain('1 people');
    expect((await client.get(`/user-types/${guards.id}`)).statusCode).toBe(200);
  });

  it('see and act only on their types and the types below them, and keep the types they create', async () => {
    const { client, entity, people: staff } = await adminOf();
    const visitors = await addType(client, 'Visitors');
    const vip = await addType(client, 'VIP', { parent_id: visitors.id });
    const contractors = await addType(client, 'Contractors');
    await giveType(entity.id, staff.system_admin.membershipId, visitors.id);
    await withTenant(ctx.db.db, entity.id, (tx) =>
      tx.update(memberships).set({ siteScope: 'assigned' }).where(eq(memberships.id, staff.system_admin.membershipId)),
    );
    const { client: limited } = await signIn(ctx.app, staff.system_admin.email, PASSWORD);
    const names = (await limited.get('/user-types')).json().data.map((t: { name: string }) => t.name);
    expect(names.sort()).toEqual(['VIP', 'Visitors']);
    expect((await limited.get(`/user-types/${vip.id}`)).statusCode).toBe(200);
    expect((await limited.get(`/user-types/${contractors.id}`)).statusCode).toBe(404);
    expect((await limited.put(`/user-types/${contractors.id}`, { ...base, name: 'Mine' })).statusCode).toBe(404);
    expect((await limited.post('/user-types', { ...base, name: 'Sub', parent_id: contractors.id })).statusCode).toBe(
      404,
    );
    const own = await addType(limited, 'Couriers');
    expect((await limited.get(`/user-types/${own.id}`)).statusCode).toBe(200);
    // The owner still sees everything.
    expect((await client.get('/user-types')).json().data).toHaveLength(4);
  });
});

describe('another company can neither read nor change user types', () => {
  it('answers 404 for another company’s type and refuses it as a parent', async () => {
    const a = await adminOf();
    const b = await adminOf();
    const theirs = await addType(b.client, 'Theirs');
    expect((await a.client.get(`/user-types/${theirs.id}`)).statusCode).toBe(404);
    expect((await a.client.put(`/user-types/${theirs.id}`, { ...base, name: 'Ours' })).statusCode).toBe(404);
    expect((await a.client.delete(`/user-types/${theirs.id}`)).statusCode).toBe(404);
    expect((await a.client.get(`/user-types/${theirs.id}/qr`)).statusCode).toBe(404);
    expect(
      (await a.client.post('/user-types', { ...base, name: 'Child of theirs', parent_id: theirs.id })).statusCode,
    ).toBe(404);
    const mine = await addType(a.client, 'Mine');
    expect((await a.client.put(`/user-types/${mine.id}/parent`, { parent_id: theirs.id })).statusCode).toBe(404);
    expect((await a.client.get('/user-types')).json().data.map((t: { name: string }) => t.name)).toEqual(['Mine']);
    const [row] = await ctx.db.db.select().from(userTypes).where(eq(userTypes.id, theirs.id));
    expect(row!.name).toBe('Theirs');
    const seen = await withTenant(ctx.db.db, a.entity.id, (tx) => tx.select({ name: userTypes.name }).from(userTypes));
    expect(seen.map((r) => r.name)).toEqual(['Mine']);
  });

  it('keeps the API document generating with the recursive tree', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/v1/user-types/tree', '/api/v1/sites/tree']),
    );
  });
});
