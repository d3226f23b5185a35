import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng, PNG_SIGNATURE } from '../../../server/test/helpers/images';
import { TestClient } from '../../../server/test/helpers/http-client';
import {
  expectedVisitBody,
  expectedWorld,
  newVisitor,
  setVisit,
  type ExpectedWorld,
} from '../../../server/test/helpers/expected-visits-factories';
import { tables } from '../platform';
import { Browser, createPassport, startPassportWorld, uniqueEmail, type PassportWorld } from './passport-world';

// A passport's holder fills a company's pre-registration form from their passport (decision 047): the
// form reads the holder's own details and photo with the holder token the passport's /share page gave
// it; and a link that no longer works tells its page whether its person has a passport to go to
// (spec /link-expired?userHasPassport=true).

let world: PassportWorld;
let visitor: TestClient;
beforeAll(async () => {
  world = await startPassportWorld();
  visitor = new TestClient(world.ctx.app);
});
afterAll(() => world.close());

/** The dashboard as the pre-registration page calls it, with a fresh holder token of `browser`'s passport. */
async function holderCalls(browser: Browser) {
  const issued = await browser.post('/api/holder-token');
  expect(issued.status, issued.text).toBe(200);
  const authorization = `Bearer ${String(issued.json.token)}`;
  return (url: string, headers: Record<string, string> = {}) =>
    world.ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization, ...headers } });
}

