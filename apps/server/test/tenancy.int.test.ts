import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { memberships, rolePermissions } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn } from './helpers/http-client';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('another company can neither read nor change', () => {
  it('members: another company’s member id answers 404 and changes nothing', async () => {
    const a = await createCompany(ctx.db.db);
    const b = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, a.people.admin.email, PASSWORD);
    const list = (await client.get('/members?limit=100')).json();
    expect(list.count).toBe(5);
    expect(list.data.every((m: { email: string }) => m.email.includes(a.tag))).toBe(true);
    const res = await client.put(`/members/${b.people.employee.membershipId}/role`, { role_id: a.entity.roles.admin });
    expect(res.statusCode).toBe(404);
    const [row] = await ctx.db.db.select().from(memberships).where(eq(memberships.id, b.people.employee.membershipId));
    expect(row!.roleId).toBe(b.entity.roles.employee);
    // Nor can a member be given a role of another company.
    const foreignRole = await client.put(`/members/${a.people.employee.membershipId}/role`, {
      role_id: b.entity.roles.admin,
    });
    expect(foreignRole.statusCode).toBe(422);
  });

  it('roles: another company’s role answers 404 and its flags stay', async () => {
    const a = await createCompany(ctx.db.db);
    const b = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, a.people.admin.email, PASSWORD);
    const ids = (await client.get('/roles')).json().data.map((r: { id: string }) => r.id);
    expect(ids).not.toContain(b.entity.roles.admin);
    const res = await client.put(`/roles/${b.entity.roles.employee}/permissions`, {
      permissions: { company_details: 1 },
    });
    expect(res.statusCode).toBe(404);
    const flags = await ctx.db.db
      .select()
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, b.entity.roles.employee));
    expect(flags.find((f) => f.permission === 'company_details')!.allowed).toBe(0);
  });

  it('company: the session’s company only, whatever the client sends', async () => {
    const a = await createCompany(ctx.db.db);
    const b = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, a.people.admin.email, PASSWORD);
    expect((await client.get(`/company?entity_id=${b.entity.id}`)).json().id).toBe(a.entity.id);
    expect((await client.post('/auth/entity', { entity_id: b.entity.id })).statusCode).toBe(422);
  });
});
