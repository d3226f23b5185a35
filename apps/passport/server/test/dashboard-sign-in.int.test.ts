import { eq, inArray, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../server/test/helpers/http-client';
import { createCompany, PASSWORD } from '../../../server/test/helpers/world';
import { tables } from '../platform';
import { Browser, createPassport, startPassportWorld, uniqueEmail, type PassportWorld } from './passport-world';

// Signing in to the dashboard through the passport, as a browser does it: /auth/passport/start, the
// passport's sign-in (and its two-step when the company asks), the callback, /sso/<code>.

let world: PassportWorld;
beforeAll(async () => {
  world = await startPassportWorld();
});
afterAll(() => world.close());

/** Follows a dashboard sign-in through the passport; the dashboard's answer at /sso/<code>. */
async function signInThroughPassport(dashboard: TestClient, browser: Browser, query = '') {
  const start = await dashboard.get(`/auth/passport/start${query}`);
  expect(start.statusCode).toBe(303);
  let res = await browser.get(start.headers.location!);
  for (let hops = 0; hops < 6 && res.location && !res.location.includes('/api/v1/auth/passport/callback'); hops++) {
    const uid = new URL(res.location, world.passportUrl).pathname.match(/^\/interaction\/([^/]+)$/)?.[1];
    if (!uid) {
      res = await browser.get(res.location);
      continue;
    }
    const done = await browser.post(`/interaction/${uid}/api/continue`);
    if (done.status !== 200) return { refused: done, uid };
    res = await browser.get(String(done.json.redirect_to));
  }
  const callback = new URL(res.location!);
  const back = await dashboard.get(`${callback.pathname}${callback.search}`);
  expect(back.statusCode).toBe(303);
  const sso = back.headers.location!;
  const code = sso.match(/^\/sso\/([^/?]+)/)?.[1];
  if (!code) return { sso };
  const exchanged = await dashboard.post('/auth/passport/exchange', { code: decodeURIComponent(code) });
  return { sso, code: decodeURIComponent(code), exchanged };
}

const totp = (secret: string) => generate({ secret });

async function turnOnTwoStep(browser: Browser) {
  const setup = await browser.post('/api/two-step/setup');
  expect(setup.status).toBe(200);
  const enabled = await browser.post('/api/two-step/enable', { code: await totp(String(setup.json.secret)) });
  expect(enabled.status).toBe(200);
  return String(setup.json.secret);
}

describe('signing in to the dashboard with the passport', () => {
  it("opens the company's dashboard for a passport with a member's verified email, and links the login", async () => {
    const { entity, people } = await createCompany(world.ctx.db.db);
    const { browser, id } = await createPassport(world, { email: people.admin.email });
    const dashboard = new TestClient(world.ctx.app);
    const flow = await signInThroughPassport(dashboard, browser, `?subdomain=${entity.subdomain}`);
    expect(flow.exchanged?.statusCode).toBe(200);
    expect(flow.exchanged?.json()).toMatchObject({
      status: 'ok',
      entity: { id: entity.id },
      user: { passport_id: id },
    });
    expect((await dashboard.get('/auth/me')).statusCode).toBe(200);
    const [login] = await world.ctx.db.db.select().from(tables.users).where(eq(tables.users.id, people.admin.id));
    expect(login?.passportId).toBe(id);

    // The code opened one session; a second use is refused.
    const again = await new TestClient(world.ctx.app).post('/auth/passport/exchange', { code: flow.code });
    expect(again.statusCode).toBe(422);
    expect(again.json().fields.code).toBeDefined();

    const status = await dashboard.get('/auth/passport/status');
    expect(status.json()).toEqual({
      passport_url: world.passportUrl,
      linked: true,
      active: true,
      days_deactivated: null,
    });
  });

  it('refuses a passport that opens no dashboard account, naming the address to invite', async () => {
    const { browser, email } = await createPassport(world, { email: uniqueEmail('nobody') });
    const flow = await signInThroughPassport(new TestClient(world.ctx.app), browser);
    expect(flow.exchanged?.statusCode).toBe(422);
    expect(flow.exchanged?.json()).toMatchObject({ code: 'passport_not_linked' });
    expect(flow.exchanged?.json().message).toContain(email);
  });

  it('refuses a callback this browser did not start, and says when the person cancelled', async () => {
    const dashboard = new TestClient(world.ctx.app);
    const forged = await dashboard.get('/auth/passport/callback?code=abc&state=not-mine');
    expect(forged.headers.location).toBe('/login?passport=failed');
    const start = await dashboard.get('/auth/passport/start');
    const state = new URL(start.headers.location!).searchParams.get('state');
    const cancelled = await dashboard.get(`/auth/passport/callback?error=access_denied&state=${state}`);
    expect(cancelled.headers.location).toBe('/login?passport=cancelled');
  });

  it('with force_otp gives no code until two-step is on, and then the company policy counts it as done', async () => {
    const { entity, people } = await createCompany(world.ctx.db.db);
    const admin = new TestClient(world.ctx.app);
    await admin.post('/auth/login', { email: people.admin.email, password: PASSWORD });
    const policy = await admin.put('/company/two-step', { two_step_enabled: true, otp_roles: [entity.roles.employee] });
    expect(policy.statusCode).toBe(200);

    const { browser } = await createPassport(world, { email: people.employee.email });
    const dashboard = new TestClient(world.ctx.app);
    const refused = await signInThroughPassport(dashboard, browser, `?subdomain=${entity.subdomain}&force_otp=1`);
    expect(refused.refused?.status).toBe(409);
    expect(refused.refused?.json.code).toBe('two_step_required');

    await turnOnTwoStep(browser);
    const flow = await signInThroughPassport(dashboard, browser, `?subdomain=${entity.subdomain}&force_otp=1`);
    expect(flow.exchanged?.json()).toMatchObject({ status: 'ok', otp_enrolment_required: false });
    // A password sign-in of the same person still has to enrol: the passport's two-step was not used.
    const byPassword = new TestClient(world.ctx.app);
    const res = await byPassword.post('/auth/login', { email: people.employee.email, password: PASSWORD });
    expect(res.json()).toMatchObject({ status: 'ok', otp_enrolment_required: true });
  });

  it('turning two-step on in the passport ends the dashboard sessions of that person', async () => {
    const { entity, people } = await createCompany(world.ctx.db.db);
    const { browser } = await createPassport(world, { email: people.fire_warden.email });
    const dashboard = new TestClient(world.ctx.app);
    await signInThroughPassport(dashboard, browser, `?subdomain=${entity.subdomain}`);
    const byPassword = new TestClient(world.ctx.app);
    await byPassword.post('/auth/login', { email: people.fire_warden.email, password: PASSWORD });
    expect((await dashboard.get('/auth/me')).statusCode).toBe(200);

    await turnOnTwoStep(browser);
    await expect.poll(async () => (await dashboard.get('/auth/me')).statusCode, { timeout: 5_000 }).toBe(401);
    expect((await byPassword.get('/auth/me')).statusCode).toBe(401);
    // The passport's own session that turned it on stays.
    expect((await browser.get('/api/me')).status).toBe(200);
  });

  it('offers a deactivated passport reactivation with the days since, and reactivates it', async () => {
    const { entity, people } = await createCompany(world.ctx.db.db);
    const { browser, password, id } = await createPassport(world, { email: people.employee_reporting.email });
    expect((await browser.post('/api/me/deactivate', { password })).status).toBe(204);
    expect((await browser.get('/api/me')).status).toBe(401);
    await world.ctx.db.db
      .update(tables.passportAccounts)
      .set({ deactivatedAt: sql`now() - interval '3 days 2 hours'` })
      .where(eq(tables.passportAccounts.id, id));

    const signedIn = await browser.post('/api/sign-in', { email: people.employee_reporting.email, password });
    expect(signedIn.status).toBe(200);
    const dashboard = new TestClient(world.ctx.app);
    const flow = await signInThroughPassport(dashboard, browser, `?subdomain=${entity.subdomain}`);
    expect(flow.exchanged?.json()).toEqual({ status: 'passport_deactivated', days: 3 });
    expect((await dashboard.get('/auth/me')).statusCode).toBe(401);

    const reactivated = await dashboard.post('/auth/passport/reactivate', { code: flow.code });
    expect(reactivated.json()).toMatchObject({ status: 'ok', entity: { id: entity.id } });
    const [account] = await world.ctx.db.db
      .select()
      .from(tables.passportAccounts)
      .where(eq(tables.passportAccounts.id, id));
    expect(account).toMatchObject({ status: 'active', deactivatedAt: null });
  });

  it("opens the dashboard from the passport's own button with a one-time token (/login-one-time)", async () => {
    const { entity, people } = await createCompany(world.ctx.db.db);
    const { browser } = await createPassport(world, { email: people.admin.email });
    const link = await browser.get('/api/dashboard-link');
    const target = new URL(String(link.json.redirect_to));
    expect(target.pathname).toBe('/login-one-time');
    const dashboard = new TestClient(world.ctx.app);
    const res = await dashboard.post('/auth/passport/exchange', { code: target.searchParams.get('token') });
    expect(res.json()).toMatchObject({ status: 'ok', entity: { id: entity.id } });
  });

  it('asks for the dashboard two-step code when the person has it there and did not use the passport one', async () => {
    const { entity, people } = await createCompany(world.ctx.db.db);
    const password = new TestClient(world.ctx.app);
    await password.post('/auth/login', { email: people.admin.email, password: PASSWORD });
    const setup = await password.post('/me/otp/setup');
    await password.post('/me/otp/enable', { code: await totp(setup.json().secret) });

    const { browser } = await createPassport(world, { email: people.admin.email });
    const dashboard = new TestClient(world.ctx.app);
    const flow = await signInThroughPassport(dashboard, browser, `?subdomain=${entity.subdomain}`);
    expect(flow.exchanged?.json().status).toBe('otp_required');
    expect((await dashboard.get('/auth/me')).statusCode).toBe(401);
  });
});

describe('housekeeping', () => {
  it("sweeps sign-ins never finished, spent or expired codes, ended passport sessions and the provider's expired rows", async () => {
    const { purgeExpiredAuthRows } = await import('../../../server/src/modules/auth/housekeeping');
    const { browser, id } = await createPassport(world);
    const db = world.ctx.db.db;
    const past = new Date(Date.now() - 60_000);
    await db.insert(tables.passportSignInRequests).values({
      stateHash: `sweep-${id}`,
      codeVerifier: 'v',
      nonce: 'n',
      expiresAt: past,
    });
    await db.insert(tables.passportOneTimeCodes).values([
      { codeHash: `expired-${id}`, accountId: id, expiresAt: past },
      { codeHash: `spent-${id}`, accountId: id, expiresAt: new Date(Date.now() + 60_000), usedAt: new Date() },
      { codeHash: `live-${id}`, accountId: id, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await db.update(tables.passportSessions).set({ expiresAt: past }).where(eq(tables.passportSessions.accountId, id));
    await db.insert(tables.oidcPayloads).values([
      { kind: 'AuthorizationCode', id: `old-${id}`, payload: {}, expiresAt: past },
      { kind: 'AuthorizationCode', id: `new-${id}`, payload: {}, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await purgeExpiredAuthRows(db);
    const payloads = await db
      .select({ id: tables.oidcPayloads.id })
      .from(tables.oidcPayloads)
      .where(inArray(tables.oidcPayloads.id, [`old-${id}`, `new-${id}`]));
    expect(payloads.map((p) => p.id)).toEqual([`new-${id}`]);
    const codes = await db
      .select({ codeHash: tables.passportOneTimeCodes.codeHash })
      .from(tables.passportOneTimeCodes)
      .where(eq(tables.passportOneTimeCodes.accountId, id));
    expect(codes.map((c) => c.codeHash)).toEqual([`live-${id}`]);
    const requests = await db
      .select()
      .from(tables.passportSignInRequests)
      .where(eq(tables.passportSignInRequests.stateHash, `sweep-${id}`));
    expect(requests).toEqual([]);
    expect((await browser.get('/api/me')).status).toBe(401);
    const sessions = await db.select().from(tables.passportSessions).where(eq(tables.passportSessions.accountId, id));
    expect(sessions).toEqual([]);
  });
});
