import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, doors } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, TestClient } from './helpers/http-client';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type DoorBody = { id: string; area_id: string; name: string; kiosk: { id: string; name: string } | null };

const randomMac = () => ['02', ...[...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0'))].join(':');

async function companyWithPlace() {
  const company = await createCompany(ctx.db.db);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  const site = (await client.post('/sites', { name: 'HQ' })).json<{ id: string }>();
  const lobby = (await client.post('/areas', { site_id: site.id, name: 'Lobby' })).json<{ id: string }>();
  const dock = (await client.post('/areas', { site_id: site.id, name: 'Dock' })).json<{ id: string }>();
  return { ...company, client, site, lobby, dock };
}

/** A kiosk paired through its code and added to an area, as the dashboard does it. */
async function addKiosk(client: TestClient, areaId: string, name: string) {
  const device = new TestClient(ctx.app);
  const pairing = await device.post('/public/kiosk-pairings', { mac_address: randomMac(), app_version: '3.1.0' });
  const res = await client.post('/kiosks', { code: pairing.json().code, name, area_id: areaId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; name: string }>();
}

describe('doors', () => {
  it('adds a door to an area with the kiosk that opens it, lists it in the tree, renames and removes it', async () => {
    const { client, lobby, entity } = await companyWithPlace();
    const kiosk = await addKiosk(client, lobby.id, 'Lobby tablet');
    const res = await client.post('/doors', { area_id: lobby.id, name: 'Main door', kiosk_id: kiosk.id });
    expect(res.statusCode, res.body).toBe(201);
    const door = res.json<DoorBody>();
    expect(door).toMatchObject({ area_id: lobby.id, name: 'Main door', kiosk: { id: kiosk.id, name: 'Lobby tablet' } });

    const tree = (await client.get('/sites/tree')).json<{ children: { value: string; doors: unknown[] }[] }[]>();
    const lobbyNode = tree[0]!.children.find((a) => a.value === lobby.id)!;
    expect(lobbyNode.doors).toEqual([{ id: door.id, name: 'Main door', kiosk_id: kiosk.id }]);
    expect((await client.get(`/doors?area_id=${lobby.id}`)).json()).toHaveLength(1);

    const renamed = await client.put(`/doors/${door.id}`, { name: 'Front door', kiosk_id: null });
    expect(renamed.json()).toMatchObject({ name: 'Front door', kiosk: null });
    expect((await client.delete(`/doors/${door.id}`)).statusCode).toBe(204);
    expect((await client.get(`/doors/${door.id}`)).statusCode).toBe(404);
    const actions = (
      await ctx.db.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, entity.id))
    ).map((r) => r.a);
    expect(actions).toEqual(expect.arrayContaining(['door.create', 'door.update', 'door.delete']));
  });

  it('keeps names unique per area, wants the opener in the same area and names the field', async () => {
    const { client, lobby, dock } = await companyWithPlace();
    await client.post('/doors', { area_id: lobby.id, name: 'Main door' });
    const dup = await client.post('/doors', { area_id: lobby.id, name: 'MAIN DOOR' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.name[0]).toBe('This area already has a door with this name.');
    // The same name in another area is another door.
    expect((await client.post('/doors', { area_id: dock.id, name: 'Main door' })).statusCode).toBe(201);

    const dockKiosk = await addKiosk(client, dock.id, 'Dock tablet');
    const wrong = await client.post('/doors', { area_id: lobby.id, name: 'Side door', kiosk_id: dockKiosk.id });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().fields)).toEqual(['kiosk_id']);
    const empty = await client.post('/doors', { area_id: lobby.id, name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields)).toContain('name');
    expect((await client.post('/doors', { area_id: 'not-an-id', name: 'x' })).statusCode).toBe(400);
  });

  it('refuses to delete an area or a site that still has doors, and lets a kiosk move or go without losing them', async () => {
    const { client, site, lobby, dock } = await companyWithPlace();
    const kiosk = await addKiosk(client, lobby.id, 'Lobby tablet');
    const door = (
      await client.post('/doors', { area_id: lobby.id, name: 'Main door', kiosk_id: kiosk.id })
    ).json<DoorBody>();

    // Moving the kiosk away leaves the door, which no kiosk opens now.
    expect((await client.put(`/kiosks/${kiosk.id}/area`, { area_id: dock.id })).statusCode).toBe(200);
    expect((await client.get(`/doors/${door.id}`)).json()).toMatchObject({ kiosk: null });

    await client.put(`/kiosks/${kiosk.id}/area`, { area_id: lobby.id });
    await client.put(`/doors/${door.id}`, { name: 'Main door', kiosk_id: kiosk.id });
    // Deregistering the kiosk keeps the door too.
    expect((await client.delete(`/kiosks/${kiosk.id}`)).statusCode).toBe(204);
    expect((await client.get(`/doors/${door.id}`)).json()).toMatchObject({ name: 'Main door', kiosk: null });

    const areaDelete = await client.delete(`/areas/${lobby.id}`);
    expect(areaDelete.statusCode).toBe(409);
    expect(areaDelete.json().message).toBe('This area still has 1 door. Remove it first.');
    const siteDelete = await client.delete(`/sites/${site.id}`);
    expect(siteDelete.statusCode).toBe(409);
    expect(siteDelete.json().message).toBe('This site still has 1 door. Remove it first.');

    await client.delete(`/doors/${door.id}`);
    expect((await client.delete(`/areas/${lobby.id}`)).statusCode).toBe(204);
  });

  it('answers 404 for another company’s door and area, and changes nothing', async () => {
    const a = await companyWithPlace();
    const b = await companyWithPlace();
    const door = (await a.client.post('/doors', { area_id: a.lobby.id, name: 'Main door' })).json<DoorBody>();

    expect((await b.client.get(`/doors/${door.id}`)).statusCode).toBe(404);
    expect((await b.client.put(`/doors/${door.id}`, { name: 'Taken over', kiosk_id: null })).statusCode).toBe(404);
    expect((await b.client.delete(`/doors/${door.id}`)).statusCode).toBe(404);
    expect((await b.client.post('/doors', { area_id: a.lobby.id, name: 'Sneaky' })).statusCode).toBe(404);
    expect(await b.client.get(`/doors?area_id=${a.lobby.id}`).then((r) => r.json())).toEqual([]);
    const bKiosk = await addKiosk(b.client, b.lobby.id, 'B tablet');
    expect((await a.client.put(`/doors/${door.id}`, { name: 'Main door', kiosk_id: bKiosk.id })).statusCode).toBe(422);

    const [row] = await ctx.db.db.select().from(doors).where(eq(doors.id, door.id));
    expect(row).toMatchObject({ name: 'Main door', kioskId: null, entityId: a.entity.id });
  });
});
