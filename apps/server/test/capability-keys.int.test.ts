// Values that arrive without their company (decision 055): unique per company in the tenant tables,
// across companies through capability_keys, kept in step by triggers. A company meets the same answers
// as before: another company's kiosk MAC address is "already registered", as its own is; and after a
// whole company's worth of writes through the API, capability_keys holds exactly its values.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { CAPABILITY_KINDS } from '../src/db/schema/capability-keys';
import { fullWorld, type FullWorld } from './helpers/full-world';
import { signIn, TestClient } from './helpers/http-client';
import { randomMac } from './helpers/kiosk-pairing';
import { createTestApp, type TestContext } from './helpers/test-app';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
let world: FullWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  world = await fullWorld(ctx.app, ctx.db.db);
}, 120_000);
afterAll(() => ctx.close());

async function adminWithArea() {
  const company = await createCompany(ctx.db.db);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  const site = await client.post('/sites', { name: 'HQ' });
  expect(site.statusCode, site.body).toBe(201);
  const area = await client.post('/areas', { site_id: site.json().id, name: 'Lobby' });
  expect(area.statusCode, area.body).toBe(201);
  return { client, areaId: area.json().id as string };
}

async function codeFor(mac: string) {
  const res = await new TestClient(ctx.app).post('/public/kiosk-pairings', { mac_address: mac, app_version: '3.1.0' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ code: string }>().code;
}

describe('a kiosk MAC address', () => {
  it('registered in one company is refused in another with the answer the company itself gets', async () => {
    const a = await adminWithArea();
    const b = await adminWithArea();
    const mac = randomMac();
    const first = await a.client.post('/kiosks', { code: await codeFor(mac), name: 'First', area_id: a.areaId });
    expect(first.statusCode, first.body).toBe(201);

    const own = await a.client.post('/kiosks', { code: await codeFor(mac), name: 'Again', area_id: a.areaId });
    const other = await b.client.post('/kiosks', {
      code: await codeFor(mac.toUpperCase()),
      name: 'Theirs',
      area_id: b.areaId,
    });
    expect(own.statusCode).toBe(409);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual(own.json());
    expect(other.json().fields.code[0]).toMatch(/already registered/);

    // Deregistered, the address is free for the other company.
    expect((await a.client.delete(`/kiosks/${first.json().id}`)).statusCode).toBe(204);
    const moved = await b.client.post('/kiosks', { code: await codeFor(mac), name: 'Moved', area_id: b.areaId });
    expect(moved.statusCode, moved.body).toBe(201);
  });
});

describe('capability_keys', () => {
  it('holds exactly the values of a company’s rows after a full world of writes', async () => {
    const held = new Map<string, number>();
    for (const kind of CAPABILITY_KINDS) {
      const [table, column] = kind.split('.') as [string, string];
      const value = kind === 'kiosks.mac_address' ? sql`lower(t.mac_address)` : sql.raw(`t.${column}`);
      const [diff] = rowsOf<{ missing: number; extra: number; held: number }>(
        await ctx.db.db.execute(sql`
          with rows as (
            select ${value} as value, t.entity_id, t.id from ${sql.identifier(table)} t
             where t.entity_id = ${world.entity.id} and ${sql.raw(`t.${column}`)} is not null),
          keys as (
            select value, entity_id, row_id as id from capability_keys where kind = ${kind} and entity_id = ${world.entity.id})
          select (select count(*) from (select * from rows except select * from keys) x)::int as missing,
                 (select count(*) from (select * from keys except select * from rows) x)::int as extra,
                 (select count(*) from keys)::int as held`),
      );
      expect({ kind, missing: diff!.missing, extra: diff!.extra }).toEqual({ kind, missing: 0, extra: 0 });
      held.set(kind, diff!.held);
    }
    // The proof covers what the world writes: its people, user types, kiosks and visit links at least.
    for (const kind of [
      'people.qr_code',
      'user_types.qr_code',
      'kiosks.device_token_hash',
      'visits.link_token',
    ] as const) {
      expect(held.get(kind), kind).toBeGreaterThan(0);
    }
  });
});
