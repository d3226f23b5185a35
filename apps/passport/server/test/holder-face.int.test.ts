import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaceState, HolderFace } from '@app/shared/people/faces';
import { closeFaceEngine } from '../../../server/src/modules/faces/face-engine';
import { runsHereEnded } from '../../../server/src/plugins/jobs';
import { facePhoto } from '../../../server/test/helpers/face-photos';
import { visitsWorld } from '../../../server/test/helpers/visits-factories';
import { createPassport, startPassportWorld, type Browser, type PassportWorld } from './passport-world';

// A passport's holder gives and withdraws face sign-in consent (source `passport`, decision 050) in the
// companies that know them by their verified address and offer face sign-in; never in another.

let world: PassportWorld;
beforeAll(async () => {
  world = await startPassportWorld();
});
afterAll(async () => {
  await world.close();
  await closeFaceEngine();
});

async function holderApi(browser: Browser) {
  const issued = await browser.post('/api/holder-token');
  expect(issued.status, issued.text).toBe(200);
  const authorization = `Bearer ${String(issued.json.token)}`;
  return (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    world.ctx.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload });
}

describe('face sign-in consent from the passport', { timeout: 60_000 }, () => {
  it('is listed, given and withdrawn only in the companies that offer it and know the holder', async () => {
    const passport = await createPassport(world, { firstName: 'Dana' });
    const offering = await visitsWorld(world.ctx.app, world.ctx.db.db);
    const notOffering = await visitsWorld(world.ctx.app, world.ctx.db.db);
    const stranger = await visitsWorld(world.ctx.app, world.ctx.db.db);
    const dana = await offering.person('Dana', offering.types.visitors, offering.sites.hq, { email: passport.email });
    await notOffering.person('Dana', notOffering.types.visitors, notOffering.sites.hq, { email: passport.email });
    expect((await offering.admin.put('/face-settings', { enabled: true })).statusCode).toBe(200);
    expect((await stranger.admin.put('/face-settings', { enabled: true })).statusCode).toBe(200);
    const up = await offering.admin.upload(
      'PUT',
      `/people/${dana.id}/photo`,
      'file',
      await facePhoto('dana'),
      'p.jpg',
      'image/jpeg',
    );
    expect(up.statusCode).toBe(200);
    const call = await holderApi(passport.browser);

    const listed = await call('GET', '/passport-holder/face');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<HolderFace>().companies).toEqual([
      {
        company_id: offering.entity.id,
        company_name: offering.entity.name,
        consent_given_at: null,
        face_id_since: null,
        has_photo: true,
      },
    ]);

    for (const refused of [
      await call('PUT', '/passport-holder/face-consent', { company_id: stranger.entity.id }),
      await call('DELETE', '/passport-holder/face-consent', { company_id: stranger.entity.id }),
    ]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json<{ fields: Record<string, string[]> }>().fields).toHaveProperty('company_id');
    }
    const off = await call('PUT', '/passport-holder/face-consent', { company_id: notOffering.entity.id });
    expect(off.statusCode).toBe(422);

    const given = await call('PUT', '/passport-holder/face-consent', { company_id: offering.entity.id });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<HolderFace>().companies[0]!.consent_given_at).not.toBeNull();
    await runsHereEnded(world.ctx.app);
    const admin = (await offering.admin.get(`/people/${dana.id}/face`)).json<FaceState>();
    expect(admin.consent).toMatchObject({ source: 'passport', recorded_by: null });
    expect(admin.face_id_since).not.toBeNull();

    const withdrawn = await call('DELETE', '/passport-holder/face-consent', { company_id: offering.entity.id });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<HolderFace>().companies[0]).toMatchObject({ consent_given_at: null, face_id_since: null });
  });
});
