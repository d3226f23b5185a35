import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PAIRING_CODE_ALPHABET } from '@app/shared/kiosks/schemas';
import { withTenant } from '../src/db/client';
import {
  auditLog,
  kioskPairings,
  kiosks,
  memberships,
  people as peopleTable,
  personSites,
} from '../src/db/schema/index';
import { seedDemoKiosks } from '../src/seed/demo/demo-kiosks';
import { sha256 } from '../src/lib/tokens';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, TestClient } from './helpers/http-client';
import { createCompany, PASSWORD } from './helpers/world';
import { collect, joinRoom, listen, openSocket, waitFor } from './helpers/sockets';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type KioskBody = {
  id: string;
  name: string;
  mac_address: string;
  app_version: string | null;
  area_id: string;
  area_name: string;
  site_id: string;
  site_name: string;
  journey_id: string | null;
  settings: Record<string, unknown>;
  online: boolean;
  last_seen_at: string | null;
};

const CODE = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{6}$`);
const SECRET_HEADER = 'x-kiosk-pairing-secret';
const randomMac = () => ['02', ...[...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0'))].join(':');

async function adminOf(opts: Parameters<typeof createCompany>[1] = {}) {
  const company = await createCompany(ctx.db.db, opts);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  return { ...company, client };
}

async function addSite(client: TestClient, name: string) {
  const res = await client.post('/sites', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; name: string }>();
}

async function addArea(client: TestClient, siteId: string, name: string) {
  const res = await client.post('/areas', { site_id: siteId, name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; name: string }>();
}

/** A site with two areas. */
async function placeOf(client: TestClient, siteName = 'HQ') {
  const site = await addSite(client, siteName);
  const lobby = await addArea(client, site.id, 'Lobby');
  const dock = await addArea(client, site.id, 'Dock');
  return { site, lobby, dock };
}

/** What a kiosk does first: ask for a code to show. */
async function requestCode(mac = randomMac(), appVersion: string | null = '3.1.0') {
  const device = new TestClient(ctx.app);
  const res = await device.post('/public/kiosk-pairings', { mac_address: mac, app_version: appVersion });
  expect(res.statusCode, res.body).toBe(201);
  return { device, mac, ...res.json<{ code: string; secret: string; expires_at: string }>() };
}

const statusOf = (device: TestClient, secret: string) =>
  device.get('/public/kiosk-pairings/status', { [SECRET_HEADER]: secret });

const beat = (token: string | null, body: Record<string, unknown> = {}) =>
  new TestClient(ctx.app).post('/kiosk-device/heartbeat', body, token ? { authorization: `Bearer ${token}` } : {});

/** Pairs a new kiosk and adds it to an area; the kiosk collects its token. */
async function pairKiosk(client: TestClient, areaId: string, name: string, mac?: string) {
  const pairing = await requestCode(mac);
  const res = await client.post('/kiosks', { code: pairing.code, name, area_id: areaId });
  expect(res.statusCode, res.body).toBe(201);
  const status = (await statusOf(pairing.device, pairing.secret)).json();
  expect(status.status).toBe('registered');
  return { kiosk: res.json<KioskBody>(), token: status.device_token as string, mac: pairing.mac };
}

const auditActions = async (entityId: string) =>
  (await ctx.db.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, entityId))).map(
    (r) => r.a,
  );

describe('pairing a kiosk', () => {
  it('shows a code, is added by an admin, collects its device token once and beats', async () => {
    const { client, entity } = await adminOf();
    const { site, lobby } = await placeOf(client);
    const pairing = await requestCode('AA-BB-CC-00-11-F2', '3.1.0');
    expect(pairing.code).toMatch(CODE);
    const ttl = new Date(pairing.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);

    const waiting = await statusOf(pairing.device, pairing.secret);
    expect(waiting.json()).toEqual({ status: 'waiting', code: pairing.code, expires_at: pairing.expires_at });
    expect((await statusOf(pairing.device, 'not-the-secret')).statusCode).toBe(404);
    expect((await pairing.device.get('/public/kiosk-pairings/status')).statusCode).toBe(400);

    // The admin types the code as read, in lower case with a space.
    const typed = `${pairing.code.slice(0, 3).toLowerCase()} ${pairing.code.slice(3)}`;
    const added = await client.post('/kiosks', { code: typed, name: 'Front kiosk', area_id: lobby.id });
    expect(added.statusCode, added.body).toBe(201);
    const kiosk = added.json<KioskBody>();
    expect(kiosk).toMatchObject({
      name: 'Front kiosk',
      mac_address: 'aa:bb:cc:00:11:f2',
      app_version: '3.1.0',
      area_id: lobby.id,
      area_name: 'Lobby',
      site_id: site.id,
      site_name: 'HQ',
      journey_id: null,
      online: false,
      last_seen_at: null,
      settings: {
        sign_mode: 'sign_in_sign_out',
        fire_alarm: false,
        door_relay: 0,
        brightness: 80,
        volume: 50,
        date_format: 'yyyy-MM-dd',
        temperature_unit: 'C',
        default_temperature: 36,
        offline_hours: 24,
        language: 'en',
      },
    });

    // The token is handed over once; the database keeps only its hash.
    const first = (await statusOf(pairing.device, pairing.secret)).json();
    expect(first).toMatchObject({
      status: 'registered',
      registration: {
        kiosk_id: kiosk.id,
        name: 'Front kiosk',
        company_name: entity.name,
        site_name: 'HQ',
        area_name: 'Lobby',
      },
    });
    const token = first.device_token as string;
    expect(token.length).toBeGreaterThan(30);
    const again = (await statusOf(pairing.device, pairing.secret)).json();
    expect(again.status).toBe('registered');
    expect(again.device_token).toBeNull();
    const [pairingRow] = await ctx.db.db.select().from(kioskPairings).where(eq(kioskPairings.code, pairing.code));
    expect(pairingRow!.pendingDeviceToken).toBeNull();
    const [row] = await ctx.db.db.select().from(kiosks).where(eq(kiosks.id, kiosk.id));
    expect(row!.deviceTokenHash).toBe(sha256(token));
    // Collecting the token is its first sign of life.
    expect((await client.get(`/kiosks/${kiosk.id}`)).json().online).toBe(true);

    // A code is claimed once, by this company or any other.
    const twice = await client.post('/kiosks', { code: pairing.code, name: 'Again', area_id: lobby.id });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().fields.code[0]).toBe('This code has already been used to add a kiosk.');
    const other = await adminOf();
    const otherArea = (await placeOf(other.client, 'Other')).lobby;
    expect(
      (await other.client.post('/kiosks', { code: pairing.code, name: 'Mine', area_id: otherArea.id })).statusCode,
    ).toBe(422);

    // Heartbeats keep it online and report the app version; two minutes of silence is offline.
    const beatRes = await beat(token, { app_version: '3.2.0' });
    expect(beatRes.statusCode, beatRes.body).toBe(200);
    expect(beatRes.json()).toMatchObject({
      registration: { name: 'Front kiosk', area_name: 'Lobby', company_name: entity.name },
      settings: { door_relay: 0, default_temperature: 36 },
    });
    expect((await client.get(`/kiosks/${kiosk.id}`)).json()).toMatchObject({ online: true, app_version: '3.2.0' });
    await withTenant(ctx.db.db, entity.id, (tx) =>
      tx
        .update(kiosks)
        .set({ lastSeenAt: new Date(Date.now() - 2 * 60_000 - 5_000) })
        .where(eq(kiosks.id, kiosk.id)),
    );
    expect((await client.get(`/kiosks/${kiosk.id}`)).json().online).toBe(false);
    expect((await client.get('/kiosks?status=offline')).json().data.map((k: KioskBody) => k.id)).toEqual([kiosk.id]);
    expect((await client.get('/kiosks?status=online')).json().count).toBe(0);
    expect((await beat(token)).statusCode).toBe(200);
    expect((await client.get('/kiosks?status=online')).json().data.map((k: KioskBody) => k.id)).toEqual([kiosk.id]);

    // A token that is not a kiosk's is refused, with the kiosk's own message.
    const bad = await beat('not-a-device-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('This kiosk is not registered. Register it again.');
    expect((await beat(null)).statusCode).toBe(401);
    expect(await auditActions(entity.id)).toContain('kiosk.create');
  });

  it('refuses an expired code with a clear message; the kiosk can ask for a new one', async () => {
    const { client } = await adminOf();
    const { lobby } = await placeOf(client);
    const pairing = await requestCode();
    await ctx.db.db
      .update(kioskPairings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(kioskPairings.code, pairing.code));
    expect((await statusOf(pairing.device, pairing.secret)).json()).toEqual({ status: 'expired' });
    const late = await client.post('/kiosks', { code: pairing.code, name: 'Late', area_id: lobby.id });
    expect(late.statusCode).toBe(422);
    expect(late.json().fields.code[0]).toBe('This code has expired. Ask for a new code on the kiosk’s screen.');

    const fresh = await requestCode(pairing.mac);
    expect(fresh.code).not.toBe(pairing.code);
    expect((await client.post('/kiosks', { code: fresh.code, name: 'On time', area_id: lobby.id })).statusCode).toBe(
      201,
    );
  });

  it('refuses unknown and malformed codes, and a MAC address that is already registered', async () => {
    const { client } = await adminOf();
    const { lobby, dock } = await placeOf(client);
    const unknown = 'ZZZ222';
    await ctx.db.db.delete(kioskPairings).where(eq(kioskPairings.code, unknown));
    const res = await client.post('/kiosks', { code: unknown, name: 'Ghost', area_id: lobby.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.code[0]).toMatch(/No kiosk is waiting with this code/);
    const malformed = await client.post('/kiosks', { code: 'O0O-1I1', name: 'Ghost', area_id: lobby.id });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.code[0]).toBe('Enter the 6-character code shown on the kiosk.');

    const { kiosk, mac } = await pairKiosk(client, lobby.id, 'First');
    const again = await requestCode(mac.toUpperCase());
    const dup = await client.post('/kiosks', { code: again.code, name: 'Second', area_id: dock.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.code[0]).toMatch(/already registered/);
    // The refused claim left the code free: after deregistering the first, the same code works.
    expect((await client.delete(`/kiosks/${kiosk.id}`)).statusCode).toBe(204);
    expect((await client.post('/kiosks', { code: again.code, name: 'Second', area_id: dock.id })).statusCode).toBe(201);
  });
});

describe('managing kiosks', () => {
  it('lists (paged, searched, filtered), shows, renames, sets up, moves and deregisters kiosks', async () => {
    const { client, entity } = await adminOf();
    const { site, lobby, dock } = await placeOf(client);
    const depot = await addSite(client, 'Depot');
    const gate = await addArea(client, depot.id, 'Gate');
    const made: { kiosk: KioskBody; token: string }[] = [];
    for (let i = 1; i <= 11; i++) {
      made.push(await pairKiosk(client, i <= 9 ? lobby.id : gate.id, `Kiosk ${String(i).padStart(2, '0')}`));
    }
    const first = (await client.get('/kiosks')).json();
    expect(first.count).toBe(11);
    expect(first.data).toHaveLength(10);
    expect(first.data[0].name).toBe('Kiosk 01');
    expect((await client.get('/kiosks?page=2')).json().data.map((k: KioskBody) => k.name)).toEqual(['Kiosk 11']);
    expect((await client.get('/kiosks?search=kiosk 1')).json().count).toBe(2);
    expect((await client.get(`/kiosks?search=${made[3]!.kiosk.mac_address.slice(-5)}`)).json().data[0].id).toBe(
      made[3]!.kiosk.id,
    );
    expect((await client.get(`/kiosks?site_id=${depot.id}`)).json().count).toBe(2);
    expect((await client.get(`/kiosks?area_id=${lobby.id}`)).json().count).toBe(9);
    expect((await client.get('/kiosks?search=%25')).json().count).toBe(0);
    const byArea = (await client.get('/kiosks?sortField=area&orderBy=asc&limit=1')).json();
    expect(byArea.data[0].site_name).toBe('Depot');
    expect((await client.get('/kiosks?sortField=mac')).statusCode).toBe(400);

    // The tree lists each area's kiosks.
    const tree = (await client.get('/sites/tree')).json();
    const hq = tree.find((n: { value: string }) => n.value === site.id);
    const lobbyNode = hq.children.find((a: { id: string }) => a.id === lobby.id);
    expect(lobbyNode.kiosks).toHaveLength(9);
    expect(lobbyNode.kiosks[0]).toEqual({ id: made[0]!.kiosk.id, name: 'Kiosk 01', online: true });

    const [a, b, c] = made.map((m) => m.kiosk);
    // One kiosk with its settings.
    expect((await client.get(`/kiosks/${a!.id}`)).json()).toMatchObject({ id: a!.id, settings: { volume: 50 } });

    // Settings for one, then for many.
    const one = await client.put(`/kiosks/${a!.id}/settings`, {
      fire_alarm: true,
      door_relay: 2,
      brightness: 30,
      volume: 0,
      date_format: 'MM-dd-yyyy',
      temperature_unit: 'F',
      default_temperature: 97.5,
      offline_hours: 48,
      language: 'ar',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().settings).toEqual({
      sign_mode: 'sign_in_sign_out',
      fire_alarm: true,
      door_relay: 2,
      brightness: 30,
      volume: 0,
      date_format: 'MM-dd-yyyy',
      temperature_unit: 'F',
      default_temperature: 97.5,
      offline_hours: 48,
      language: 'ar',
    });
    // The kiosk learns its settings with its next heartbeat.
    expect((await beat(made[0]!.token)).json().settings.date_format).toBe('MM-dd-yyyy');
    expect((await beat(made[0]!.token)).json().settings.language).toBe('ar');
    const many = await client.put('/kiosks/settings', {
      ids: [b!.id, c!.id, b!.id],
      settings: { brightness: 100, date_format: 'dd-MM-yyyy' },
    });
    expect(many.statusCode, many.body).toBe(200);
    expect(many.json().count).toBe(2);
    for (const id of [b!.id, c!.id]) {
      expect((await client.get(`/kiosks/${id}`)).json().settings).toMatchObject({
        brightness: 100,
        date_format: 'dd-MM-yyyy',
        door_relay: 0,
      });
    }

    // Move one, then many; journeys do not exist yet, so any journey id is refused.
    const moved = await client.put(`/kiosks/${a!.id}/area`, { area_id: dock.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ area_id: dock.id, area_name: 'Dock', site_id: site.id });
    const same = await client.put(`/kiosks/${a!.id}/area`, { area_id: dock.id });
    expect(same.statusCode).toBe(422);
    expect(same.json().fields.area_id[0]).toBe('The kiosk is already in this area.');
    const journey = await client.put(`/kiosks/${a!.id}/area`, {
      area_id: lobby.id,
      journey_id: '01890a5d-ac96-774b-bcce-b302099a8057',
    });
    expect(journey.statusCode).toBe(404);
    expect(journey.json().fields.journey_id[0]).toBe('This journey does not exist.');
    expect((await client.get(`/kiosks/${a!.id}`)).json().area_id).toBe(dock.id);
    const group = await client.put('/kiosks/move', { ids: [a!.id, b!.id, c!.id], area_id: gate.id, journey_id: null });
    expect(group.statusCode, group.body).toBe(200);
    expect(group.json().data.map((k: KioskBody) => k.area_id)).toEqual([gate.id, gate.id, gate.id]);
    expect((await client.get(`/kiosks?area_id=${gate.id}`)).json().count).toBe(5);

    // Rename.
    const renamed = await client.put(`/kiosks/${a!.id}/name`, { name: '  Gate kiosk  ' });
    expect(renamed.json().name).toBe('Gate kiosk');
    expect((await beat(made[0]!.token)).json().registration).toMatchObject({ name: 'Gate kiosk', area_name: 'Gate' });

    // Deregister: the kiosk is gone and its token stops working.
    expect((await client.delete(`/kiosks/${a!.id}`)).statusCode).toBe(204);
    expect((await client.get(`/kiosks/${a!.id}`)).statusCode).toBe(404);
    expect((await beat(made[0]!.token)).statusCode).toBe(401);
    expect((await client.get('/kiosks')).json().count).toBe(10);

    const actions = await auditActions(entity.id);
    expect(actions.filter((x) => x === 'kiosk.settings')).toHaveLength(3);
    expect(actions.filter((x) => x === 'kiosk.move')).toHaveLength(4);
    expect(actions).toEqual(expect.arrayContaining(['kiosk.rename', 'kiosk.deregister']));
  });

  it('refuses bad input with 400, naming the field', async () => {
    const { client } = await adminOf();
    const { lobby } = await placeOf(client);
    const { kiosk } = await pairKiosk(client, lobby.id, 'Checked');
    const anon = new TestClient(ctx.app);
    const mac = await anon.post('/public/kiosk-pairings', { mac_address: 'aa:bb:cc:dd:ee' });
    expect(mac.statusCode).toBe(400);
    expect(mac.json().fields.mac_address).toEqual(['Enter a MAC address like aa:bb:cc:dd:ee:ff.']);
    expect((await anon.post('/public/kiosk-pairings', {})).json().fields.mac_address).toEqual([
      'MAC address is required.',
    ]);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ door_relay: 3 }, 'door_relay', 'Door relay has a value that is not allowed.'],
      [{ brightness: 101 }, 'brightness', 'Brightness must be at most 100.'],
      [{ volume: -5 }, 'volume', 'Volume must be at least 0.'],
      [{ date_format: 'dd/MM/yy' }, 'date_format', 'Date format has a value that is not allowed.'],
      [{ temperature_unit: 'K' }, 'temperature_unit', 'Temperature unit has a value that is not allowed.'],
      [{ default_temperature: 20 }, 'default_temperature', 'Default temperature must be at least 30.'],
      [{ offline_hours: 0 }, 'offline_hours', 'Offline hours must be at least 1.'],
      [{ offline_hours: 2.5 }, 'offline_hours', 'Offline hours has the wrong type.'],
      [{ language: 'fr' }, 'language', 'Language has a value that is not allowed.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await client.put(`/kiosks/${kiosk.id}/settings`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(body)).toEqual([message]);
    }
    const many = await client.put('/kiosks/settings', { ids: [kiosk.id], settings: { door_relay: 3 } });
    expect(many.statusCode).toBe(400);
    expect(Object.keys(many.json().fields)).toEqual(['settings.door_relay']);
    expect((await client.put('/kiosks/settings', { ids: [], settings: {} })).json().fields.ids).toBeDefined();
    expect((await client.put(`/kiosks/${kiosk.id}/name`, { name: '   ' })).json().fields.name).toEqual([
      'Name is required.',
    ]);
    expect((await client.put(`/kiosks/${kiosk.id}/name`, { name: 'x'.repeat(51) })).statusCode).toBe(400);
    expect((await client.put(`/kiosks/${kiosk.id}/area`, { area_id: 'lobby' })).json().fields.area_id).toBeDefined();
    // Arabic callers read the same refusal in Arabic.
    client.lang = 'ar';
    expect((await client.put(`/kiosks/${kiosk.id}/settings`, { door_relay: 3 })).json().fields.door_relay[0]).toMatch(
      /مرحّل الباب/,
    );
    // Nothing changed.
    expect((await client.get(`/kiosks/${kiosk.id}`)).json().settings.door_relay).toBe(0);
  });
});

describe('Standalone companies', () => {
  it('may only rename kiosks: every other change answers 403 with a clear message', async () => {
    const { client, entity } = await adminOf({ package: 'Standalone' });
    const { lobby, dock } = await placeOf(client);
    const id = '01890a5d-ac96-774b-bcce-b302099a8001';
    await withTenant(ctx.db.db, entity.id, (tx) =>
      tx.insert(kiosks).values({
        entityId: entity.id,
        id,
        areaId: lobby.id,
        name: 'Solo kiosk',
        macAddress: randomMac(),
        settings: {
          fireAlarm: false,
          doorRelay: 0,
          brightness: 80,
          volume: 50,
          dateFormat: 'yyyy-MM-dd',
          temperatureUnit: 'C',
          defaultTemperature: 36,
        },
      }),
    );
    expect((await client.get('/kiosks')).json().count).toBe(1);
    const renamed = await client.put(`/kiosks/${id}/name`, { name: 'Front desk' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Front desk');

    const pairing = await requestCode();
    const refused = [
      await client.post('/kiosks', { code: pairing.code, name: 'New', area_id: lobby.id }),
      await client.put(`/kiosks/${id}/settings`, { brightness: 10 }),
      await client.put('/kiosks/settings', { ids: [id], settings: {} }),
      await client.put(`/kiosks/${id}/area`, { area_id: dock.id }),
      await client.put('/kiosks/move', { ids: [id], area_id: dock.id }),
      await client.delete(`/kiosks/${id}`),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'With the Standalone package you can only rename kiosks. Other kiosk changes need the Cloud package.',
      );
    }
    const [row] = await ctx.db.db.select().from(kiosks).where(eq(kiosks.id, id));
    expect(row).toMatchObject({ areaId: lobby.id, name: 'Front desk' });
    expect(row!.settings.brightness).toBe(80);
    expect((await statusOf(pairing.device, pairing.secret)).json().status).toBe('waiting');
  });
});

describe('admins with assigned sites', () => {
  it('see and act only on kiosks in their sites', async () => {
    const { client, entity, people } = await adminOf();
    const north = await placeOf(client, 'North');
    const south = await placeOf(client, 'South');
    const mine = await pairKiosk(client, north.lobby.id, 'North kiosk');
    const theirs = await pairKiosk(client, south.lobby.id, 'South kiosk');
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
      await tx.insert(personSites).values({ entityId: entity.id, personId: person!.id, siteId: north.site.id });
    });
    expect((await limited.get('/kiosks')).json().data.map((k: KioskBody) => k.id)).toEqual([mine.kiosk.id]);
    const id = theirs.kiosk.id;
    expect((await limited.get(`/kiosks/${id}`)).statusCode).toBe(404);
    expect((await limited.put(`/kiosks/${id}/name`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await limited.put(`/kiosks/${id}/settings`, {})).statusCode).toBe(404);
    expect((await limited.put(`/kiosks/${id}/area`, { area_id: north.dock.id })).statusCode).toBe(404);
    expect((await limited.delete(`/kiosks/${id}`)).statusCode).toBe(404);
    // A group with one kiosk out of reach changes nothing.
    expect((await limited.put('/kiosks/settings', { ids: [mine.kiosk.id, id], settings: {} })).statusCode).toBe(404);
    expect((await limited.put('/kiosks/move', { ids: [mine.kiosk.id, id], area_id: north.dock.id })).statusCode).toBe(
      404,
    );
    // Nor can they move their kiosk into, or add one to, an area of another site.
    expect((await limited.put(`/kiosks/${mine.kiosk.id}/area`, { area_id: south.dock.id })).statusCode).toBe(404);
    const pairing = await requestCode();
    expect(
      (await limited.post('/kiosks', { code: pairing.code, name: 'Sneaky', area_id: south.dock.id })).statusCode,
    ).toBe(404);
    expect((await client.get(`/kiosks/${mine.kiosk.id}`)).json().area_id).toBe(north.lobby.id);
    expect((await limited.put(`/kiosks/${mine.kiosk.id}/area`, { area_id: north.dock.id })).statusCode).toBe(200);
  });
});

describe('kiosk status live', () => {
  it('tells open kiosk lists when a kiosk comes online, once, not at every heartbeat', async () => {
    await listen(ctx);
    const { client, entity } = await adminOf();
    const { lobby } = await placeOf(client);
    const { kiosk, token } = await pairKiosk(client, lobby.id, 'Gate');
    const socket = await openSocket(ctx, client);
    expect(await joinRoom(socket, entity.id)).toBe('joined');
    // Silent for ten minutes: offline.
    await withTenant(ctx.db.db, entity.id, (tx) =>
      tx
        .update(kiosks)
        .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
        .where(and(eq(kiosks.entityId, entity.id), eq(kiosks.id, kiosk.id))),
    );
    const told = waitFor(socket, 'updateKiosks');
    expect((await beat(token)).statusCode).toBe(200);
    expect(await told).toEqual({ kiosk_ids: [kiosk.id], online: true });
    const more = collect(socket, 'updateKiosks');
    expect((await beat(token)).statusCode).toBe(200);
    expect(await more.settle()).toEqual([]);
    socket.disconnect();
  });
});

describe('deleting places that hold kiosks', () => {
  it('refuses to delete a site or an area that still has kiosks, saying how many in a sentence of its language', async () => {
    const { client } = await adminOf();
    const { site, lobby, dock } = await placeOf(client);
    const one = await pairKiosk(client, lobby.id, 'One');
    const two = await pairKiosk(client, lobby.id, 'Two');
    const area = await client.delete(`/areas/${lobby.id}`);
    expect(area.statusCode).toBe(409);
    expect(area.json().message).toBe(
      'This area still has 2 kiosks. Move them to another area or deregister them first.',
    );
    const siteRes = await client.delete(`/sites/${site.id}`);
    expect(siteRes.statusCode).toBe(409);
    expect(siteRes.json().message).toBe(
      'This site still has 2 kiosks. Move them to an area of another site or deregister them first.',
    );
    client.lang = 'es';
    expect((await client.delete(`/areas/${lobby.id}`)).json().message).toMatch(/^Esta área aún tiene 2 quioscos\./);
    // Arabic counts two in a form of its own.
    client.lang = 'ar';
    expect((await client.delete(`/areas/${lobby.id}`)).json().message).toMatch(/^لا يزال في هذه المنطقة كشكان\./);
    client.lang = undefined;
    expect((await client.put('/kiosks/move', { ids: [one.kiosk.id], area_id: dock.id })).statusCode).toBe(200);
    expect((await client.delete(`/areas/${lobby.id}`)).json().message).toBe(
      'This area still has 1 kiosk. Move it to another area or deregister it first.',
    );
    expect((await client.delete(`/kiosks/${two.kiosk.id}`)).statusCode).toBe(204);
    expect((await client.delete(`/areas/${lobby.id}`)).statusCode).toBe(204);
    expect((await client.delete(`/sites/${site.id}`)).statusCode).toBe(409);
    expect((await client.delete(`/kiosks/${one.kiosk.id}`)).statusCode).toBe(204);
    expect((await client.delete(`/sites/${site.id}`)).statusCode).toBe(204);
  });
});

describe('another company can neither read nor change kiosks', () => {
  it('answers 404 for another company’s kiosk ids and areas, and changes nothing', async () => {
    const a = await adminOf();
    const b = await adminOf();
    const placeA = await placeOf(a.client, 'A site');
    const placeB = await placeOf(b.client, 'B site');
    const mine = await pairKiosk(a.client, placeA.lobby.id, 'A kiosk');
    const theirs = await pairKiosk(b.client, placeB.lobby.id, 'B kiosk');
    const id = theirs.kiosk.id;
    expect((await a.client.get(`/kiosks/${id}`)).statusCode).toBe(404);
    expect((await a.client.put(`/kiosks/${id}/settings`, { brightness: 1 })).statusCode).toBe(404);
    expect((await a.client.put('/kiosks/settings', { ids: [id], settings: { brightness: 1 } })).statusCode).toBe(404);
    expect((await a.client.put(`/kiosks/${id}/area`, { area_id: placeA.dock.id })).statusCode).toBe(404);
    expect((await a.client.put('/kiosks/move', { ids: [id], area_id: placeA.dock.id })).statusCode).toBe(404);
    expect((await a.client.put(`/kiosks/${id}/name`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await a.client.delete(`/kiosks/${id}`)).statusCode).toBe(404);
    // Their area is no target for my kiosk, nor for a new one.
    expect((await a.client.put(`/kiosks/${mine.kiosk.id}/area`, { area_id: placeB.dock.id })).statusCode).toBe(404);
    expect((await a.client.put('/kiosks/move', { ids: [mine.kiosk.id], area_id: placeB.dock.id })).statusCode).toBe(
      404,
    );
    const pairing = await requestCode();
    expect(
      (await a.client.post('/kiosks', { code: pairing.code, name: 'Into B', area_id: placeB.lobby.id })).statusCode,
    ).toBe(404);
    expect((await a.client.get('/kiosks')).json().data.map((k: KioskBody) => k.id)).toEqual([mine.kiosk.id]);
    expect((await a.client.get(`/kiosks?area_id=${placeB.lobby.id}`)).json().count).toBe(0);

    const [row] = await ctx.db.db.select().from(kiosks).where(eq(kiosks.id, id));
    expect(row).toMatchObject({ name: 'B kiosk', areaId: placeB.lobby.id });
    expect(row!.settings.brightness).toBe(80);
    const [mineRow] = await ctx.db.db.select().from(kiosks).where(eq(kiosks.id, mine.kiosk.id));
    expect(mineRow!.areaId).toBe(placeA.lobby.id);
    expect((await beat(theirs.token)).statusCode).toBe(200);
  });

  it('holds under row-level security with no filter in the query', async () => {
    const a = await adminOf();
    const b = await adminOf();
    await pairKiosk(a.client, (await placeOf(a.client)).lobby.id, 'Only A');
    await pairKiosk(b.client, (await placeOf(b.client)).lobby.id, 'Only B');
    const seen = await withTenant(ctx.db.db, a.entity.id, (tx) => tx.select({ name: kiosks.name }).from(kiosks));
    expect(seen.map((k) => k.name)).toEqual(['Only A']);
  });
});

describe('the demo kiosks', () => {
  it('stand in the demo areas with valid settings and are listed like any other', async () => {
    const { client, entity } = await adminOf();
    const hq = await addSite(client, 'Dubai Head Office');
    for (const name of ['Main Reception', 'Loading Dock']) await addArea(client, hq.id, name);
    const madrid = await addSite(client, 'Madrid Office');
    await addArea(client, madrid.id, 'Reception');
    await withTenant(ctx.db.db, entity.id, (tx) => seedDemoKiosks(tx, entity.id));
    const list = (await client.get('/kiosks?sortField=name')).json();
    expect(list.count).toBe(3);
    expect(list.data.map((k: KioskBody) => [k.name, k.area_name, k.online])).toEqual([
      ['Dock kiosk', 'Loading Dock', false],
      ['Lobby kiosk', 'Main Reception', false],
      ['Madrid reception kiosk', 'Reception', false],
    ]);
    expect(list.data[0].settings).toMatchObject({ door_relay: 2, date_format: 'dd-MM-yyyy', default_temperature: 36 });
    const rows = await withTenant(ctx.db.db, entity.id, (tx) =>
      tx
        .select()
        .from(kiosks)
        .where(and(eq(kiosks.entityId, entity.id))),
    );
    expect(rows.every((r) => r.deviceTokenHash === null)).toBe(true);
  });
});
