import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { auditLog, memberships, rolePermissions, roles } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
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

describe('row-level security under the app role', () => {
  it('shows only the current entity’s rows even with no entity filter in the query', async () => {
    const a = await createCompany(ctx.db.db);
    const b = await createCompany(ctx.db.db);
    const seen = await withTenant(ctx.db.db, a.entity.id, (tx) =>
      tx.select({ entityId: memberships.entityId }).from(memberships),
    );
    expect(seen.length).toBe(5);
    expect(new Set(seen.map((r) => r.entityId))).toEqual(new Set([a.entity.id]));
    const roleRows = await withTenant(ctx.db.db, b.entity.id, (tx) =>
      tx.select({ entityId: roles.entityId }).from(roles),
    );
    expect(roleRows.every((r) => r.entityId === b.entity.id)).toBe(true);
    const user = await withTenant(ctx.db.db, a.entity.id, async (tx) => {
      const res = await tx.execute<{ u: string }>(sql`select current_user as u`);
      return (res as { rows: { u: string }[] }).rows;
    });
    expect(user[0]).toMatchObject({ u: 'app_user' });
  });

  it('refuses to write a row into another entity and to change another entity’s rows', async () => {
    const a = await createCompany(ctx.db.db);
    const b = await createCompany(ctx.db.db);
    await expect(
      withTenant(ctx.db.db, a.entity.id, (tx) =>
        tx.insert(auditLog).values({ entityId: b.entity.id, id: newId(), action: 'x', targetType: 'y' }),
      ),
    ).rejects.toThrow();
    const updated = await withTenant(ctx.db.db, a.entity.id, (tx) =>
      tx.update(memberships).set({ status: 'archived' }).where(eq(memberships.entityId, b.entity.id)).returning(),
    );
    expect(updated).toHaveLength(0);
    const deleted = await withTenant(ctx.db.db, a.entity.id, (tx) =>
      tx.delete(rolePermissions).where(eq(rolePermissions.entityId, b.entity.id)).returning(),
    );
    expect(deleted).toHaveLength(0);
  });

  it('shows nothing when no entity is set', async () => {
    await createCompany(ctx.db.db);
    const rows = await ctx.db.db.transaction(async (tx) => {
      await tx.execute(sql`set local role app_user`);
      return tx.select().from(memberships);
    });
    expect(rows).toHaveLength(0);
  });
});

describe('row-level security', () => {
  it('guards every tenant table (every table with an entity_id but the global sessions)', async () => {
    const rows = (
      await ctx.db.query(`
        select c.relname as name, c.relrowsecurity as enabled,
          exists (select 1 from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_isolation') as policy
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and exists (select 1 from information_schema.columns col
                      where col.table_schema = 'public' and col.table_name = c.relname
                        and col.column_name = 'entity_id')
          and c.relname <> 'sessions'`)
    ).rows as { name: string; enabled: boolean; policy: boolean }[];
    expect(rows.length).toBeGreaterThan(10);
    const unguarded = rows.filter((r) => !r.enabled || !r.policy).map((r) => r.name);
    expect(unguarded).toEqual([]);
  });
});
