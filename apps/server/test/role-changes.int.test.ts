// Who may change who may do what: one rule for roles, their permissions, a person's role and
// invitations (nobody grants what they do not hold, nobody changes their own role, nobody changes the
// role of someone who holds more, only the owner touches the owner's role), and what the company's API
// token may do (decision 017).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API_TOKEN_PERMISSIONS } from '@app/shared/access/permissions';
import { memberships, people, rolePermissions } from '../src/db/schema/index';
import { makePng } from './helpers/images';
import { peopleWorld } from './helpers/people-world';
import { signIn, TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const personOf = async (entityId: string, membershipId: string) =>
  (
    await ctx.db.db
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.entityId, entityId), eq(people.membershipId, membershipId)))
  )[0]!.id;

const roleOfMember = async (membershipId: string) =>
  (await ctx.db.db.select({ roleId: memberships.roleId }).from(memberships).where(eq(memberships.id, membershipId)))[0]!
    .roleId;

const allowed = async (roleId: string, permission: string) =>
  (
    await ctx.db.db
      .select({ allowed: rolePermissions.allowed })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permission, permission)))
  )[0]!.allowed;

/** A company whose fire warden may also manage roles and people, and nothing else of the admin's. */
async function wardenWithRoles() {
  const w = await peopleWorld(ctx.app, ctx.db.db);
  const granted = await w.admin.put(`/roles/${w.roles.fire_warden}/permissions`, {
    permissions: { manage_roles: 1, users: 1 },
  });
  expect(granted.statusCode).toBe(200);
  const { client: warden } = await signIn(ctx.app, w.people.fire_warden.email, PASSWORD);
  return { ...w, warden };
}

