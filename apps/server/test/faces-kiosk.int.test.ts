// Face sign-in beyond one person (decision 050): the mass action and the face IDs made again when a photo
// changes, the kiosk's face library (only its journey's user types' consenting people, first names only)
// and the server's own match, erasure, the subject-access export, and another company's kiosk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { KioskFaceLibrary, KioskFaceMatch } from '@app/shared/kiosks/face-library';
import type { FaceIdsQueued, FaceState } from '@app/shared/people/faces';
import { rowsOf } from '../src/db/client';
import { closeFaceEngine, readFacesOffLoop } from '../src/modules/faces/face-engine';
import { runsHereEnded } from '../src/plugins/jobs';
import { facePhoto, groupPhoto, type FaceName } from './helpers/face-photos';
import type { TestClient } from './helpers/http-client';
import { pairJourneyKiosk } from './helpers/kiosk-pairing';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { unzip } from './helpers/zip';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
let w: VisitsWorld;
let kiosk: { id: string; device: TestClient };
beforeAll(async () => {
  ctx = await createTestApp();
  w = await visitsWorld(ctx.app, ctx.db.db);
  // The kiosk's journey serves visitors only: staff are not in its library.
  await w.flow(w.types.visitors);
  kiosk = await pairJourneyKiosk(ctx.app, w.admin, w.areas.reception, w.journey);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await closeFaceEngine();
});

async function withPhoto(first: string, typeId: string, face: FaceName | 'group', consent = true) {
  const { id } = await w.person(first, typeId);
  const photo = face === 'group' ? await groupPhoto() : await facePhoto(face);
  const up = await w.admin.upload('PUT', `/people/${id}/photo`, 'file', photo, 'p.jpg', 'image/jpeg');
  expect(up.statusCode, up.body).toBe(200);
  if (consent) expect((await w.admin.put(`/people/${id}/face-consent`, { source: 'paper' })).statusCode).toBe(200);
  return id;
}

/** A face as the kiosk sends it: the descriptor of a photo, its float32 bytes in base64. */
async function probe(face: FaceName, framing: 'wide' | 'tight' = 'tight') {
  const reading = await readFacesOffLoop(await facePhoto(face, framing));
  if (reading.kind !== 'one') throw new Error(`no single face in ${face}`);
  return Buffer.from(reading.descriptor.buffer).toString('base64');
}

const library = async (device = kiosk.device) => {
  const res = await device.get('/kiosk-device/face-library');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<KioskFaceLibrary>();
};
const match = async (descriptor: string, device = kiosk.device) => {
  const res = await device.post('/kiosk-device/face-match', { descriptor });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<KioskFaceMatch>().person;
};
const faceOf = async (id: string) => (await w.admin.get(`/people/${id}/face`)).json<FaceState>();
const descriptorRows = async (id: string) =>
  rowsOf<{ photo_key: string }>(
    await ctx.db.db.execute(sql`select photo_key from face_descriptors where person_id = ${id}`),
  );

