import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairJourneyKiosk } from '../../../server/test/helpers/kiosk-pairing';
import { visitsWorld } from '../../../server/test/helpers/visits-factories';
import { createPassport, startPassportWorld, type PassportWorld } from './passport-world';

// The passport's QR identity at a kiosk: checked by its signature with the passport's published keys,
// in date, taken once, and the person known by the passport's verified address in the kiosk's company.

let world: PassportWorld;
beforeAll(async () => {
  world = await startPassportWorld();
});
afterAll(() => world.close());

async function doorWorld() {
  const w = await visitsWorld(world.ctx.app, world.ctx.db.db);
  await w.flow(w.types.visitors);
  const kiosk = await pairJourneyKiosk(world.ctx.app, w.admin, w.areas.reception, w.journey);
  return { w, kiosk };
}

describe('a passport QR at the kiosk', () => {
  it('identifies the person with that verified address, once', async () => {
    const { w, kiosk } = await doorWorld();
    const ada = await w.person('Ada', w.types.visitors, w.sites.hq);
    const { browser } = await createPassport(world, { email: ada.email! });
    const code = String((await browser.get('/api/qr')).json.token);
    const first = await kiosk.device.post('/kiosk-device/resolve', { kind: 'qr', code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ person: { id: ada.id }, expected_visit: null, on_site: false });
    const replay = await kiosk.device.post('/kiosk-device/resolve', { kind: 'qr', code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toMatch(/already used/);
  });

  it("answers unknown for a passport of nobody the kiosk reaches, and another company's kiosk learns nothing", async () => {
    const { w, kiosk } = await doorWorld();
    const other = await doorWorld();
    const ada = await w.person('Ada', w.types.visitors, w.sites.hq);
    const { browser } = await createPassport(world, { email: ada.email! });
    const elsewhere = await other.kiosk.device.post('/kiosk-device/resolve', {
      kind: 'qr',
      code: String((await browser.get('/api/qr')).json.token),
    });
    expect(elsewhere.statusCode).toBe(404);
    const stranger = await createPassport(world);
    const unknown = await kiosk.device.post('/kiosk-device/resolve', {
      kind: 'qr',
      code: String((await stranger.browser.get('/api/qr')).json.token),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a forged or altered code', async () => {
    const { w, kiosk } = await doorWorld();
    const ada = await w.person('Ada', w.types.visitors, w.sites.hq);
    const { browser } = await createPassport(world, { email: ada.email! });
    const code = String((await browser.get('/api/qr')).json.token);
    const [header, payload] = code.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    const res = await kiosk.device.post('/kiosk-device/resolve', { kind: 'qr', code: forged });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.code).toBeDefined();
  });
});

describe("a passport QR scanned into the dashboard's sign-in search", () => {
  it('finds the person with that verified address in the company, without taking the code', async () => {
    const { w, kiosk } = await doorWorld();
    const other = await visitsWorld(world.ctx.app, world.ctx.db.db);
    const ada = await w.person('Ada', w.types.visitors, w.sites.hq);
    await w.person('Adam', w.types.visitors, w.sites.hq);
    const { browser } = await createPassport(world, { email: ada.email! });
    const code = String((await browser.get('/api/qr')).json.token);
    const search = `/visits/people?search=${encodeURIComponent(code)}`;
    for (let i = 0; i < 2; i++) {
      const found = await w.admin.get(search);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json<{ data: { id: string }[] }>().data.map((p) => p.id)).toEqual([ada.id]);
    }
    // The door still takes it once: finding the person did not use it up.
    expect((await kiosk.device.post('/kiosk-device/resolve', { kind: 'qr', code })).statusCode).toBe(200);
    // Another company knows no one of that address.
    const elsewhere = await other.admin.get(search);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().data).toEqual([]);
  });

  it('refuses a forged code naming the search, and a long text that is no code', async () => {
    const { w } = await doorWorld();
    const { browser } = await createPassport(world);
    const [header, payload] = String((await browser.get('/api/qr')).json.token).split('.');
    const forged = await w.admin.get(
      `/visits/people?search=${encodeURIComponent(`${header}.${payload}.${'A'.repeat(86)}`)}`,
    );
    expect(forged.statusCode).toBe(422);
    expect(String(forged.json().fields.search)).toMatch(/not valid/);
    const long = await w.admin.get(`/visits/people?search=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.search).toBeDefined();
  });
});
