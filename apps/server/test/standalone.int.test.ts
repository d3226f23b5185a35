import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isAnyAllowed, permissionMapOf, STANDALONE_PERMISSIONS } from '@app/shared/access/permissions';
import { users } from '../src/db/schema/index';
import { fillRoute as fill, type Method } from './helpers/routes';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn } from './helpers/http-client';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PACKAGE_MESSAGE = 'This is not part of the Standalone package: move to a Cloud plan to use it.';

describe('the Standalone package', () => {
  it('reaches sites, kiosks and passport only, whatever the role allows, and says why', async () => {
    const { people } = await createCompany(ctx.db.db, { package: 'Standalone', plan: 1 });
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    expect((await client.get('/sites')).statusCode).toBe(200);
    expect((await client.get('/sites/tree')).statusCode).toBe(200);
    expect((await client.get('/kiosks')).statusCode).toBe(200);

    for (const url of ['/dashboard', '/visits', '/journeys', '/people', '/compliances', '/expected-visits/options']) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ message: string }>().message, url).toBe(PACKAGE_MESSAGE);
    }
    const signIn_ = await client.post('/visits/sign-in', {
      area_id: '00000000-0000-7000-8000-000000000000',
      people: [],
    });
    expect(signIn_.statusCode).toBe(403);

    // Every guarded endpoint outside the package's permissions answers 403, before looking at the input.
    const routes = ctx.app.apiRoutes.filter((r) => r.access.permission);
    for (const route of routes) {
      const inPackage = isAnyAllowed(permissionMapOf(STANDALONE_PERMISSIONS), route.access.permission!);
      const res = await client.request(
        route.method as Method,
        fill(route.url),
        route.method === 'GET' ? undefined : {},
      );
      const label = `${route.method} ${route.url} → ${res.statusCode}`;
      const refusedForPackage = res.statusCode === 403 && res.json<{ message: string }>().message === PACKAGE_MESSAGE;
      // Inside the package a route may still refuse on its own rules (kiosk settings: the name only).
      expect(refusedForPackage, label).toBe(!inPackage);
    }
  }, 60_000);

  it('opens the company page to the support account only', async () => {
    const { people } = await createCompany(ctx.db.db, { package: 'Standalone', plan: 1 });
    const { client: admin } = await signIn(ctx.app, people.admin.email, PASSWORD);
    for (const res of [await admin.get('/company'), await admin.put('/company', { name: 'Renamed' })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(PACKAGE_MESSAGE);
    }
    const flag = (email: string) => ctx.db.db.update(users).set({ isSupport: true }).where(eq(users.email, email));
    await flag(people.admin.email);
    const { client: support } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const page = await support.get('/company');
    expect(page.statusCode).toBe(200);
    const { subdomain } = page.json<{ subdomain: string }>();
    const renamed = await support.put('/company', { name: 'Renamed by support', subdomain });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The flag opens the package's door, not the role's: an employee with it is refused by their role.
    await flag(people.employee.email);
    const { client: employee } = await signIn(ctx.app, people.employee.email, PASSWORD);
    const refused = await employee.get('/company');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).not.toBe(PACKAGE_MESSAGE);
  });

  it('leaves a Cloud company as its roles say', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    for (const url of ['/dashboard', '/visits', '/journeys', '/people']) {
      expect((await client.get(url)).statusCode, url).toBe(200);
    }
  });
});
