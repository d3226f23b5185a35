import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { openDatabase, withTenant, type Database } from '../src/db/client';
import { badgePrints, entities, visitHosts, visits } from '../src/db/schema/index';
import { seedDemoIfEmpty } from '../src/seed/demo/demo';
import { DEMO_VISIT_DAYS } from '../src/seed/demo/demo-visits';
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
  // A fresh embedded database migrated and seeded with the demo's year of visits.
}, 180_000);
afterAll(() => ctx.close());

describe("the demo company's visits", () => {
  it('has a year of visits: staff, visitors with hosts, contractors checking in, people on site and expected today', async () => {
    const [demo] = await db.db.select().from(entities).where(eq(entities.subdomain, 'demo'));
    const rows = await withTenant(db.db, demo!.id, (tx) =>
      tx.select().from(visits).where(eq(visits.entityId, demo!.id)),
    );
    const hosts = await withTenant(db.db, demo!.id, (tx) =>
      tx.select().from(visitHosts).where(eq(visitHosts.entityId, demo!.id)),
    );
    const prints = await withTenant(db.db, demo!.id, (tx) =>
      tx.select().from(badgePrints).where(eq(badgePrints.entityId, demo!.id)),
    );
    expect(rows.length).toBeGreaterThan(3000);
    const states = new Set(rows.map((r) => r.state));
    for (const state of ['left', 'on_site', 'checked_in', 'expected']) expect(states).toContain(state);
    expect(new Set(rows.map((r) => r.lateReasonId).filter(Boolean)).size).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r.earlyReasonId).filter(Boolean)).size).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r.siteId)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((r) => r.areaId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.userTypeId)).size).toBeGreaterThanOrEqual(4);
    expect(hosts.length).toBeGreaterThan(300);
    const signedIn = rows.flatMap((r) => (r.signedInAt ? [r.signedInAt.getTime()] : []));
    const DAY = 24 * 60 * 60 * 1000;
    expect(Date.now() - Math.min(...signedIn)).toBeGreaterThan((DEMO_VISIT_DAYS - 3) * DAY);
    expect(Date.now() - Math.min(...signedIn)).toBeLessThan((DEMO_VISIT_DAYS + 1) * DAY);
    // Every month has visits, and some visits go on past midnight.
    const months = new Set(signedIn.map((t) => new Date(t).toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
    expect(
      rows.some(
        (r) =>
          r.signedInAt &&
          r.signedOutAt &&
          r.signedOutAt.getTime() - r.signedInAt.getTime() > 4 * 3600_000 &&
          r.signedOutAt.getUTCDate() !== r.signedInAt.getUTCDate(),
      ),
    ).toBe(true);
    // Badges printed, cancelled and still queued, each of an arrived visit of the company.
    expect(new Set(prints.map((p) => p.status))).toEqual(new Set(['printed', 'cancelled', 'queued']));
    const arrived = new Set(rows.filter((r) => r.signedInAt).map((r) => r.id));
    expect(
      prints.every((p) => arrived.has(p.visitId) && (p.badge as { visit_id: string }).visit_id === p.visitId),
    ).toBe(true);
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
    const list = await client.get(`/visits?from=${day(-365)}&to=${day(1)}`);
    expect(list.json<{ count: number }>().count).toBe(rows.length);
  });
});
