// A visitor's own face sign-in consent on their visit's link (decision 050): offered only while the
// company has face sign-in on, given as `self` while the link works, withdrawn with the face ID at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FaceState, PublicFaceState } from '@app/shared/people/faces';
import { rowsOf } from '../src/db/client';
import { closeFaceEngine } from '../src/modules/faces/face-engine';
import { runsHereEnded } from '../src/plugins/jobs';
import { addExpectedVisit, expectedWorld, newVisitor, type ExpectedWorld } from './helpers/expected-visits-factories';
import { facePhoto } from './helpers/face-photos';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let w: ExpectedWorld;
let visitor: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await expectedWorld(ctx.app, ctx.db.db);
  visitor = new TestClient(ctx.app);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await closeFaceEngine();
});

const tokenOf = (url: string) => url.split('/').pop()!;
const stateOf = async (token: string) => {
  const res = await visitor.get(`/public/visits/${token}/face`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PublicFaceState>();
};

describe('face sign-in consent on the visit’s link', { timeout: 60_000 }, () => {
  it('is offered only while the company has face sign-in on', async () => {
    const visit = await addExpectedVisit(w);
    const token = tokenOf(visit.link_url);
    expect(await stateOf(token)).toEqual({
      offered: false,
      consent_given_at: null,
      face_id_since: null,
      has_photo: false,
    });
    const refused = await visitor.put(`/public/visits/${token}/face-consent`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(/turned off/);
    expect((await visitor.get('/public/visits/not-a-token/face')).statusCode).toBe(404);
  });

  it('is given by the visitor, makes their face ID from their photo, and withdrawing deletes it', async () => {
    expect((await w.admin.put('/face-settings', { enabled: true })).statusCode).toBe(200);
    const visit = await addExpectedVisit(w, {
      visitor: newVisitor(`${w.tag}2`, { first_name: 'Dana', phone: '7222333444' }),
    });
    const token = tokenOf(visit.link_url);
    const photo = await w.admin.upload(
      'PUT',
      `/people/${visit.person.id}/photo`,
      'file',
      await facePhoto('dana'),
      'p.jpg',
      'image/jpeg',
    );
    expect(photo.statusCode).toBe(200);
    const given = await visitor.put(`/public/visits/${token}/face-consent`, {});
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<PublicFaceState>()).toMatchObject({ offered: true, has_photo: true });
    expect(given.json<PublicFaceState>().consent_given_at).not.toBeNull();
    await runsHereEnded(ctx.app);
    expect((await stateOf(token)).face_id_since).not.toBeNull();
    // The dashboard sees who gave it: the person, not an admin.
    const admin = (await w.admin.get(`/people/${visit.person.id}/face`)).json<FaceState>();
    expect(admin.consent).toMatchObject({ source: 'self', recorded_by: null });

    const withdrawn = await visitor.delete(`/public/visits/${token}/face-consent`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<PublicFaceState>()).toMatchObject({ consent_given_at: null, face_id_since: null });
    const left = rowsOf(
      await ctx.db.db.execute(sql`select 1 from face_descriptors where person_id = ${visit.person.id}`),
    );
    expect(left).toEqual([]);
  });
});
