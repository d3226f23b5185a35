import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { areas, auditLog, memberships, people as peopleTable, personSites, sites } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, type TestClient } from './helpers/http-client';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const location = { latitude: 25.2048, longitude: 55.2708, radius: 150, location_name: 'Dubai HQ', zoom: 16 };

async function adminOf() {
  const company = await createCompany(ctx.db.db);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  return { ...company, client };
}

async function addSite(client: TestClient, name: string, withLocation = true) {
  const res = await client.post('/sites', { name, location: withLocation ? location : null });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; name: string }>();
}

async function addArea(client: TestClient, siteId: string, name: string, extra: Record<string, unknown> = {}) {
  const res = await client.post('/areas', { site_id: siteId, name, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; site_id: string; name: string; login_mode: string; status: boolean }>();
}

describe('sites', () => {
  it('adds, shows, changes and deletes a site with its location, writing audit rows', async () => {
    const { client, entity } = await adminOf();
    const site = await addSite(client, 'Head Office');
    expect((await client.get(`/sites/${site.id}`)).json()).toMatchObject({
      name: 'Head Office',
      location,
      area_count: 0,
    });
    const changed = await client.put(`/sites/${site.id}`, { name: 'Head Office East', location: null });
    expect(changed.json()).toMatchObject({ name: 'Head Office East', location: null });
    expect((await client.delete(`/sites/${site.id}`)).statusCode).toBe(204);
    expect((await client.get(`/sites/${site.id}`)).statusCode).toBe(404);
    const actions = (
      await ctx.db.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, entity.id))
    ).map((r) => r.a);
    expect(actions).toEqual(expect.arrayContaining(['site.create', 'site.update', 'site.delete']));
  });

  it('refuses a duplicate name (any case) and bad locations, naming the field', async () => {
    const { client } = await adminOf();
    await addSite(client, 'Warehouse');
    const dup = await client.post('/sites', { name: 'WAREHOUSE' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.name[0]).toBe('A site with this name already exists.');
    const bad = await client.post('/sites', { name: 'Far away', location: { ...location, latitude: 123 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('location.latitude');
    expect((await client.post('/sites', { name: 'x' })).statusCode).toBe(400);
  });

  it('pages, sorts and searches the list (default limit 10)', async () => {
    const { client } = await adminOf();
    for (let i = 1; i <= 12; i++) await addSite(client, `Site ${String(i).padStart(2, '0')}`, false);
    const first = (await client.get('/sites')).json();
    expect(first.count).toBe(12);
    expect(first.data).toHaveLength(10);
    expect(first.data[0].name).toBe('Site 01');
    const desc = (await client.get('/sites?sortField=name&orderBy=desc&limit=3&page=2')).json();
    expect(desc.data.map((s: { name: string }) => s.name)).toEqual(['Site 09', 'Site 08', 'Site 07']);
    const found = (await client.get('/sites?search=site 1')).json();
    expect(found.count).toBe(3);
    expect(found.data.map((s: { name: string }) => s.name)).toEqual(['Site 10', 'Site 11', 'Site 12']);
    // Past the last page: no rows, and still the count.
    expect((await client.get('/sites?page=5')).json()).toEqual({ data: [], count: 12 });
    const byAreas = (await client.get('/sites?sortField=area_count&orderBy=desc&limit=2&page=2')).json();
    expect(byAreas.count).toBe(12);
    expect(byAreas.data).toHaveLength(2);
    expect((await client.get('/sites?sortField=password')).statusCode).toBe(400);
  });
});

describe('areas', () => {
  it('adds areas to a site, shows them in the tree, changes, moves and deletes them', async () => {
    const { client } = await adminOf();
    const hq = await addSite(client, 'HQ');
    const depot = await addSite(client, 'Depot');
    const lobby = await addArea(client, hq.id, 'Lobby');
    expect(lobby).toMatchObject({ login_mode: 'signIn_signOut', status: true });
    const gate = await addArea(client, hq.id, 'Gate', { login_mode: 'checkIn_only' });
    const tree = (await client.get('/sites/tree')).json();
    const hqNode = tree.find((n: { value: string }) => n.value === hq.id);
    expect(hqNode.text).toBe('HQ');
    expect(hqNode.children.map((c: { text: string }) => c.text)).toEqual(['Gate', 'Lobby']);
    expect((await client.get(`/sites/${hq.id}`)).json().area_count).toBe(2);

    const dup = await client.post('/areas', { site_id: hq.id, name: 'lobby' });
    expect(dup.statusCode).toBe(409);
    expect(
      (
        await client.put(`/areas/${gate.id}`, { name: 'Main gate', login_mode: 'signIn_signOut', status: false })
      ).json(),
    ).toMatchObject({
      name: 'Main gate',
      status: false,
    });
    const same = await client.put(`/areas/${lobby.id}/site`, { site_id: hq.id });
    expect(same.statusCode).toBe(422);
    const moved = await client.put(`/areas/${lobby.id}/site`, { site_id: depot.id });
    expect(moved.json().site_id).toBe(depot.id);
    expect((await client.delete(`/areas/${lobby.id}`)).statusCode).toBe(204);
    expect((await client.get(`/areas/${lobby.id}`)).statusCode).toBe(404);
    // Deleting a site takes its remaining areas with it.
    expect((await client.delete(`/sites/${hq.id}`)).statusCode).toBe(204);
    expect((await client.get(`/areas/${gate.id}`)).statusCode).toBe(404);
  });

  it('refuses an unknown login mode', async () => {
    const { client } = await adminOf();
    const site = await addSite(client, 'Plant');
    const res = await client.post('/areas', { site_id: site.id, name: 'Dock', login_mode: 'sometimes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.login_mode).toBeDefined();
  });
});

describe('admins with assigned sites', () => {
  it('see and act only on their sites, and keep the sites they create', async () => {
    const { client, entity, people } = await adminOf();
    const north = await addSite(client, 'North');
    const south = await addSite(client, 'South');
    const southArea = await addArea(client, south.id, 'South lobby');
    const { client: limited } = await signIn(ctx.app, people.system_admin.email, PASSWORD);
    await withTenant(ctx.db.db, entity.id, async (tx) => {
      await tx
        .update(memberships)
        .set({ siteScope: 'assigned' })
        .where(eq(memberships.id, people.system_admin.membershipId));
      const [person] = await tx
        .select({ id: peopleTable.id })
        .from(peopleTable)
        .where(eq(peopleTable.membershipId, people.system_admin.membershipId));
      await tx.insert(personSites).values({ entityId: entity.id, personId: person!.id, siteId: north.id });
    });
    const list = (await limited.get('/sites')).json();
    expect(list.data.map((s: { id: string }) => s.id)).toEqual([north.id]);
    expect((await limited.get('/sites/tree')).json().map((n: { value: string }) => n.value)).toEqual([north.id]);
    expect((await limited.get(`/sites/${south.id}`)).statusCode).toBe(404);
    expect((await limited.put(`/sites/${south.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await limited.get(`/areas/${southArea.id}`)).statusCode).toBe(404);
    expect((await limited.post('/areas', { site_id: south.id, name: 'Sneaky' })).statusCode).toBe(404);
    const own = await addSite(limited, 'West');
    expect((await limited.get('/sites')).json().count).toBe(2);
    expect((await limited.get(`/sites/${own.id}`)).statusCode).toBe(200);
    // The owner still sees everything.
    expect((await client.get('/sites')).json().count).toBe(3);
  });
});

describe('another company can neither read nor change sites and areas', () => {
  it('answers 404 for another company’s site and area ids and changes nothing', async () => {
    const a = await adminOf();
    const b = await adminOf();
    const site = await addSite(b.client, 'B site');
    const area = await addArea(b.client, site.id, 'B area');
    const mine = await addSite(a.client, 'A site');
    expect((await a.client.get(`/sites/${site.id}`)).statusCode).toBe(404);
    expect((await a.client.put(`/sites/${site.id}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await a.client.delete(`/sites/${site.id}`)).statusCode).toBe(404);
    expect((await a.client.get(`/areas/${area.id}`)).statusCode).toBe(404);
    expect((await a.client.put(`/areas/${area.id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await a.client.put(`/areas/${area.id}/site`, { site_id: mine.id })).statusCode).toBe(404);
    expect((await a.client.delete(`/areas/${area.id}`)).statusCode).toBe(404);
    expect((await a.client.post('/areas', { site_id: site.id, name: 'Inside B' })).statusCode).toBe(404);
    const myArea = await addArea(a.client, mine.id, 'A area');
    expect((await a.client.put(`/areas/${myArea.id}/site`, { site_id: site.id })).statusCode).toBe(404);
    expect((await a.client.get('/sites')).json().data.map((s: { name: string }) => s.name)).toEqual(['A site']);
    const [row] = await ctx.db.db.select().from(sites).where(eq(sites.id, site.id));
    expect(row!.name).toBe('B site');
    const [areaRow] = await ctx.db.db
      .select()
      .from(areas)
      .where(and(eq(areas.id, area.id)));
    expect(areaRow!.siteId).toBe(site.id);
  });

  it('holds under row-level security with no filter in the query', async () => {
    const a = await adminOf();
    const b = await adminOf();
    await addSite(a.client, 'Only A');
    await addSite(b.client, 'Only B');
    const seen = await withTenant(ctx.db.db, a.entity.id, (tx) => tx.select({ name: sites.name }).from(sites));
    expect(seen.map((s) => s.name)).toEqual(['Only A']);
  });
});
