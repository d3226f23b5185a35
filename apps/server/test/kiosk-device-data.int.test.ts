// What a kiosk fetches to run its journey (decision 044): only its company, its place and its
// journey, with the announcements for the journey's user types.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KioskJourneyBundle } from '@app/shared/kiosks/device-data';
import { addAnnouncement, addUserType, clearOfMinuteEdge, localIn } from './helpers/announcements-factories';
import { TestClient } from './helpers/http-client';
import { makePng } from './helpers/images';
import { openKioskSocket, pairJourneyKiosk, pairKiosk, until } from './helpers/kiosk-pairing';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
const sockets: Socket[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx.close();
});

/** A kiosk's connection, keeping what it is told its data changed. */
async function listen(token: string) {
  const socket = await openKioskSocket(ctx.app, token);
  sockets.push(socket);
  const heard: string[][] = [];
  socket.on('dataChanged', ({ topics }: { topics: string[] }) => heard.push(topics));
  return heard;
}

/** A company whose journey has flows for visitors and staff, and a kiosk at its reception running it. */
async function kioskWorld() {
  const w = await visitsWorld(ctx.app, ctx.db.db);
  await w.flow(w.types.visitors);
  await w.flow(w.types.staff);
  const kiosk = await pairJourneyKiosk(ctx.app, w.admin, w.areas.reception, w.journey);
  return { w, kiosk };
}

const fields = (res: { json: <T>() => T }) => res.json<{ fields: Record<string, string[]> }>().fields;

const bundleOf = async (device: TestClient) => {
  const res = await device.get('/kiosk-device/journey');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<KioskJourneyBundle>();
};