async function uploadPhoto(browser: Browser, png: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'me.png');
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${browser.origin}/api/me/photo`, {
    method: 'PUT',
    body: form,
    headers: { cookie, 'x-passport': '1' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("the holder's details for a pre-registration form", () => {
  it('answers the names, verified address, phone and photo of the passport the token names', async () => {
    const passport = await createPassport(world, { firstName: 'Ada' });
    expect((await passport.browser.request('PATCH', '/api/me', { phone: '+971501234567' })).status).toBe(200);
    await uploadPhoto(passport.browser, makePng(300, 400));
    const other = await createPassport(world, { firstName: 'Bob' });
    const call = await holderCalls(passport.browser);

    const profile = await call('/passport-holder/profile');
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toEqual({
      first_name: 'Ada',
      last_name: 'Tester',
      email: passport.email,
      phone: '+971501234567',
      has_photo: true,
    });
    expect((await (await holderCalls(other.browser))('/passport-holder/profile')).json()).toMatchObject({
      first_name: 'Bob',
      email: other.email,
      phone: null,
      has_photo: false,
    });

    const photo = await call('/passport-holder/photo');
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['cache-control']).toBe('no-store');
    const [account] = await world.ctx.db.db
      .select({ photo: tables.passportAccounts.photo })
      .from(tables.passportAccounts)
      .where(eq(tables.passportAccounts.id, passport.id));
    const stored = await world.ctx.app.files.get(account!.photo!);
    expect(photo.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(photo.rawPayload.equals(stored!)).toBe(true);
  });

  it("is readable by the passport's origin only", async () => {
    const passport = await createPassport(world);
    const call = await holderCalls(passport.browser);
    const fromPassport = await call('/passport-holder/profile', { origin: world.passportUrl });
    expect(fromPassport.headers['access-control-allow-origin']).toBe(world.passportUrl);
    const elsewhere = await call('/passport-holder/photo', { origin: 'https://evil.example' });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await world.ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/passport-holder/profile',
      headers: { origin: world.passportUrl, 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
  });

  it('refuses without a holder token or for a deactivated passport, and a passport without a photo has none', async () => {
    const passport = await createPassport(world);
    const call = await holderCalls(passport.browser);
    for (const url of ['/passport-holder/profile', '/passport-holder/photo']) {
      const none = await call(url, { authorization: '' });
      expect(none.statusCode).toBe(401);
      expect(none.json().fields.authorization).toEqual([
        'Your Passport sign-in has ended here. Open the Passport again.',
      ]);
      const qr = String((await passport.browser.get('/api/qr')).json.token);
      expect((await call(url, { authorization: `Bearer ${qr}` })).statusCode).toBe(401);
    }

    const noPhoto = await call('/passport-holder/photo');
    expect(noPhoto.statusCode).toBe(404);
    expect(noPhoto.json()).toMatchObject({ code: 'not_found', message: 'Not found.' });
    expect(noPhoto.json().fields ?? {}).toEqual({});

    expect((await passport.browser.post('/api/me/deactivate', { password: passport.password })).status).toBe(204);
    expect((await call('/passport-holder/profile')).statusCode).toBe(401);
  });
});

describe("a pre-registration link's passport", () => {
  let phones = 0;
  /** An admin's visit tomorrow for a new visitor with this address (and a phone of their own); its link token. */
  async function visitOf(w: ExpectedWorld, email: string) {
    const phone = `7${String(++phones).padStart(9, '0')}`;
    const res = await w.admin.post(
      '/expected-visits',
      expectedVisitBody(w, { visitor: newVisitor(w.tag, { email, phone }) }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as { id: string; link_url: string };
    return { id: data.id, token: data.link_url.split('/').pop()! };
  }

  /** What each page that sends a person to /link-expired reads of the link. */
  async function passportFlags(token: string) {
    const byLink = (await visitor.get(`/public/visits/${token}`)).json();
    const page = (await visitor.get(`/public/pre-registration/${token}`)).json();
    const compliance = (await visitor.get(`/public/visits/${token}/compliance`)).json();
    return {
      byLink: byLink.user_has_passport as boolean,
      page: page.visit.user_has_passport as boolean,
      compliance: compliance.user_has_passport as boolean,
    };
  }
  const all = (value: boolean) => ({ byLink: value, page: value, compliance: value });

  it('says an expired link’s person has a passport when their address is an active verified passport’s', async () => {
    const w = await expectedWorld(world.ctx.app, world.ctx.db.db);
    const holder = await createPassport(world);
    const mine = await visitOf(w, holder.email.toUpperCase());
    const stranger = await visitOf(w, uniqueEmail('nobody'));
    // Signed up, never verified: an address anyone could have typed.
    const unverified = uniqueEmail('unverified');
    const signUp = await new Browser(world.passportUrl).post('/api/sign-up', {
      email: unverified,
      first_name: 'Una',
      last_name: 'Verified',
      password: 'passport-password-1',
      lang: 'en',
    });
    expect(signUp.status).toBe(202);
    const notVerified = await visitOf(w, unverified);
    const gone = await createPassport(world);
    const deactivated = await visitOf(w, gone.email);
    expect((await gone.browser.post('/api/me/deactivate', { password: gone.password })).status).toBe(204);

    const missed = new Date(Date.now() - 2 * 60 * 60_000);
    for (const v of [mine, stranger, notVerified, deactivated]) {
      await setVisit(world.ctx.db.db, w.entity, v.id, { expectedAt: missed });
    }
    const expired = (await visitor.get(`/public/pre-registration/${mine.token}`)).json();
    expect(expired).toMatchObject({
      kind: 'expired',
      visit: { visitMetadata: { is_expired: true, reason: 'VISIT_EXPIRED' }, user_has_passport: true },
      passport_url: world.passportUrl,
    });
    expect(await passportFlags(mine.token)).toEqual(all(true));
    expect(await passportFlags(stranger.token)).toEqual(all(false));
    expect(await passportFlags(notVerified.token)).toEqual(all(false));
    expect(await passportFlags(deactivated.token)).toEqual(all(false));
  });

  it('says so while the link still works, and names where the passport is', async () => {
    const w = await expectedWorld(world.ctx.app, world.ctx.db.db);
    const holder = await createPassport(world);
    const v = await visitOf(w, holder.email);
    const page = (await visitor.get(`/public/pre-registration/${v.token}`)).json();
    expect(page).toMatchObject({
      kind: 'confirmation',
      visit: { visitId: v.id, user_has_passport: true },
      passport_url: world.passportUrl,
    });
    const selfRegistration = (await visitor.get(`/public/pre-registration/${await w.qrOf(w.types.visitors)}`)).json();
    expect(selfRegistration).toMatchObject({ kind: 'self_registration', passport_url: world.passportUrl });
    expect((await visitor.get('/public/passport')).json()).toEqual({ passport_url: world.passportUrl });
  });
});
