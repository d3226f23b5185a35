import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVisit, visitsWorld, type VisitBody } from '../../../server/test/helpers/visits-factories';
import { createPassport, startPassportWorld, type Browser, type PassportWorld } from './passport-world';

// The holder's own visits and sign-in on site from the phone (decision 047): the passport signs a holder
// token for the dashboard; the dashboard finds the holder's people by verified address, and signs them
// in and out through the front desk's flow when the phone stands inside the site's geofence.

let world: PassportWorld;
beforeAll(async () => {
  world = await startPassportWorld();
});
afterAll(() => world.close());

const GARDEN = { latitude: 25.2048, longitude: 55.2708, radius: 100 };
/** A position `metres` north of the garden's centre, known to within `accuracy` metres. */
const north = (metres: number, accuracy = 10) => ({
  latitude: GARDEN.latitude + (metres / (2 * Math.PI * 6_371_008.8)) * 360,
  longitude: GARDEN.longitude,
  accuracy,
});

/** The dashboard as the passport's web app calls it: with a fresh holder token. */
async function holderApi(browser: Browser) {
  const issued = await browser.post('/api/holder-token');
  expect(issued.status, issued.text).toBe(200);
  const token = String(issued.json.token);
  expect(String(issued.json.api_url)).toBe(`${world.ctx.app.env.appUrl}/api/v1`);
  const call = async (method: 'GET' | 'POST', url: string, payload?: object, auth = `Bearer ${token}`) =>
    world.ctx.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: auth }, payload });
  return { token, call };
}

/** A company with a fenced Garden site (Gate) on a remote journey for Visitors, beside the usual world. */
async function gardenWorld() {
  const w = await visitsWorld(world.ctx.app, world.ctx.db.db);
  const garden = (
    await w.admin.post('/sites', { name: 'Garden', location: { ...GARDEN, location_name: 'Gate road' } })
  ).json<{
    id: string;
  }>().id;
  const gate = (await w.admin.post('/areas', { site_id: garden, name: 'Gate' })).json<{ id: string }>().id;
  const phone = (await w.admin.post('/journeys', { name: 'Phone', site_ids: [garden], remote: true })).json<{
    id: string;
  }>().id;
  await w.flow(w.types.visitors, {}, phone);
  return { w, garden, gate, phone };
}