describe('nobody raises their own role or grants what they do not hold', () => {
  it('refuses to turn on, in any role, a permission the caller does not hold — their own role included', async () => {
    const w = await wardenWithRoles();
    for (const roleId of [w.roles.fire_warden, w.roles.employee]) {
      const res = await w.warden.put(`/roles/${roleId}/permissions`, { permissions: { company_details: 1 } });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields.permissions[0]).toContain('company_details');
      expect(await allowed(roleId, 'company_details')).toBe(0);
    }
    // What the caller holds may be given, and taken away.
    expect(
      (await w.warden.put(`/roles/${w.roles.employee}/permissions`, { permissions: { emergency: 1 } })).statusCode,
    ).toBe(200);
    expect(
      (await w.warden.put(`/roles/${w.roles.employee}/permissions`, { permissions: { emergency: 0 } })).statusCode,
    ).toBe(200);
  });

  it('refuses to move oneself to another role, and to give a role above one’s own', async () => {
    const w = await wardenWithRoles();
    const self = await w.warden.put(`/members/${w.people.fire_warden.membershipId}/role`, { role_id: w.roles.admin });
    expect(self.statusCode).toBe(422);
    expect(self.json().fields.role_id).toEqual(['You cannot do this to your own user.']);
    expect(await roleOfMember(w.people.fire_warden.membershipId)).toBe(w.roles.fire_warden);

    const up = await w.warden.put(`/members/${w.people.employee.membershipId}/role`, { role_id: w.roles.admin });
    expect(up.statusCode).toBe(422);
    expect(up.json().fields.role_id).toEqual(['You cannot give a role with permissions you do not have yourself.']);
    expect(await roleOfMember(w.people.employee.membershipId)).toBe(w.roles.employee);

    const ownPerson = await personOf(w.entity.id, w.people.fire_warden.membershipId);
    const viaPerson = await w.warden.put(`/people/${ownPerson}`, w.body({ role_id: w.roles.admin }));
    expect(viaPerson.statusCode).toBe(422);
    expect(await roleOfMember(w.people.fire_warden.membershipId)).toBe(w.roles.fire_warden);

    // A role within the caller's own may be given.
    expect(
      (await w.warden.put(`/members/${w.people.employee.membershipId}/role`, { role_id: w.roles.fire_warden }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses to demote someone who holds more than the caller, and keeps the owner’s role to the owner', async () => {
    const w = await wardenWithRoles();
    const above = await w.warden.put(`/members/${w.people.system_admin.membershipId}/role`, {
      role_id: w.roles.employee,
    });
    expect(above.statusCode).toBe(422);
    expect(above.json().fields.role_id[0]).toMatch(/allows things you may not do/);
    expect(await roleOfMember(w.people.system_admin.membershipId)).toBe(w.roles.system_admin);
    const abovePerson = await personOf(w.entity.id, w.people.system_admin.membershipId);
    expect((await w.warden.put(`/people/${abovePerson}`, w.body({ role_id: w.roles.employee }))).statusCode).toBe(422);

    const owner = await w.warden.put(`/members/${w.people.admin.membershipId}/role`, { role_id: w.roles.employee });
    expect(owner.statusCode).toBe(422);
    expect(await roleOfMember(w.people.admin.membershipId)).toBe(w.roles.admin);

    // The owner's role (Admin) loses nothing to a non-owner, even to one who held every permission.
    const strip = await w.warden.put(`/roles/${w.roles.admin}/permissions`, { permissions: { company_details: 0 } });
    expect(strip.statusCode).toBe(422);
    expect(await allowed(w.roles.admin, 'company_details')).toBe(1);
    const { client: systemAdmin } = await signIn(ctx.app, w.people.system_admin.email, PASSWORD);
    const stripAll = await systemAdmin.put(`/roles/${w.roles.admin}/permissions`, { permissions: { users: 0 } });
    expect(stripAll.statusCode).toBe(422);
    expect(stripAll.json().fields.permissions).toEqual(["The owner's role cannot be changed."]);
    expect(await allowed(w.roles.admin, 'users')).toBe(1);
    // A role above the caller is not theirs to edit either.
    expect(
      (await w.warden.put(`/roles/${w.roles.system_admin}/permissions`, { permissions: { emergency: 0 } })).statusCode,
    ).toBe(422);
    // The owner may.
    expect(
      (await w.admin.put(`/roles/${w.roles.admin}/permissions`, { permissions: { company_details: 1 } })).statusCode,
    ).toBe(200);
  });

  it('invites nobody to a role above the caller', async () => {
    const w = await wardenWithRoles();
    const boss = await w.create({ role_id: w.roles.admin, email: `boss.${w.tag}@example.test` });
    const res = await w.warden.post('/people/invite', { person_ids: [boss.id] });
    expect(res.json().skipped).toEqual([expect.objectContaining({ id: boss.id, reason: 'role_not_assignable' })]);
  });
});

describe('the API token', () => {
  async function tokenOf(w: Awaited<ReturnType<typeof peopleWorld>>) {
    const { token } = (await w.admin.post('/company/client-token')).json<{ token: string }>();
    const api = new TestClient(ctx.app);
    api.bearer = token;
    return api;
  }

  it('acts with exactly its named permissions, whatever the admin role allows', async () => {
    const w = await peopleWorld(ctx.app, ctx.db.db);
    const api = await tokenOf(w);
    expect(API_TOKEN_PERMISSIONS).not.toContain('company_details');
    expect(API_TOKEN_PERMISSIONS).not.toContain('manage_roles');
    expect((await api.get('/roles')).statusCode).toBe(403);
    expect((await api.get('/members')).statusCode).toBe(403);
    expect((await api.put(`/roles/${w.roles.employee}/permissions`, { permissions: { users: 1 } })).statusCode).toBe(
      403,
    );
    expect((await api.get('/people?limit=5')).statusCode).toBe(200);
  });

  it('cannot create a dashboard admin: no role beyond its own set, no invitations', async () => {
    const w = await peopleWorld(ctx.app, ctx.db.db);
    const api = await tokenOf(w);
    const admin = await api.post('/people', w.body({ role_id: w.roles.admin, email: `mole.${w.tag}@example.test` }));
    expect(admin.statusCode).toBe(422);
    expect(admin.json().fields.role_id).toBeDefined();
    const visitor = await api.post('/people', w.body({ email: `visitor.${w.tag}@example.test` }));
    expect(visitor.statusCode).toBe(201);
    expect((await api.post('/people/invite', { person_ids: [visitor.json().id] })).statusCode).toBe(403);
    expect((await api.get(`/people/invite-candidates?person_ids=${visitor.json().id}`)).statusCode).toBe(403);
    expect((await api.post('/people/revoke', { person_ids: [visitor.json().id] })).statusCode).toBe(403);
    const roles = (await api.get('/people/roles')).json<{ name: string }[]>().map((r) => r.name);
    expect(roles).toEqual(['Employee']);
  });

  it('leaves people who use the dashboard alone', async () => {
    const w = await peopleWorld(ctx.app, ctx.db.db);
    const api = await tokenOf(w);
    const member = await personOf(w.entity.id, w.people.system_admin.membershipId);
    const change = await api.put(`/people/${member}`, w.body({ first_name: 'Renamed', role_id: w.roles.employee }));
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toMatch(/dashboard/);
    expect(await roleOfMember(w.people.system_admin.membershipId)).toBe(w.roles.system_admin);
    const archived = await api.post('/people/archive', { person_ids: [member] });
    expect(archived.json()).toMatchObject({ done: [], skipped: [{ id: member, reason: 'dashboard_member' }] });
    const photo = await api.upload('PUT', `/people/${member}/photo`, 'photo', makePng(300, 400), 'me.png', 'image/png');
    expect(photo.statusCode).toBe(403);
    const typed = await api.put('/people/user-types', { person_ids: [member], user_type_ids: [w.types.visitors] });
    expect(typed.json(), typed.body).toMatchObject({ skipped: [{ reason: 'dashboard_member' }] });
  });

  it('is documented: each operation lists the token only where it is accepted', async () => {
    const doc = ctx.app.swagger() as unknown as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      components: { securitySchemes: { clientToken: { description: string } } };
    };
    expect(doc.components.securitySchemes.clientToken.description).toContain(API_TOKEN_PERMISSIONS.join(', '));
    const schemes = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.security ?? []).flatMap((s) => Object.keys(s));
    expect(schemes('/api/v1/people/invite', 'post')).toEqual(['session']);
    expect(schemes('/api/v1/roles', 'get')).toEqual(['session']);
    expect(schemes('/api/v1/people', 'post')).toEqual(['session', 'clientToken']);
    expect(schemes('/api/v1/auth/login', 'post')).toEqual([]);
  });
});
