import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { openDatabase, type Database } from '../src/db/client';
import { seedDemoIfEmpty } from '../src/seed/demo/demo';
import { DEMO_JOURNEYS } from '../src/seed/demo/demo-journeys';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, type TestClient } from './helpers/http-client';
import { createPglite } from '../src/db/pglite';

// The demo seed runs only on an empty database, so this file has its own embedded one.
let db: Database;
let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  const testDb = inject('testDb');
  const pglite =
    testDb.kind === 'pglite'
      ? await createPglite(undefined, { loadDataDir: new Blob([readFileSync(testDb.dumpPath)]) })
      : await createPglite();
  db = await openDatabase({ pglite });
  if (testDb.kind !== 'pglite') await db.migrate();
  ctx = await createTestApp({}, { db });
  const logins = await seedDemoIfEmpty(db.db, ctx.app.log);
  admin = (await signIn(ctx.app, logins!.admin.email, logins!.admin.password)).client;
}, 180_000);
afterAll(() => ctx.close());

type Flow = {
  user_type: { name: string };
  inputs: string[];
  checks: Record<string, boolean | number>;
  hosts: unknown[];
  compliances: { name: string }[];
  attendance_modes: { name: string }[];
};

describe('the demo journeys', () => {
  it('describe how a visitor, a contractor and a member of staff get in, as the API reads them', async () => {
    const list = (await admin.get('/journeys?limit=50')).json();
    expect(list.data.map((j: { name: string }) => j.name).sort()).toEqual(DEMO_JOURNEYS.map((j) => j.name).sort());
    const byName = new Map<string, { id: string; kiosk_count: number; touch_mode: boolean }>(
      list.data.map((j: { name: string }) => [j.name, j]),
    );
    const flows = async (name: string) =>
      (await admin.get(`/journeys/${byName.get(name)!.id}/flows`)).json().data as Flow[];

    const visitor = (await flows('Visitor entry')).find((f) => f.user_type.name === 'Visitors')!;
    expect(visitor.inputs).toEqual(['qr_code', 'name_search']);
    expect(visitor.checks).toMatchObject({
      temperature_check: true,
      host: true,
      print_badge: true,
      print_badge_host: true,
      print_badge_journey_company_logo: true,
    });
    expect(visitor.hosts.length).toBeGreaterThan(0);
    expect(byName.get('Visitor entry')!.kiosk_count).toBe(2);

    const contractor = (await flows('Contractor induction'))[0]!;
    expect(contractor.user_type.name).toBe('Contractors');
    expect(contractor.checks.temperature_threshold).toBe(37.5);
    expect(byName.get('Contractor induction')!.kiosk_count).toBe(1);

    const staff = await flows('Staff attendance');
    expect(staff.map((f) => f.user_type.name)).toEqual(['Interns', 'Staff']);
    expect(staff.every((f) => f.inputs.includes('rfid') && f.inputs.includes('face'))).toBe(true);
    expect(byName.get('Staff attendance')!.touch_mode).toBe(false);
    // Whatever the compliance and attendance seeds hold, what is linked is theirs and real.
    const check = await admin.get(`/journeys/${byName.get('Staff attendance')!.id}/touch-mode/disable-confirmation`);
    expect(check.json().can_disable).toBe(true);
  });
});
