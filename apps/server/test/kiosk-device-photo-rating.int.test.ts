// What a kiosk adds to a person and a visit: the photo its camera took of someone without one (never
// replacing one), and the rating of a visit signed out at its area (spec flow feedback "ask for a
// rating"), shown with the visit in the logbook. Another company's kiosk reaches neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KioskPerson } from '@app/shared/kiosks/device-lookup';
import type { Visit } from '@app/shared/visits/schemas';
import { TestClient } from './helpers/http-client';
import { makePng } from './helpers/images';
import { pairJourneyKiosk } from './helpers/kiosk-pairing';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitBody } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Res = { statusCode: number; body: string; json: <T>() => T };
function refused(res: Res, status: number, field: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ message: string; fields?: Record<string, string[]> }>();
  expect(body.fields, res.body).toHaveProperty(field);
  expect(body.message.length).toBeGreaterThan(0);
}

async function kioskWorld() {
  const w = await visitsWorld(ctx.app, ctx.db.db);
  await w.flow(w.types.visitors);
  const kiosk = await pairJourneyKiosk(ctx.app, w.admin, w.areas.reception, w.journey);
  return { w, kiosk };
}

const photo = (device: TestClient, id: string, file = makePng(300, 400)) =>
  device.upload('PUT', `/kiosk-device/people/${id}/photo`, 'file', file, 'photo.png', 'image/png');

describe('a photo taken at the kiosk', () => {
  it('is kept for a person it reaches who has none, and never replaces one', async () => {
    const { w, kiosk } = await kioskWorld();
    const ada = await w.person('Ada', w.types.visitors, w.sites.hq);
    const taken = await photo(kiosk.device, ada.id);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<KioskPerson>()).toMatchObject({ id: ada.id, has_photo: true });
    const stored = await kiosk.device.get(`/kiosk-device/people/${ada.id}/photo`);
    expect(stored.statusCode).toBe(200);

    refused(await photo(kiosk.device, ada.id), 409, 'photo');
    // The front desk still sees it as the person's photo.
    expect((await w.admin.get(`/people/${ada.id}`)).json<{ photo_url: string | null }>().photo_url).not.toBeNull();
  });

  it('refuses a picture against the profile photo’s rules, naming the field, and keeps no file', async () => {
    const { w, kiosk } = await kioskWorld();
    const bob = await w.person('Bob', w.types.visitors, w.sites.hq);
    const small = await photo(kiosk.device, bob.id, makePng(100, 100));
    expect(small.statusCode, small.body).toBeGreaterThanOrEqual(400);
    expect(small.statusCode).toBeLessThan(500);
    const notImage = await photo(kiosk.device, bob.id, Buffer.from('not a picture at all'));
    expect(notImage.statusCode).toBeGreaterThanOrEqual(400);
    expect(notImage.statusCode).toBeLessThan(500);
    expect((await kiosk.device.get(`/kiosk-device/people/${bob.id}/photo`)).statusCode).toBe(404);
  });

  it('is refused for someone the kiosk does not reach, of another company, and without its token', async () => {
    const { w, kiosk } = await kioskWorld();
    const sam = await w.person('Sam', w.types.staff, w.sites.hq);
    refused(await photo(kiosk.device, sam.id), 404, 'id');
    const other = await visitsWorld(ctx.app, ctx.db.db);
    const cleo = await other.person('Cleo');
    refused(await photo(kiosk.device, cleo.id), 404, 'id');
    expect((await other.admin.get(`/people/${cleo.id}`)).json<{ photo_url: string | null }>().photo_url).toBeNull();
    const anonymous = await photo(new TestClient(ctx.app), cleo.id);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a rating at the kiosk', () => {
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

  async function signedOut(kiosk: TestClient, personId: string, inAgo: number, outAgo: number) {
    const arrived = await kiosk.post('/kiosk-device/sign-in', {
      people: [{ person_id: personId }],
      occurred_at: minutesAgo(inAgo),
    });
    expect(arrived.statusCode, arrived.body).toBe(201);
    const left = await kiosk.post('/kiosk-device/sign-out', {
      person_ids: [personId],
      occurred_at: minutesAgo(outAgo),
    });
    expect(left.statusCode, left.body).toBeLessThan(300);
    return arrived.json<{ data: VisitBody[] }>().data[0]!.id;
  }

  it('is kept with a visit just signed out here, replaced by a later one, and shown in the logbook', async () => {
    const { w, kiosk } = await kioskWorld();
    const ada = await w.person('Ada', w.types.visitors, w.sites.hq);
    const visitId = await signedOut(kiosk.device, ada.id, 30, 1);
    const rated = await kiosk.device.put(`/kiosk-device/visits/${visitId}/rating`, { score: 3 });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json<Visit>().rating).toEqual({ score: 3, max: 5 });
    await kiosk.device.put(`/kiosk-device/visits/${visitId}/rating`, { score: 5 });
    const seen = await w.admin.get(`/visits/${visitId}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<Visit>().rating).toEqual({ score: 5, max: 5 });
  });

  it('is refused out of range, for a visit still on site or left long ago, elsewhere, and of another company', async () => {
    const { w, kiosk } = await kioskWorld();
    const ada = await w.person('Ada', w.types.visitors, w.sites.hq);
    const visitId = await signedOut(kiosk.device, ada.id, 40, 20);
    refused(await kiosk.device.put(`/kiosk-device/visits/${visitId}/rating`, { score: 4 }), 422, 'id');
    for (const score of [0, 6, 2.5, 'five']) {
      refused(await kiosk.device.put(`/kiosk-device/visits/${visitId}/rating`, { score }), 400, 'score');
    }

    const bob = await w.person('Bob', w.types.visitors, w.sites.hq);
    const onSite = await kiosk.device.post('/kiosk-device/sign-in', { people: [{ person_id: bob.id }] });
    const onSiteId = onSite.json<{ data: VisitBody[] }>().data[0]!.id;
    refused(await kiosk.device.put(`/kiosk-device/visits/${onSiteId}/rating`, { score: 4 }), 422, 'id');

    const elsewhere = await w.signInOne((await w.person('Eve')).id, w.areas.warehouse);
    expect((await kiosk.device.put(`/kiosk-device/visits/${elsewhere.id}/rating`, { score: 4 })).statusCode).toBe(404);

    const other = await visitsWorld(ctx.app, ctx.db.db);
    const foreign = await other.signInOne((await other.person('Cleo')).id);
    expect((await kiosk.device.put(`/kiosk-device/visits/${foreign.id}/rating`, { score: 4 })).statusCode).toBe(404);
    const seen = await other.admin.get(`/visits/${foreign.id}`);
    expect(seen.json<Visit>().rating).toBeNull();
  });
});
