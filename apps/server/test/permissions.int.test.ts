import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAnyAllowed, permissionMapOf } from '@app/shared/access/permissions';
import { DEFAULT_ROLE_PERMISSIONS, ROLE_KEYS } from '@app/shared/access/roles';
import { eq } from 'drizzle-orm';
import { outboxEmails } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { fillRoute as fill, type Method } from './helpers/routes';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, TestClient } from './helpers/http-client';
import { createCompany, createPerson, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('permission enforcement on every endpoint', () => {
  it('answers 401 to a caller who is not signed in, on every non-public endpoint', async () => {
    const anon = new TestClient(ctx.app);
    const guarded = ctx.app.apiRoutes.filter((r) => r.access.auth !== 'public');
    expect(guarded.length).toBeGreaterThan(15);
    for (const route of guarded) {
      const res = await anon.request(route.method as Method, fill(route.url), route.method === 'GET' ? undefined : {});
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('lets each role call exactly the endpoints its permissions allow (403 otherwise)', async () => {
    const { people } = await createCompany(ctx.db.db);
    const withPermission = ctx.app.apiRoutes.filter((r) => r.access.permission);
    expect(withPermission.length).toBeGreaterThan(8);
    for (const role of ROLE_KEYS) {
      const { client } = await signIn(ctx.app, people[role].email, PASSWORD);
      for (const route of withPermission) {
        const res = await client.request(
          route.method as Method,
          fill(route.url),
          route.method === 'GET' ? undefined : {},
        );
        const allowed = isAnyAllowed(permissionMapOf(DEFAULT_ROLE_PERMISSIONS[role]), route.access.permission!);
        const label = `${role} ${route.method} ${route.url} → ${res.statusCode}`;
        if (allowed) expect(res.statusCode, label).not.toBe(403);
        else expect(res.statusCode, label).toBe(403);
        expect(res.statusCode, label).toBeLessThan(500);
      }
    }
    // Every role against every guarded endpoint: it grows with the product.
  }, 180_000);

  it('gives each role exactly its own allowed permissions in the login result', async () => {
    const { people } = await createCompany(ctx.db.db);
    for (const role of ROLE_KEYS) {
      const { body } = await signIn(ctx.app, people[role].email, PASSWORD);
      const map = body.permissions as Record<string, { allowed: number }>;
      const allowed = Object.keys(map)
        .filter((p) => map[p]!.allowed === 1)
        .sort();
      expect(allowed, role).toEqual([...DEFAULT_ROLE_PERMISSIONS[role]].sort());
    }
  });

  it('follows the allowed flag when a company changes a role', async () => {
    const { entity, people } = await createCompany(ctx.db.db);
    const { client: admin } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const { client: warden } = await signIn(ctx.app, people.fire_warden.email, PASSWORD);
    expect((await warden.get('/company')).statusCode).toBe(403);
    const res = await admin.put(`/roles/${entity.roles.fire_warden}/permissions`, {
      permissions: { company_details: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions.company_details).toEqual({ allowed: 1 });
    expect((await warden.get('/company')).statusCode).toBe(200);
    expect((await warden.get('/auth/me')).json().permissions.company_details).toEqual({ allowed: 1 });
    const unknown = await admin.put(`/roles/${entity.roles.fire_warden}/permissions`, {
      permissions: { fly_to_moon: 1 },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps platform endpoints to platform administrators', async () => {
    const { entity, people } = await createCompany(ctx.db.db);
    const { client: companyAdmin } = await signIn(ctx.app, people.system_admin.email, PASSWORD);
    expect((await companyAdmin.get('/platform/entities')).statusCode).toBe(403);
    const operator = await createPerson(ctx.db.db, [entity], 'system_admin', { isPlatformAdmin: true });
    const { client } = await signIn(ctx.app, operator.email, PASSWORD);
    const list = await client.get('/platform/entities?limit=500');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.some((e: { id: string }) => e.id === entity.id)).toBe(true);
  });
});

describe('opening a company', () => {
  it('creates the company with its roles and owner, and mails the owner a link to set a password', async () => {
    const { entity } = await createCompany(ctx.db.db);
    const operator = await createPerson(ctx.db.db, [entity], 'system_admin', { isPlatformAdmin: true });
    const { client } = await signIn(ctx.app, operator.email, PASSWORD);
    const subdomain = `new${newId().slice(-10)}`;
    const email = `owner.${subdomain}@example.test`;
    const res = await client.post('/platform/entities', {
      name: 'Fresh Co',
      subdomain,
      package: 'Cloud',
      plan: 2,
      owner: { email, first_name: 'Olga', last_name: 'Owner' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Fresh Co', subdomain, package: 'Cloud', plan: 2 });
    const again = await client.post('/platform/entities', {
      name: 'Dup',
      subdomain,
      package: 'Cloud',
      plan: 1,
      owner: { email, first_name: 'A', last_name: 'B' },
    });
    expect(again.statusCode).toBe(409);
    const [mail] = await ctx.db.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    const token = mail!.text.match(/token=([\w-]+)/)![1]!;
    const anon = new TestClient(ctx.app);
    expect(
      (
        await anon.post('/auth/reset-password', {
          token,
          password: 'owner password 1',
          password_confirmation: 'owner password 1',
        })
      ).statusCode,
    ).toBe(200);
    const login = await anon.post('/auth/login', { email, password: 'owner password 1' });
    expect(login.json()).toMatchObject({
      status: 'ok',
      role: { name: 'Admin' },
      user: { is_owner: true },
      entity: { subdomain },
    });
  });
});
