import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { buildPassportApp } from '../app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../../server/test/helpers/mail';
import { makePng } from '../../../server/test/helpers/images';
import { queuedMailsSent, tables } from '../platform';
import {
  Browser,
  createPassport,
  linkInMail,
  startPassportWorld,
  uniqueEmail,
  type PassportWorld,
} from './passport-world';

let world: PassportWorld;
beforeAll(async () => {
  world = await startPassportWorld();
});
afterAll(() => world.close());

const signUpBody = (email: string) => ({
  email,
  first_name: 'Ada',
  last_name: 'Tester',
  password: 'a-long-password',
  lang: 'en',
});

describe('owning a passport', () => {
  it('answers sign-up the same for a new address and a taken one, and mails only the owner', async () => {
    const { email } = await createPassport(world);
    const browser = new Browser(world.passportUrl);
    const fresh = uniqueEmail();
    const a = await browser.post('/api/sign-up', signUpBody(fresh));
    const b = await browser.post('/api/sign-up', signUpBody(email));
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.json).toEqual(b.json);
    await queuedMailsSent(world.passport);
    const [toTaken] = await mailsTo(world.ctx.db.db, email);
    expect(toTaken?.subject).toBe('You already have a Passport');
    // The taken address keeps its password: sign-up changed nothing.
    const [mailToFresh] = await mailsTo(world.ctx.db.db, fresh);
    expect(mailToFresh?.subject).toBe('Confirm your email for your Passport');
  });

  it('refuses sign-in until the address is verified, and says so only to whoever knows the password', async () => {
    const email = uniqueEmail();
    const browser = new Browser(world.passportUrl);
    await browser.post('/api/sign-up', signUpBody(email));
    await queuedMailsSent(world.passport);
    const wrong = await browser.post('/api/sign-in', { email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    const unverified = await browser.post('/api/sign-in', { email, password: 'a-long-password' });
    expect(unverified.status).toBe(403);
    expect(unverified.json.code).toBe('email_not_verified');
    const token = new URL(await linkInMail(world, email)).searchParams.get('token')!;
    expect((await browser.post('/api/verify-email', { token })).json).toEqual({ status: 'ok' });
    expect((await browser.post('/api/verify-email', { token })).status).toBe(422);
    expect((await browser.get('/api/me')).json).toMatchObject({
      email,
      first_name: 'Ada',
      two_step_enabled: false,
      status: 'active',
    });
  });

  it('refuses a change without the x-passport header (another site cannot post here)', async () => {
    const { browser } = await createPassport(world);
    const res = await browser.request('POST', '/api/sign-out', {}, { 'x-passport': '0' });
    expect(res.status).toBe(403);
    expect((await browser.get('/api/me')).status).toBe(200);
  });

  it('answers bad input with a translated 400 naming the field', async () => {
    const browser = new Browser(world.passportUrl);
    browser.lang = 'es';
    const res = await browser.post('/api/sign-up', {
      email: 'nope',
      first_name: '',
      last_name: 'x',
      password: 'short',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields as object)).toEqual(expect.arrayContaining(['email', 'first_name', 'password']));
  });

  it('throttles wrong passwords for an address', async () => {
    const { email } = await createPassport(world);
    const browser = new Browser(world.passportUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await browser.post('/api/sign-in', { email, password: `wrong-${i}` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits the calls that need no account, or send mail, to PUBLIC_RATE_LIMIT per address', async () => {
    const limited = await buildPassportApp({
      env: { ...world.ctx.app.env, PUBLIC_RATE_LIMIT: 3 },
      db: world.ctx.db,
      secrets: world.ctx.app.secrets,
      mailer: world.ctx.app.mailer,
      logger: false,
    });
    try {
      const asked = (path: string) =>
        limited.inject({
          method: 'POST',
          url: path,
          headers: { 'x-passport': '1' },
          payload: { email: 'nobody@example.com' },
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await asked('/api/forgot-password')).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
      const refused = await asked('/api/forgot-password');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Each route counts on its own; the signed-in routes keep the larger allowance.
      expect((await asked('/api/resend-verification')).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it('two-step: sign-in waits for a code, a used code is refused, a recovery code works once', async () => {
    const { browser, email, password } = await createPassport(world);
    const setup = await browser.post('/api/two-step/setup');
    expect(String(setup.json.qr_svg)).toMatch(/^<svg/);
    const secret = String(setup.json.secret);
    const enabled = await browser.post('/api/two-step/enable', { code: await generate({ secret }) });
    const codes = enabled.json.recovery_codes as string[];
    expect(codes).toHaveLength(10);

    const phone = new Browser(world.passportUrl);
    expect((await phone.post('/api/sign-in', { email, password })).json).toEqual({ status: 'otp_required' });
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await phone.post('/api/sign-in/otp', { code: codes[0] })).json).toEqual({ status: 'ok' });
    expect((await phone.get('/api/me')).json.two_step_enabled).toBe(true);

    const other = new Browser(world.passportUrl);
    await other.post('/api/sign-in', { email, password });
    expect((await other.post('/api/sign-in/otp', { code: codes[0] })).status).toBe(422);
  });

  it('lists the sessions, ends another one, and a password change ends all but this one', async () => {
    const { browser, email, password } = await createPassport(world);
    const laptop = new Browser(world.passportUrl);
    await laptop.post('/api/sign-in', { email, password });
    const list = await browser.get('/api/sessions');
    const sessions = list.json.sessions as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    const other = sessions.find((s) => !s.current)!;
    expect((await browser.request('DELETE', `/api/sessions/${other.id}`)).status).toBe(204);
    expect((await laptop.get('/api/me')).status).toBe(401);

    await laptop.post('/api/sign-in', { email, password });
    const changed = await browser.post('/api/me/password', {
      current_password: password,
      password: 'another-long-one',
    });
    expect(changed.status).toBe(204);
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await browser.get('/api/me')).status).toBe(200);
  });

  it('resets a forgotten password by a link that works once and ends every session', async () => {
    const { browser, email } = await createPassport(world);
    const stranger = new Browser(world.passportUrl);
    expect((await stranger.post('/api/forgot-password', { email })).status).toBe(202);
    expect((await stranger.post('/api/forgot-password', { email: uniqueEmail('none') })).status).toBe(202);
    const token = new URL(await linkInMail(world, email)).searchParams.get('token')!;
    expect((await stranger.post('/api/reset-password', { token, password: 'brand-new-password' })).status).toBe(204);
    expect((await stranger.post('/api/reset-password', { token, password: 'brand-new-password' })).status).toBe(422);
    expect((await browser.get('/api/me')).status).toBe(401);
    expect((await stranger.post('/api/sign-in', { email, password: 'brand-new-password' })).json).toEqual({
      status: 'ok',
    });
  });

  it('keeps a photo by the spec rules and shows it only to its owner', async () => {
    const { browser } = await createPassport(world);
    const small = await upload(browser, makePng(100, 100));
    expect(small.status).toBe(422);
    const ok = await upload(browser, makePng(300, 400));
    expect(ok.status).toBe(200);
    const photo = String(ok.json.photo);
    expect((await browser.get(photo)).status).toBe(200);
    expect((await new Browser(world.passportUrl).get(photo)).status).toBe(401);
  });
});

async function upload(browser: Browser, png: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'me.png');
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${browser.origin}/api/me/photo`, {
    method: 'PUT',
    body: form,
    headers: { cookie, 'x-passport': '1' },
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('the QR identity', () => {
  it('is signed by the passport, checks against the published keys, expires, and is taken once', async () => {
    const { checkQrSignature, takeQrIdentity, QR_VALID_S } =
      await import('../../../server/src/modules/passport-trust/qr-identity');
    const { browser, id } = await createPassport(world);
    const res = await browser.get('/api/qr');
    expect(res.json).toMatchObject({ refresh_in: 30 });
    const token = String(res.json.token);
    const db = world.ctx.db.db;
    expect(await checkQrSignature(db, token, world.passportUrl)).toMatchObject({ ok: true, accountId: id });
    const later = new Date(Date.now() + (QR_VALID_S + 10) * 1000);
    expect(await checkQrSignature(db, token, world.passportUrl, later)).toEqual({ ok: false, reason: 'expired' });
    expect(await checkQrSignature(db, token, 'http://another.issuer')).toEqual({ ok: false, reason: 'invalid' });
    // One character of the signature changed, to one it is not.
    const at = token.lastIndexOf('.') + 5;
    const tampered = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    expect((await checkQrSignature(db, tampered, world.passportUrl)).ok).toBe(false);
    expect(await takeQrIdentity(db, token, world.passportUrl)).toMatchObject({ ok: true });
    expect(await takeQrIdentity(db, token, world.passportUrl)).toEqual({ ok: false, reason: 'used' });
    const next = String((await browser.get('/api/qr')).json.token);
    expect(next).not.toBe(token);
  });

  it('is refused to a deactivated passport', async () => {
    const { browser, password, email } = await createPassport(world);
    await browser.post('/api/me/deactivate', { password });
    const [row] = await world.ctx.db.db
      .select()
      .from(tables.passportAccounts)
      .where(eq(tables.passportAccounts.email, email));
    expect(row?.status).toBe('deactivated');
    await browser.post('/api/sign-in', { email, password });
    expect((await browser.get('/api/qr')).status).toBe(403);
  });
});
