import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaceState } from '@app/shared/people/faces';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client';
import { closeFaceEngine } from '../src/modules/faces/face-engine';
import { faceless, facePhoto, groupPhoto } from './helpers/face-photos';
import { peopleWorld, type PeopleWorld } from './helpers/people-world';
import { createTestApp, type TestContext } from './helpers/test-app';

// Face IDs (decision 050) through the app: the setting, consent, one face only, withdrawal, another company.

let ctx: TestContext;
let w: PeopleWorld;
let other: PeopleWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await peopleWorld(ctx.app, ctx.db.db);
  other = await peopleWorld(ctx.app, ctx.db.db);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await closeFaceEngine();
});

async function personWithPhoto(photo: Buffer, name = 'Amal') {
  const person = await w.create({ first_name: name, email: `${name.toLowerCase()}${Date.now()}@example.com` });
  const up = await w.admin.upload('PUT', `/people/${person.id}/photo`, 'file', photo, 'p.jpg', 'image/jpeg');
  expect(up.statusCode, up.body).toBe(200);
  return person.id;
}

const descriptors = async (personId: string) =>
  rowsOf<{ sealed: string }>(
    await ctx.db.db.execute(sql`select sealed from face_descriptors where person_id = ${personId}`),
  );

describe('face IDs', { timeout: 60_000 }, () => {
  it('is refused while the company has face sign-in off, and without the person’s consent', async () => {
    const id = await personWithPhoto(await facePhoto('amal'));
    const off = await w.admin.post(`/people/${id}/face-id`, {});
    expect(off.statusCode).toBe(422);
    expect(off.json<{ message: string }>().message).toMatch(/turned off/);
    expect((await w.admin.put('/face-settings', { enabled: true })).statusCode).toBe(200);
    const noConsent = await w.admin.post(`/people/${id}/face-id`, {});
    expect(noConsent.statusCode).toBe(422);
    expect(noConsent.json<{ fields: Record<string, string[]> }>().fields).toHaveProperty('consent');
    expect(await descriptors(id)).toEqual([]);
  });

  it('is made from a one-face photo with consent, sealed, and never answered; withdrawing deletes it', async () => {
    const id = await personWithPhoto(await facePhoto('amal'));
    const consent = await w.admin.put(`/people/${id}/face-consent`, { source: 'paper' });
    expect(consent.statusCode, consent.body).toBe(200);
    expect(consent.json<FaceState>().consent).toMatchObject({ source: 'paper' });
    const made = await w.admin.post(`/people/${id}/face-id`, {});
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<FaceState>().face_id_since).not.toBeNull();
    expect(made.body).not.toMatch(/sealed|descriptor"/);
    const [row] = await descriptors(id);
    expect(row!.sealed).toMatch(/^v1\./);
    const withdrawn = await w.admin.delete(`/people/${id}/face-consent`);
    expect(withdrawn.json<FaceState>()).toMatchObject({ consent: null, face_id_since: null });
    expect(await descriptors(id)).toEqual([]);
  });

  it.each([
    ['no face', faceless, /No face/],
    ['several faces', groupPhoto, /3 faces/],
  ] as const)('refuses a photo with %s, naming the image', async (_label, photo, message) => {
    const id = await personWithPhoto(await photo(), 'Zed');
    await w.admin.put(`/people/${id}/face-consent`, { source: 'paper' });
    const res = await w.admin.post(`/people/${id}/face-id`, {});
    expect(res.statusCode).toBe(422);
    const body = res.json<{ fields: Record<string, string[]> }>();
    expect(body.fields.image?.[0]).toMatch(message);
    expect(await descriptors(id)).toEqual([]);
  });

  it('is out of another company’s reach', async () => {
    const id = await personWithPhoto(await facePhoto('bruno'), 'Bruno');
    for (const res of [
      await other.admin.get(`/people/${id}/face`),
      await other.admin.put(`/people/${id}/face-consent`, { source: 'paper' }),
      await other.admin.post(`/people/${id}/face-id`, {}),
      await other.admin.delete(`/people/${id}/face-consent`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await other.admin.get('/face-settings')).json()).toMatchObject({ enabled: false });
  });
});
