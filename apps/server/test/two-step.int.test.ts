import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { users } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, TestClient } from './helpers/http-client';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const secretOf = async (userId: string) =>
  (await ctx.db.db.select({ s: users.otpSecret }).from(users).where(eq(users.id, userId)))[0]!.s!;

/** A code for the step after the last accepted one, so replay protection does not refuse it. */
async function freshCode(secret: string, offsetSteps = 1) {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * offsetSteps });
}

async function enrol(client: TestClient) {
  const setup = await client.post('/me/otp/setup');
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_url, qr_code } = setup.json();
  expect(otpauth_url).toContain(`secret=${secret}`);
  expect(qr_code).toMatch(/^data:image\/png;base64,/);
  const wrong = await client.post('/me/otp/enable', { code: '000000' });
  expect(wrong.statusCode).toBe(422);
  const enabled = await client.post('/me/otp/enable', { code: await generate({ secret }) });
  expect(enabled.statusCode).toBe(200);
  return { secret, recovery: enabled.json().recovery_codes as string[] };
}

describe('two-step enrolment and sign-in', () => {
  it('enrols with a QR code and a code, then asks for a code at sign-in', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const { secret, recovery } = await enrol(client);
    expect(recovery).toHaveLength(10);
    expect((await client.get('/auth/me')).json().user.is_otp_enabled).toBe(true);

    const next = new TestClient(ctx.app);
    const first = await next.post('/auth/login', { email: people.admin.email, password: PASSWORD });
    expect(first.json().status).toBe('otp_required');
    // Until the code is given, the session opens nothing.
    const blocked = await next.get('/company');
    expect(blocked.statusCode).toBe(401);
    const verified = await next.post('/auth/otp/verify', { code: await freshCode(secret) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().status).toBe('ok');
    expect((await next.get('/company')).statusCode).toBe(200);
  });

  it('refuses a replayed code and accepts each recovery code once', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.employee.email, PASSWORD);
    const { secret, recovery } = await enrol(client);
    const code = await freshCode(secret);
    const a = new TestClient(ctx.app);
    await a.post('/auth/login', { email: people.employee.email, password: PASSWORD });
    expect((await a.post('/auth/otp/verify', { code })).statusCode).toBe(200);
    const b = new TestClient(ctx.app);
    await b.post('/auth/login', { email: people.employee.email, password: PASSWORD });
    expect((await b.post('/auth/otp/verify', { code })).statusCode).toBe(422);
    expect((await b.post('/auth/otp/verify', { code: recovery[0] })).statusCode).toBe(200);
    const c = new TestClient(ctx.app);
    await c.post('/auth/login', { email: people.employee.email, password: PASSWORD });
    expect((await c.post('/auth/otp/verify', { code: recovery[0] })).statusCode).toBe(422);
    expect(await secretOf(people.employee.id)).toBe(secret);
  });

  it('throttles wrong codes: after five, even the right code waits', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.fire_warden.email, PASSWORD);
    const { secret } = await enrol(client);
    const next = new TestClient(ctx.app);
    await next.post('/auth/login', { email: people.fire_warden.email, password: PASSWORD });
    for (let i = 0; i < 5; i++)
      expect((await next.post('/auth/otp/verify', { code: `12345${i}` })).statusCode).toBe(422);
    const blocked = await next.post('/auth/otp/verify', { code: await freshCode(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('too_many_otp_attempts');
  });

  it('ends the person’s other sessions when two-step is turned on', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const { client: elsewhere } = await signIn(ctx.app, people.admin.email, PASSWORD);
    await enrol(client);
    expect((await elsewhere.get('/auth/me')).statusCode).toBe(401);
    expect((await client.get('/auth/me')).statusCode).toBe(200);
  });

  it('turns two-step off only with the password', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    await enrol(client);
    expect((await client.post('/me/otp/disable', { password: 'wrong' })).statusCode).toBe(422);
    expect((await client.post('/me/otp/disable', { password: PASSWORD })).statusCode).toBe(200);
    const next = new TestClient(ctx.app);
    expect((await next.post('/auth/login', { email: people.admin.email, password: PASSWORD })).json().status).toBe(
      'ok',
    );
  });
});

describe('company two-step policy', () => {
  it('requires enrolment for the chosen roles: 403 with otp_error until the person enrols', async () => {
    const { entity, people } = await createCompany(ctx.db.db);
    const { client: admin } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const set = await admin.put('/company/two-step', {
      two_step_enabled: true,
      otp_roles: [entity.roles.employee_reporting],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ two_step_enabled: true, otp_roles: [entity.roles.employee_reporting] });

    const { client, body } = await signIn(ctx.app, people.employee_reporting.email, PASSWORD);
    expect(body.otp_enrolment_required).toBe(true);
    const denied = await client.get('/roles');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ otp_error: true, code: 'otp_enrolment_required' });
    // What the person needs to enrol stays open.
    expect((await client.get('/auth/me')).statusCode).toBe(200);
    await enrol(client);
    expect((await client.get('/auth/me')).json().otp_enrolment_required).toBe(false);
    // A role that is not listed is not affected.
    const { body: other } = await signIn(ctx.app, people.employee.email, PASSWORD);
    expect(other.otp_enrolment_required).toBe(false);
  });

  it('refuses roles of another company in the policy', async () => {
    const a = await createCompany(ctx.db.db);
    const b = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, a.people.admin.email, PASSWORD);
    const res = await client.put('/company/two-step', { two_step_enabled: true, otp_roles: [b.entity.roles.admin] });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.otp_roles).toBeDefined();
  });
});