describe('the kiosk’s journey data', () => {
  it('holds the kiosk, its place, its company, its journey with each user type’s flow', async () => {
    const { w, kiosk } = await kioskWorld();
    const bundle = await bundleOf(kiosk.device);
    expect(bundle.kiosk).toMatchObject({
      id: kiosk.id,
      logging: false,
      settings: { door_relay: 0, sign_mode: 'sign_in_sign_out' },
    });
    expect(bundle.area).toEqual({ id: w.areas.reception, name: 'Reception', login_mode: 'signIn_signOut' });
    expect(bundle.site).toEqual({ id: w.sites.hq, name: 'HQ' });
    expect(bundle.company).toEqual({ id: w.entity.id, name: w.entity.name, timezone: 'UTC' });
    expect(bundle.journey?.id).toBe(w.journey);
    expect(bundle.flows.map((f) => f.user_type.id).sort()).toEqual([w.types.visitors, w.types.staff].sort());
    expect(bundle.logo).toBe(false);
    expect(Date.parse(bundle.fetched_at)).not.toBeNaN();
  });

  it('lists the active announcements for its user types or everyone: urgent first, then pinned', async () => {
    const { w, kiosk } = await kioskWorld();
    const tz = 'UTC';
    const contractors = await addUserType(w.admin, 'Contractors');
    await clearOfMinuteEdge();
    const now = localIn(0, tz);
    const plain = await addAnnouncement(w.admin, tz, { publish_at: now, user_type_ids: [w.types.staff] });
    const pinned = await addAnnouncement(w.admin, tz, { publish_at: now, pinned: true, verbal: true });
    const urgent = await addAnnouncement(w.admin, tz, {
      publish_at: now,
      urgent: true,
      user_type_ids: [w.types.visitors, contractors.id],
    });
    // For a user type the journey has no flow for, and one not published yet: not on this kiosk.
    await addAnnouncement(w.admin, tz, { publish_at: now, user_type_ids: [contractors.id] });
    await addAnnouncement(w.admin, tz, { publish_at: localIn(60, tz) });

    const { announcements } = await bundleOf(kiosk.device);
    expect(announcements.map((a) => a.id)).toEqual([urgent.id, pinned.id, plain.id]);
    // Only the kiosk's own user types are named.
    expect(announcements[0]!.user_type_ids).toEqual([w.types.visitors]);
    expect(announcements[1]).toMatchObject({ user_type_ids: [], verbal: true, pinned: true });
    expect(announcements[1]!.excerpt).toContain('lobby');
  });

  it('serves the journey’s logo, or else the company’s', async () => {
    const { w, kiosk } = await kioskWorld();
    expect((await kiosk.device.get('/kiosk-device/logo')).statusCode).toBe(404);
    const company = await w.admin.upload('PUT', '/company/logo', 'file', makePng(200, 45), 'logo.png', 'image/png');
    expect(company.statusCode, company.body).toBe(200);
    const companyLogo = await kiosk.device.get('/kiosk-device/logo');
    expect(companyLogo.statusCode).toBe(200);
    expect(companyLogo.headers['content-type']).toContain('image/png');
    expect((await bundleOf(kiosk.device)).logo).toBe(true);

    const journey = await w.admin.upload(
      'PUT',
      `/journeys/${w.journey}/logo`,
      'file',
      makePng(300, 60),
      'logo.png',
      'image/png',
    );
    expect(journey.statusCode, journey.body).toBe(200);
    const journeyLogo = await kiosk.device.get('/kiosk-device/logo');
    expect(journeyLogo.statusCode).toBe(200);
    expect(journeyLogo.rawPayload.equals(companyLogo.rawPayload)).toBe(false);
  });

  it('says so when no journey runs on the kiosk', async () => {
    const w: VisitsWorld = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(ctx.app, w.admin, w.areas.dock);
    const bundle = await bundleOf(kiosk.device);
    expect(bundle.journey).toBeNull();
    expect(bundle.flows).toEqual([]);
    expect(bundle.announcements).toEqual([]);
    expect(bundle.area.login_mode).toBe('checkIn_only');
  });

  it('needs the kiosk’s own token: none, a wrong one or a deregistered kiosk’s is refused naming it', async () => {
    const { w, kiosk } = await kioskWorld();
    const stranger = new TestClient(ctx.app);
    expect(fields(await stranger.get('/kiosk-device/journey'))).toHaveProperty('authorization');
    stranger.bearer = 'not-a-token';
    expect((await stranger.get('/kiosk-device/journey')).statusCode).toBe(401);
    expect((await w.admin.delete(`/kiosks/${kiosk.id}`)).statusCode).toBeLessThan(300);
    const gone = await kiosk.device.get('/kiosk-device/journey');
    expect(gone.statusCode).toBe(401);
    expect((await kiosk.device.get('/kiosk-device/logo')).statusCode).toBe(401);
  });

  it('holds nothing of another company', async () => {
    const a = await kioskWorld();
    const b = await kioskWorld();
    const ofB = await bundleOf(b.kiosk.device);
    const text = JSON.stringify(ofB);
    for (const id of [a.w.entity.id, a.w.journey, a.kiosk.id, a.w.areas.reception, a.w.types.visitors]) {
      expect(text).not.toContain(id);
    }
    expect(ofB.company.id).toBe(b.w.entity.id);
  });

  it('tells the company’s kiosks, and only them, what to fetch again after a change', async () => {
    const a = await kioskWorld();
    const b = await kioskWorld();
    const heardA = await listen(a.kiosk.token);
    const heardB = await listen(b.kiosk.token);
    await addAnnouncement(a.w.admin, 'UTC', { publish_at: localIn(60, 'UTC') });
    await until(() => heardA.some((t) => t.includes('announcements')), 'the kiosk told its announcements changed');
    const renamed = await a.w.admin.put(`/journeys/${a.w.journey}`, {
      name: 'Front desk, renamed',
      site_ids: [a.w.sites.hq, a.w.sites.branch],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await until(() => heardA.some((t) => t.includes('journey')), 'the kiosk told its journey changed');
    // A refused change changes nothing, and tells no one.
    const before = heardA.length;
    expect((await a.w.admin.put(`/journeys/${a.w.journey}`, { name: '' })).statusCode).toBe(400);
    await a.w.admin.get('/journeys');
    expect(heardA).toHaveLength(before);
    expect(heardB).toEqual([]);
  });
});
