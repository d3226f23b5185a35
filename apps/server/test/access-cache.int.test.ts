// The access cache (modules/access/access-cache.ts): a request's session, login and standing in its
// company come from memory, and whatever changes them is seen by the very next request — on the node
// that made the change, on another node sharing the database, and when the change is made in SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { rolePermissions, sessions } from '../src/db/schema/index';
import { createTestApp, openTestDatabase, type TestContext } from './helpers/test-app';
import { signIn, TestClient } from './helpers/http-client';
import type { Person } from '@app/shared/people/schemas';
import { peopleWorld } from './helpers/people-world';
import { createCompany, PASSWORD } from './helpers/world';

let one: TestContext;
let two: TestContext;
beforeAll(async () => {
  one = await createTestApp();
  // A second node: on PostgreSQL with a pool of its own; the embedded database has one connection.
  two = await createTestApp({}, one.db.kind === 'postgres' ? undefined : { db: one.db });
});
afterAll(async () => {
  await two.close();
  await one.close();
});

/** The same browser (its cookies) talking to another node. */
function sameBrowserOn(ctx: TestContext, client: TestClient): TestClient {
  const other = new TestClient(ctx.app);
  other.cookies = new Map(client.cookies);
  return other;
}

async function until(check: () => Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the access cache', () => {
  it('serves a warm session from memory and sees a permission change on the very next request', async () => {
    const company = await createCompany(one.db.db);
    const { client: admin } = await signIn(one.app, company.people.admin.email, PASSWORD);
    const { client: warden } = await signIn(one.app, company.people.fire_warden.email, PASSWORD);
    expect((await warden.get('/people')).statusCode).toBe(403);
    expect((await warden.get('/people')).statusCode).toBe(403);
    expect(one.app.accessCache.size).toBeGreaterThan(0);

    const granted = await admin.put(`/roles/${company.entity.roles.fire_warden}/permissions`, {
      permissions: { users: 1 },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await warden.get('/people')).statusCode).toBe(200);

    const taken = await admin.put(`/roles/${company.entity.roles.fire_warden}/permissions`, {
      permissions: { users: 0 },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await warden.get('/people')).statusCode).toBe(403);
  });

  it('sees a role moved by an admin, and a change made in SQL, at once', async () => {
    const company = await createCompany(one.db.db);
    const { client: admin } = await signIn(one.app, company.people.admin.email, PASSWORD);
    const { client: employee } = await signIn(one.app, company.people.employee.email, PASSWORD);
    expect((await employee.get('/auth/me')).json().user.role_id).toBe(company.entity.roles.employee);

    const moved = await admin.put(`/members/${company.people.employee.membershipId}/role`, {
      role_id: company.entity.roles.fire_warden,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await employee.get('/auth/me')).json().user.role_id).toBe(company.entity.roles.fire_warden);

    // Not through the app at all: the database's own notice drops the entry.
    expect((await employee.get('/people')).statusCode).toBe(403);
    await one.db.db
      .update(rolePermissions)
      .set({ allowed: 1 })
      .where(
        and(
          eq(rolePermissions.entityId, company.entity.id),
          eq(rolePermissions.roleId, company.entity.roles.fire_warden),
          eq(rolePermissions.permission, 'users'),
        ),
      );
    expect((await employee.get('/people')).statusCode).toBe(200);
  });

  it("gives a member's name as their person's: a rename shows on the next request and after signing in again", async () => {
    const w = await peopleWorld(one.app, one.db.db);
    const me = (await w.admin.get('/auth/me')).json<{ user: { person_id: string; fullName: string } }>().user;
    const person = (await w.admin.get(`/people/${me.person_id}`)).json<Person>();
    expect(me.fullName).toBe(person.full_name);

    const renamed = await w.admin.put(`/people/${person.id}`, {
      first_name: 'Renamed',
      last_name: 'Owner',
      email: person.email,
      role_id: person.role.id,
      site_ids: [w.sites.hq],
      user_type_ids: [w.types.staff],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await w.admin.get('/auth/me')).json().user.fullName).toBe('Renamed Owner');

    const { client: again, body } = await signIn(one.app, w.people.admin.email, PASSWORD);
    expect((body.user as { fullName: string }).fullName).toBe('Renamed Owner');
    expect((await again.get('/auth/me')).json().user.fullName).toBe('Renamed Owner');
  });

  it('refuses a cookie the moment its session ends, and a session ended in SQL', async () => {
    const company = await createCompany(one.db.db);
    const { client } = await signIn(one.app, company.people.admin.email, PASSWORD);
    const stolen = sameBrowserOn(one, client);
    expect((await stolen.get('/auth/me')).statusCode).toBe(200);
    expect((await client.post('/auth/logout', {})).statusCode).toBe(204);
    expect((await stolen.get('/auth/me')).statusCode).toBe(401);

    const { client: again } = await signIn(one.app, company.people.admin.email, PASSWORD);
    expect((await again.get('/auth/me')).statusCode).toBe(200);
    await one.db.db.delete(sessions).where(eq(sessions.userId, company.people.admin.id));
    expect((await again.get('/auth/me')).statusCode).toBe(401);
  });

  it('hears a change made on another node', async () => {
    const company = await createCompany(one.db.db);
    const { client: adminOnTwo } = await signIn(two.app, company.people.admin.email, PASSWORD);
    const { client: warden } = await signIn(one.app, company.people.fire_warden.email, PASSWORD);
    expect((await warden.get('/people')).statusCode).toBe(403);

    const granted = await adminOnTwo.put(`/roles/${company.entity.roles.fire_warden}/permissions`, {
      permissions: { users: 1 },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    // Delivered at commit to every listening node; across connections it takes a moment.
    await until(async () => (await warden.get('/people')).statusCode === 200);
  });

  it("keeps each company's API token to its own company", async () => {
    const [a, b] = [await createCompany(one.db.db), await createCompany(one.db.db)];
    const tokenOf = async (company: typeof a) => {
      const { client } = await signIn(one.app, company.people.admin.email, PASSWORD);
      const res = await client.post('/company/client-token', {});
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ token: string }>().token;
    };
    const tokens = [await tokenOf(a), await tokenOf(b)];
    const userTypesWith = async (token: string) => {
      const res = await one.app.inject({
        method: 'GET',
        url: '/api/v1/user-types',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    const first = [await userTypesWith(tokens[0]!), await userTypesWith(tokens[1]!)];
    for (let i = 0; i < 3; i++) {
      expect(await userTypesWith(tokens[0]!)).toBe(first[0]);
      expect(await userTypesWith(tokens[1]!)).toBe(first[1]);
    }
    // A new token replaces the old one: the old one stops at once.
    const { client: adminA } = await signIn(one.app, a.people.admin.email, PASSWORD);
    expect((await adminA.post('/company/client-token', {})).statusCode).toBe(200);
    const old = await one.app.inject({
      method: 'GET',
      url: '/api/v1/user-types',
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    expect(old.statusCode).toBe(401);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('caches nothing while the notices cannot be heard', async () => {
    const company = await createCompany(one.db.db);
    const { client } = await signIn(one.app, company.people.admin.email, PASSWORD);
    expect((await client.get('/auth/me')).statusCode).toBe(200);
    expect(one.app.accessCache.enabled).toBe(true);
    // The listening connection of every node drops; until it is back, nothing is served from memory.
    const probe = await openTestDatabase();
    try {
      await probe.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'notices' and datname = current_database()`,
      );
    } finally {
      await probe.close();
    }
    await until(async () => !one.app.accessCache.enabled);
    expect(one.app.accessCache.size).toBe(0);
    expect((await client.get('/auth/me')).statusCode).toBe(200);
    expect(one.app.accessCache.size).toBe(0);
    await until(async () => one.app.accessCache.enabled);
  });
});