describe('face sign-in at the kiosk', { timeout: 90_000 }, () => {
  let amal: string;
  let bruno: string;
  let chidi: string;
  let crowd: string;

  it('has an empty library while the company has face sign-in off', async () => {
    expect(await library()).toMatchObject({ enabled: false, people: [] });
    const refused = await kiosk.device.post('/kiosk-device/face-match', { descriptor: await probe('amal') });
    expect(refused.statusCode).toBe(422);
  });

  it('makes the face IDs of a user type’s consenting people as a job, keeping why a photo failed', async () => {
    expect((await w.admin.put('/face-settings', { enabled: true })).statusCode).toBe(200);
    amal = await withPhoto('Amal', w.types.visitors, 'amal');
    bruno = await withPhoto('Bruno', w.types.staff, 'bruno');
    chidi = await withPhoto('Chidi', w.types.visitors, 'chidi', false);
    crowd = await withPhoto('Crowd', w.types.visitors, 'group');
    // Consent given with a photo: their face IDs are made without anyone asking.
    await runsHereEnded(ctx.app);
    expect((await faceOf(amal)).face_id_since).not.toBeNull();
    expect((await faceOf(bruno)).face_id_since).not.toBeNull();
    expect(await faceOf(chidi)).toMatchObject({ consent: null, face_id_since: null });
    const failed = await faceOf(crowd);
    expect(failed.face_id_since).toBeNull();
    expect(failed.last_error).toMatchObject({
      code: 'face_several',
      message: 'This photo shows 3 faces. Use a photo of this person alone.',
    });
    w.admin.lang = 'ar';
    expect((await faceOf(crowd)).last_error?.message).toMatch(/3/);
    expect((await faceOf(crowd)).last_error?.message).not.toMatch(/photo/);
    w.admin.lang = undefined;

    // The mass action tries the failed one again and counts whom it queued; none of another type.
    const mass = await w.admin.post('/people/face-ids', { user_type_id: w.types.visitors });
    expect(mass.statusCode, mass.body).toBe(202);
    expect(mass.json<FaceIdsQueued>()).toEqual({ queued: 1 });
    await runsHereEnded(ctx.app);
    expect((await faceOf(crowd)).last_error?.code).toBe('face_several');
    const unknownType = await w.admin.post('/people/face-ids', { user_type_id: w.areas.reception });
    expect(unknownType.statusCode).toBe(422);
    expect(unknownType.json<{ fields: Record<string, string[]> }>().fields).toHaveProperty('user_type_id');
  });

  it('gives the kiosk its journey’s user types’ consenting people, first names only, and matches on the server', async () => {
    const lib = await library();
    expect(lib).toMatchObject({ enabled: true, match_threshold: 0.45, min_gap: 0.05 });
    expect(lib.people.map((p) => p.person_id)).toEqual([amal]);
    expect(Object.keys(lib.people[0]!).sort()).toEqual(['descriptor', 'first_name', 'person_id']);
    expect(lib.people[0]!.first_name).toBe('Amal');
    expect(JSON.stringify(lib)).not.toMatch(/Bruno|Chidi|Tester|@/);

    // The same person's other photo matches; another person's does not; Bruno is not this kiosk's.
    expect(await match(await probe('amal'))).toEqual({ id: amal, first_name: 'Amal' });
    expect(await match(await probe('dana'))).toBeNull();
    expect(await match(await probe('bruno'))).toBeNull();
    const nan = Buffer.from(new Float32Array(128).fill(Number.NaN).buffer).toString('base64');
    const bad = await kiosk.device.post('/kiosk-device/face-match', { descriptor: nan });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string[]> }>().fields).toHaveProperty('descriptor');
    const notBase64 = await kiosk.device.post('/kiosk-device/face-match', { descriptor: '!'.repeat(684) });
    expect(notBase64.statusCode).toBe(400);

    // A stricter threshold changes the version the kiosk holds.
    expect((await w.admin.put('/face-settings', { enabled: true, match_threshold: 0.3 })).statusCode).toBe(200);
    expect((await library()).version).not.toBe(lib.version);
  });

  it('deletes the face ID of a replaced photo at once and makes one from the new photo', async () => {
    const before = (await descriptorRows(amal))[0]!.photo_key;
    const up = await w.admin.upload(
      'PUT',
      `/people/${amal}/photo`,
      'file',
      await facePhoto('dana'),
      'p.jpg',
      'image/jpeg',
    );
    expect(up.statusCode).toBe(200);
    expect((await descriptorRows(amal)).map((r) => r.photo_key)).not.toContain(before);
    await runsHereEnded(ctx.app);
    expect(await descriptorRows(amal)).toHaveLength(1);
    expect(await match(await probe('dana'))).toEqual({ id: amal, first_name: 'Amal' });
    expect(await match(await probe('amal'))).toBeNull();
  });

  it('never gives another company’s kiosk a face, and matches nothing of this company there', async () => {
    const other = await visitsWorld(ctx.app, ctx.db.db);
    await other.flow(other.types.visitors);
    const theirs = await pairJourneyKiosk(ctx.app, other.admin, other.areas.reception, other.journey);
    expect((await other.admin.put('/face-settings', { enabled: true })).statusCode).toBe(200);
    expect((await library(theirs.device)).people).toEqual([]);
    expect(await match(await probe('dana'), theirs.device)).toBeNull();
    expect((await other.admin.post('/people/face-ids', { user_type_id: w.types.visitors })).statusCode).toBe(422);
  });

  it('says in the subject-access export whether a face descriptor is stored, and erasure deletes it', async () => {
    const res = await w.admin.get(`/people/${amal}/data-export`);
    expect(res.statusCode).toBe(200);
    const face = JSON.parse((await unzip(res.rawPayload)).get('face-sign-in.json')!.toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(face).toMatchObject({ face_descriptor_stored: true, consent: { source: 'paper', withdrawn_at: null } });
    expect(JSON.stringify(face)).not.toMatch(/sealed|descriptor":/);

    expect((await w.admin.post(`/people/${amal}/erase`, { password: PASSWORD })).statusCode).toBe(200);
    const left = rowsOf<{ n: number }>(
      await ctx.db.db.execute(sql`
        select (select count(*) from face_descriptors where person_id = ${amal})::int
             + (select count(*) from face_consents where person_id = ${amal})::int as n`),
    );
    expect(left[0]!.n).toBe(0);
    expect((await library()).people).toEqual([]);
  });
});
