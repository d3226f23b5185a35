import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { openDatabase, withTenant, type Database } from '../src/db/client';
import { entities, visitHosts, visits } from '../src/db/schema/index';
import { seedDemoIfEmpty } from '../src/db/seed/demo';
import { signIn } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { createPglite } from '../src/db/pglite';

// The demo seed runs only on an empty database, so this file has its own embedded one.
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

describe("the demo company's visits", () => {
  it('has 30 days of visits: staff, visitors with hosts, contractors checking in, people on site and expected today', async () => {
    const [demo] = await db.db.select().from(entities).where(eq(entities.subdomain, 'demo'));
    const rows = await withTenant(db.db, demo!.id, (tx) =>
      tx.select().from(visits).where(eq(visits.entityId, demo!.id)),
    );
    const hosts = await withTenant(db.db, demo!.id, (tx) =>
      tx.select().from(visitHosts).where(eq(visitHosts.entityId, demo!.id)),
    );
    expect(rows.length).toBeGreaterThan(300);
    const states = new Set(rows.map((r) => r.state));
    for (const state of ['left', 'on_site', 'checked_in', 'expected']) expect(states).toContain(state);
    expect(rows.some((r) => r.lateReasonId)).toBe(true);
    expect(rows.some((r) => r.earlyReasonId)).toBe(true);
    expect(hosts.length).toBeGreaterThan(20);
    const oldest = Math.min(...rows.flatMap((r) => (r.signedInAt ? [r.signedInAt.getTime()] : [])));
    expect(Date.now() - oldest).toBeGreaterThan(25 * 24 * 60 * 60 * 1000);
    // Nobody is on site twice, and nobody left before arriving.
    const onSite = rows.filter((r) => r.state === 'on_site').map((r) => r.personId);
    expect(new Set(onSite).size).toBe(onSite.length);
    expect(rows.every((r) => !r.signedOutAt || (r.signedInAt && r.signedOutAt >= r.signedInAt))).toBe(true);
    expect(rows.every((r) => r.state === 'expected' || (r.signedInAt && r.signedInAt.getTime() <= Date.now()))).toBe(
      true,
    );

    const { client } = await signIn(ctx.app, logins!.admin.email, logins!.admin.password);
    const dashboard = await client.get('/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json<{ totals: { daily: { on_site: number } } }>().totals.daily.on_site).toBe(onSite.length);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const list = await client.get(`/visits?from=${day(-40)}&to=${day(2)}`);
    expect(list.json<{ count: number }>().count).toBe(rows.length);
  });
});