describe("a passport holder's visits", () => {
  it('lists the expected and past visits of every company that knows the verified address, and no other', async () => {
    const a = await visitsWorld(world.ctx.app, world.ctx.db.db);
    const b = await visitsWorld(world.ctx.app, world.ctx.db.db);
    const adaA = await a.person('Ada');
    const passport = await createPassport(world, { email: adaA.email! });
    const adaB = await b.person('Ada', b.types.visitors, b.sites.hq, { email: passport.email.toUpperCase() });
    const other = await b.person('Bob');
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);
    const expected = await insertVisit(world.ctx.db.db, a.entity, {
      personId: adaA.id,
      siteId: a.sites.hq,
      areaId: a.areas.reception,
      state: 'expected',
      expectedAt: tomorrow,
      linkToken: `link-${adaA.id}`,
    });
    const past = await b.signInOne(adaB.id);
    await b.signInOne(other.id);

    const { call } = await holderApi(passport.browser);
    const res = await call('GET', '/passport-holder/visits');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      upcoming: { id: string; confirm_link: string | null; company: { name: string } }[];
      recent: { id: string; state: string }[];
    }>();
    expect(body.upcoming.map((v) => v.id)).toEqual([expected.id]);
    expect(body.upcoming[0]).toMatchObject({ confirm_link: `link-${adaA.id}`, company: { name: a.entity.name } });
    expect(body.recent.map((v) => v.id)).toEqual([past.id]);
    expect(body.recent[0]!.state).toBe('on_site');
  });

  it('refuses calls without a holder token, with a QR code, a forged token or a deactivated passport', async () => {
    const passport = await createPassport(world);
    const { call, token } = await holderApi(passport.browser);
    const none = await call('GET', '/passport-holder/visits', undefined, '');
    expect(none.statusCode).toBe(401);
    expect(none.json().fields.authorization).toBeDefined();
    // The token a company's form gets reads the profile only: no visits, no sign-in.
    const profileOnly = await passport.browser.post('/api/holder-token', { scope: 'profile' });
    const profileAuth = `Bearer ${String(profileOnly.json.token)}`;
    expect((await call('GET', '/passport-holder/profile', undefined, profileAuth)).statusCode).toBe(200);
    expect((await call('GET', '/passport-holder/visits', undefined, profileAuth)).statusCode).toBe(401);
    expect(
      (
        await call(
          'POST',
          '/passport-holder/sign-out',
          { company_id: passport.id, visit_id: passport.id, position: north(0) },
          profileAuth,
        )
      ).statusCode,
    ).toBe(401);
    expect((await passport.browser.post('/api/holder-token', { scope: 'everything' })).status).toBe(400);
    const qr = String((await passport.browser.get('/api/qr')).json.token);
    expect((await call('GET', '/passport-holder/visits', undefined, `Bearer ${qr}`)).statusCode).toBe(401);
    const [header, payload] = token.split('.');
    expect(
      (await call('GET', '/passport-holder/visits', undefined, `Bearer ${header}.${payload}.${'A'.repeat(86)}`))
        .statusCode,
    ).toBe(401);
    expect((await passport.browser.post('/api/me/deactivate', { password: passport.password })).status).toBe(204);
    expect((await call('GET', '/passport-holder/visits')).statusCode).toBe(401);
  });

  it("answers the passport's origin only, with the preflight its Authorization header needs", async () => {
    const preflight = await world.ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/passport-holder/sign-in',
      headers: { origin: world.passportUrl, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(world.passportUrl);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
    const elsewhere = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/passport-holder/visits',
      headers: { origin: 'https://evil.example' },
    });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('signing in from the phone inside a geofence', () => {
  it('lists the fenced sites of remote journeys with the distance, inside, on the edge and outside', async () => {
    const { w, garden, gate } = await gardenWorld();
    const ada = await w.person('Ada', w.types.visitors, garden);
    const passport = await createPassport(world, { email: ada.email! });
    const { call } = await holderApi(passport.browser);
    const at = async (metres: number, accuracy = 10) => {
      const p = north(metres, accuracy);
      const res = await call(
        'GET',
        `/passport-holder/places?latitude=${p.latitude}&longitude=${p.longitude}&accuracy=${p.accuracy}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{
        places: {
          site: { id: string };
          distance: number;
          inside: boolean;
          inexact: boolean;
          areas: { id: string }[];
          journeys: { name: string }[];
        }[];
      }>().places;
    };
    const inside = await at(40);
    // HQ and Branch have no fence; the Garden is the only place.
    expect(inside).toHaveLength(1);
    expect(inside[0]).toMatchObject({
      site: { id: garden },
      distance: 40,
      inside: true,
      areas: [{ id: gate }],
      journeys: [{ name: 'Phone' }],
    });
    expect((await at(100))[0]).toMatchObject({ distance: 100, inside: true });
    expect((await at(101))[0]).toMatchObject({ distance: 101, inside: false });
    expect((await at(0, 150))[0]).toMatchObject({ inside: false, inexact: true });
  });

  it("signs in and out through the front desk's flow, marked as the passport's, only inside the fence", async () => {
    const { w, garden, gate } = await gardenWorld();
    const ada = await w.person('Ada', w.types.visitors, garden);
    const passport = await createPassport(world, { email: ada.email! });
    const { call } = await holderApi(passport.browser);
    const body = { company_id: w.entity.id, area_id: gate, user_type_id: w.types.visitors };

    const outside = await call('POST', '/passport-holder/sign-in', { ...body, position: north(101) });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().fields.position).toEqual([
      'You are 1 m outside Garden: signing in from your phone works within 100 m of it.',
    ]);
    const rough = await call('POST', '/passport-holder/sign-in', { ...body, position: north(0, 500) });
    expect(rough.statusCode).toBe(422);
    expect(String(rough.json().fields.position)).toMatch(/within 500 m/);

    const edge = await call('POST', '/passport-holder/sign-in', { ...body, position: north(100) });
    expect(edge.statusCode, edge.body).toBe(200);
    const visitId = edge.json<{ visit: { id: string; state: string } }>().visit.id;
    expect(edge.json().visit.state).toBe('on_site');
    const logbook = await w.admin.get(`/visits?state=on_site&site_id=${garden}`);
    const row = logbook
      .json<{ data: (VisitBody & { sign_in_source: string })[] }>()
      .data.find((v) => v.id === visitId)!;
    expect(row.sign_in_source).toBe('passport');

    const again = await call('POST', '/passport-holder/sign-in', { ...body, position: north(10) });
    expect(again.statusCode, again.body).toBe(422);

    const leaveOutside = await call('POST', '/passport-holder/sign-out', {
      company_id: w.entity.id,
      visit_id: visitId,
      position: north(3000),
    });
    expect(leaveOutside.statusCode).toBe(422);
    expect(String(leaveOutside.json().fields.position)).toMatch(/2900 m outside Garden/);
    const leave = await call('POST', '/passport-holder/sign-out', {
      company_id: w.entity.id,
      visit_id: visitId,
      position: north(20),
    });
    expect(leave.statusCode, leave.body).toBe(200);
    expect(leave.json().visit.state).toBe('left');
    const twice = await call('POST', '/passport-holder/sign-out', {
      company_id: w.entity.id,
      visit_id: visitId,
      position: north(20),
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().fields.visit_id).toBeDefined();
  });

  it('refuses a journey that is not remote, in Arabic too', async () => {
    const { w, garden, gate } = await gardenWorld();
    const ada = await w.person('Ada', w.types.staff, garden);
    // Staff have only the front desk's journey, which is not remote (and does not cover the Garden).
    await w.flow(w.types.staff);
    const passport = await createPassport(world, { email: ada.email! });
    const { call } = await holderApi(passport.browser);
    const p = north(10);
    const places = await call(
      'GET',
      `/passport-holder/places?latitude=${p.latitude}&longitude=${p.longitude}&accuracy=5`,
    );
    expect(places.json().places).toEqual([]);
    const res = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/passport-holder/sign-in',
      headers: { authorization: `Bearer ${(await holderApi(passport.browser)).token}`, 'accept-language': 'ar' },
      payload: { company_id: w.entity.id, area_id: gate, user_type_id: w.types.staff, position: p },
    });
    expect(res.statusCode).toBe(422);
    expect(String(res.json().fields.user_type_id)).toContain('Garden');
    expect(String(res.json().fields.user_type_id)).toMatch(/[\u0600-\u06FF]/);
  });

  it("cannot reach another company's people, areas or visits", async () => {
    const mine = await gardenWorld();
    const theirs = await gardenWorld();
    const ada = await mine.w.person('Ada', mine.w.types.visitors, mine.garden);
    const bob = await theirs.w.person('Bob', theirs.w.types.visitors, theirs.garden);
    const bobVisit = await theirs.w.signInOne(bob.id, theirs.gate);
    const passport = await createPassport(world, { email: ada.email! });
    const { call } = await holderApi(passport.browser);
    const position = north(10);
    const otherCompany = await call('POST', '/passport-holder/sign-in', {
      company_id: theirs.w.entity.id,
      area_id: theirs.gate,
      user_type_id: theirs.w.types.visitors,
      position,
    });
    expect(otherCompany.statusCode).toBe(404);
    expect(otherCompany.json().fields.company_id).toBeDefined();
    const otherArea = await call('POST', '/passport-holder/sign-in', {
      company_id: mine.w.entity.id,
      area_id: theirs.gate,
      user_type_id: mine.w.types.visitors,
      position,
    });
    expect(otherArea.statusCode).toBe(404);
    const otherVisit = await call('POST', '/passport-holder/sign-out', {
      company_id: mine.w.entity.id,
      visit_id: bobVisit.id,
      position,
    });
    expect(otherVisit.statusCode).toBe(404);
    const visits = await call('GET', '/passport-holder/visits');
    expect(visits.json().recent).toEqual([]);
  });
});
