import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { openDatabase, withTenant, type Database } from '../src/db/client';
import { entities, personSites, personUserTypes } from '../src/db/schema/index';
import { seedDemoIfEmpty } from '../src/db/seed/demo';
import { DEMO_PEOPLE_COUNT } from '../src/db/seed/demo-people';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn } from './helpers/http-client';
import { createPglite } from '../src/db/pglite';

// The demo seed runs only on an empty database, so this file always has its own embedded one.
let db: Database;
let ctx: TestContext;
let logins: Awaited<ReturnType<typeof seedDemoIfEmpty>>;
beforeAll(async () => {
  const testDb = inject('testDb');
  const pglite =
    testDb.kind === 'pglite'
      ? await createPglite(undefined, { loadDataDir: new Blob([readFileSync(testDb.dumpPath)]) })
      : await createPglite();
  db = await openDatabase({ pglite });
  if (testDb.kind !== 'pglite') await db.migrate();
  ctx = await createTestApp({}, { db });
  logins = await seedDemoIfEmpty(db.db, ctx.app.log);
});
afterAll(() => ctx.close());

const total = (table: 'sites' | 'areas' | 'user_types' | 'people' | 'kiosks' | 'doors', entityId: string) =>
  withTenant(db.db, entityId, async (tx) => {
    const res = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where entity_id = ${entityId}`,
    );
    return Number((res as { rows: { n: number }[] }).rows[0]!.n);
  });

describe('the demo company', () => {
  it('is a realistic company: two sites, five areas, three kiosks and their doors, user types and two hundred people', async () => {
    expect(logins).not.toBeNull();
    const [demo] = await db.db.select().from(entities).where(eq(entities.subdomain, 'demo'));
    expect(demo).toBeDefined();
    const id = demo!.id;
    expect(await total('sites', id)).toBeGreaterThanOrEqual(2);
    expect(await total('areas', id)).toBeGreaterThanOrEqual(5);
    expect(await total('user_types', id)).toBeGreaterThanOrEqual(4);
    expect(await total('kiosks', id)).toBeGreaterThanOrEqual(3);
    expect(await total('doors', id)).toBeGreaterThanOrEqual(3);
    expect(DEMO_PEOPLE_COUNT).toBeGreaterThanOrEqual(200);
    expect(await total('people', id)).toBeGreaterThanOrEqual(DEMO_PEOPLE_COUNT);
    // Everyone has at least one site and one user type (both required on people).
    const everyone = await total('people', id);
    const withSite = await withTenant(
      db.db,
      id,
      async (tx) => (await tx.selectDistinct({ p: personSites.personId }).from(personSites)).length,
    );
    const withType = await withTenant(
      db.db,
      id,
      async (tx) => (await tx.selectDistinct({ p: personUserTypes.personId }).from(personUserTypes)).length,
    );
    expect(withSite).toBe(everyone);
    expect(withType).toBe(everyone);
  });

  it('seeds nothing when the database already holds a company', async () => {
    expect(await seedDemoIfEmpty(db.db, ctx.app.log)).toBeNull();
  });

  it('lets the printed admin sign in', async () => {
    const { client } = await signIn(ctx.app, logins!.admin.email, logins!.admin.password);
    expect((await client.get('/auth/me')).statusCode).toBe(200);
  });

  it('shows the printed admin its people on the users list', async () => {
    const { client } = await signIn(ctx.app, logins!.admin.email, logins!.admin.password);
    const res = await client.get('/people?limit=50&sortField=name');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ data: { sites: unknown[]; user_types: unknown[] }[]; count: number }>();
    expect(page.count).toBeGreaterThanOrEqual(DEMO_PEOPLE_COUNT);
    expect(page.data).toHaveLength(50);
    expect(page.data.every((p) => p.sites.length > 0 && p.user_types.length > 0)).toBe(true);
  });
});
