import { resetMailsQueued, resetMailsSent } from '../src/modules/auth/reset-mails';
import { requestPasswordReset } from '../src/modules/auth/auth.service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { outboxEmails, passwordResets, sessions } from '../src/db/schema/index';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, TestClient } from './helpers/http-client';
import { mailsTo, newestMailTo } from './helpers/mail';
import { createCompany, createPerson, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The newest mail to an address, once the queued reset requests are done (forgot-password answers first). */
const lastMailTo = async (email: string) => {
  await resetMailsSent(ctx.app);
  return newestMailTo(ctx.db.db, email);
};

describe('sign-in', () => {
  it('signs in with email and password and gives the login result with an httpOnly session cookie', async () => {
    const { entity, people } = await createCompany(ctx.db.db);
    const client = new TestClient(ctx.app);
    const res = await client.post('/auth/login', { email: people.admin.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.entity.id).toBe(entity.id);
    expect(body.role.name).toBe('Admin');
    expect(body.plan).toBe(3);
    expect(body.permissions.company_details).toEqual({ allowed: 1 });
    expect(body.user).toMatchObject({ email: people.admin.email, is_owner: true, is_otp_enabled: false });
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    expect(res.cookies.find((c) => c.name === 'csrf')?.httpOnly).toBeFalsy();
    expect((await client.get('/auth/me')).json().user.email).toBe(people.admin.email);
  });

  it('refuses a wrong password with a translated message and never says whether the email exists', async () => {
    const { people } = await createCompany(ctx.db.db);
    const client = new TestClient(ctx.app);
    client.lang = 'es';
    const wrong = await client.post('/auth/login', { email: people.admin.email, password: 'nope-nope' });
    const unknown = await client.post('/auth/login', { email: 'nobody@example.test', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.json().message).toMatch(/contraseña/);
  });

  it('answers bad input with 400 naming the field, never 500', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.post('/auth/login', { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['email', 'password']));
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('throttles failed sign-ins per account with 429 and a wait time, even for the right password', async () => {
    const { people } = await createCompany(ctx.db.db);
    const client = new TestClient(ctx.app);
    for (let i = 0; i < 5; i++) {
      expect(
        (await client.post('/auth/login', { email: people.employee.email, password: `wrong-${i}` })).statusCode,
      ).toBe(401);
    }
    const blocked = await client.post('/auth/login', { email: people.employee.email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('sign_in_paused');
    expect(blocked.json().retry_after).toBeGreaterThan(0);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another account from the same address is not locked out by it.
    expect((await client.post('/auth/login', { email: people.admin.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('ends the session on sign-out: the same cookie no longer works', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const stolen = new Map(client.cookies);
    expect((await client.post('/auth/logout')).statusCode).toBe(204);
    const replay = new TestClient(ctx.app);
    replay.cookies = stolen;
    expect((await replay.get('/company')).statusCode).toBe(401);
  });

  it('ends the browser’s previous session when it signs in again', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const first = new Map(client.cookies);
    expect((await client.post('/auth/login', { email: people.employee.email, password: PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await client.get('/auth/me')).json().user.email).toBe(people.employee.email);
    const old = new TestClient(ctx.app);
    old.cookies = first;
    expect((await old.get('/auth/me')).statusCode).toBe(401);
    const open = await ctx.db.db.select().from(sessions).where(eq(sessions.userId, people.admin.id));
    expect(open).toHaveLength(0);
  });

  it('refuses a state-changing request without the CSRF token', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const res = await client.put('/me/lang', { lang: 'ar' }, { 'x-csrf-token': 'forged' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf_failed');
    expect((await client.put('/me/lang', { lang: 'ar' })).statusCode).toBe(200);
  });
});

describe('several companies and subdomains', () => {
  it('lets a person of several companies choose one, and switch', async () => {
    const a = await createCompany(ctx.db.db);
    const b = await createCompany(ctx.db.db, { package: 'Standalone', plan: 1 });
    const person = await createPerson(ctx.db.db, [a.entity, b.entity], 'admin');
    const { client, body } = await signIn(ctx.app, person.email, PASSWORD);
    expect(body.status).toBe('choose_entity');
    expect((body.entities as { id: string }[]).map((e) => e.id).sort()).toEqual([a.entity.id, b.entity.id].sort());
    // No company chosen yet: company endpoints are refused.
    expect((await client.get('/company')).statusCode).toBe(422);
    const chosen = await client.post('/auth/entity', { entity_id: b.entity.id });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().entity.package).toBe('Standalone');
    expect((await client.get('/auth/me')).json().entity.id).toBe(b.entity.id);
    const other = await createCompany(ctx.db.db);
    expect((await client.post('/auth/entity', { entity_id: other.entity.id })).statusCode).toBe(422);
  });

  it('opens the company of the subdomain, and refuses a person who is not a member', async () => {
    const a = await createCompany(ctx.db.db);
    const b = await createCompany(ctx.db.db);
    const person = await createPerson(ctx.db.db, [a.entity, b.entity], 'employee');
    const { body } = await signIn(ctx.app, person.email, PASSWORD, { subdomain: b.entity.subdomain });
    expect(body.status).toBe('ok');
    expect((body.entity as { id: string }).id).toBe(b.entity.id);
    const outsider = new TestClient(ctx.app);
    const res = await outsider.post('/auth/login', {
      email: a.people.admin.email,
      password: PASSWORD,
      subdomain: b.entity.subdomain,
    });
    expect(res.statusCode).toBe(422);
    expect(await ctx.db.db.select().from(sessions).where(eq(sessions.userId, a.people.admin.id))).toHaveLength(0);
  });

  it('resolves a subdomain publicly and answers 404 for an unknown one', async () => {
    const a = await createCompany(ctx.db.db);
    const res = await ctx.app.inject({ url: `/api/v1/public/entities/by-subdomain/${a.entity.subdomain}` });
    expect(res.json()).toMatchObject({ id: a.entity.id, name: a.entity.name });
    expect((await ctx.app.inject({ url: '/api/v1/public/entities/by-subdomain/no-such-company' })).statusCode).toBe(
      404,
    );
  });
});

describe('lock-out after wrong passwords (decision 016)', () => {
  const wrongFrom = async (client: TestClient, email: string, n: number) => {
    const codes: number[] = [];
    for (let i = 0; i < n; i++)
      codes.push((await client.post('/auth/login', { email, password: `guess ${i}` })).statusCode);
    return codes;
  };
  const unlockMails = async (email: string) =>
    (await ctx.db.db.select().from(outboxEmails).where(eq(outboxEmails.to, email))).filter((m) =>
      m.subject.includes('paused'),
    );

  it('keeps the owner’s own browser signing in while someone else has locked the account', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client: owner } = await signIn(ctx.app, people.employee.email, PASSWORD);
    expect(owner.cookies.get('device')).toBeTruthy();
    await owner.post('/auth/logout');

    const attacker = new TestClient(ctx.app);
    attacker.remoteAddress = '10.66.0.1';
    expect(await wrongFrom(attacker, people.employee.email, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await attacker.post('/auth/login', { email: people.employee.email, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'sign_in_paused' });
    expect(locked.json().message).toMatch(/emailed you a link/);
    // The same answer for an address nobody has: it says nothing about who has an account.
    const unknown = `nobody.${people.employee.id}@example.test`;
    await wrongFrom(attacker, unknown, 5);
    expect((await attacker.post('/auth/login', { email: unknown, password: 'x' })).json().message).toBe(
      locked.json().message,
    );

    expect((await owner.post('/auth/login', { email: people.employee.email, password: PASSWORD })).statusCode).toBe(
      200,
    );
    // Signing in from the known browser does not unlock the account for the others.
    expect((await attacker.post('/auth/login', { email: people.employee.email, password: PASSWORD })).statusCode).toBe(
      429,
    );
    expect(await unlockMails(people.employee.email)).toHaveLength(1);
  });

  it('counts a known browser’s own wrong passwords on their own', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    expect(await wrongFrom(client, people.admin.email, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    // The account itself is not locked for another browser, and nobody was emailed.
    expect(
      (await new TestClient(ctx.app).post('/auth/login', { email: people.admin.email, password: PASSWORD })).statusCode,
    ).toBe(200);
    expect(await unlockMails(people.admin.email)).toHaveLength(0);
  });

  it('lets the emailed link unlock a new browser, once', async () => {
    const { people } = await createCompany(ctx.db.db);
    const attacker = new TestClient(ctx.app);
    attacker.remoteAddress = '10.66.0.2';
    await wrongFrom(attacker, people.fire_warden.email, 5);
    const [mail] = await unlockMails(people.fire_warden.email);
    const token = mail!.text.match(/unlock-sign-in\?token=([\w-]+)/)![1]!;

    const phone = new TestClient(ctx.app);
    expect((await phone.post('/auth/login', { email: people.fire_warden.email, password: PASSWORD })).statusCode).toBe(
      429,
    );
    expect((await phone.post('/auth/unlock', { token })).statusCode).toBe(200);
    expect((await phone.post('/auth/login', { email: people.fire_warden.email, password: PASSWORD })).statusCode).toBe(
      200,
    );
    const reused = await new TestClient(ctx.app).post('/auth/unlock', { token });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().fields.token).toBeDefined();
    expect((await new TestClient(ctx.app).post('/auth/unlock', { token: 'x'.repeat(43) })).statusCode).toBe(422);
  });
});

describe('password reset', () => {
  it('does the same work for an unknown email as for a known one: queues it, answers, mails only an account', async () => {
    const { people } = await createCompany(ctx.db.db);
    const unknown = `nobody.${people.admin.id.slice(-8)}@example.test`;
    await resetMailsSent(ctx.app);
    // The request's whole work is synchronous and the same on both paths: one queued address, nothing
    // looked up, hashed or written before the answer (no promise to wait for).
    expect(requestPasswordReset(ctx.app, people.employee.email)).toBeUndefined();
    expect(resetMailsQueued(ctx.app)).toBe(1);
    expect(requestPasswordReset(ctx.app, unknown)).toBeUndefined();
    expect(resetMailsQueued(ctx.app)).toBe(2);
    await resetMailsSent(ctx.app);
    expect(resetMailsQueued(ctx.app)).toBe(0);
    expect((await mailsTo(ctx.db.db, people.employee.email)).map((m) => m.subject)).toEqual(['Reset your password']);
    expect(await mailsTo(ctx.db.db, unknown)).toEqual([]);
    // Through the route: the same answer on both paths, and the known path's mail as before.
    const anon = new TestClient(ctx.app);
    for (const email of [people.admin.email, unknown]) {
      const res = await anon.post('/auth/forgot-password', { email });
      expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    }
    expect((await lastMailTo(people.admin.email))!.text).toMatch(/reset-password\?token=[\w-]+/);
    expect(await mailsTo(ctx.db.db, unknown)).toEqual([]);
  });

  it('mails a link that sets a new password once, ends every session, and the old password stops working', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client: oldSession } = await signIn(ctx.app, people.employee.email, PASSWORD);
    const anon = new TestClient(ctx.app);
    expect((await anon.post('/auth/forgot-password', { email: people.employee.email })).json()).toEqual({ ok: true });
    expect((await anon.post('/auth/forgot-password', { email: 'nobody@example.test' })).json()).toEqual({ ok: true });
    const mail = await lastMailTo(people.employee.email);
    const token = mail!.text.match(/reset-password\?token=([\w-]+)/)![1]!;
    expect((await anon.get(`/auth/reset-password?token=${token}`)).statusCode).toBe(200);
    const reset = await anon.post('/auth/reset-password', {
      token,
      password: 'a brand new password',
      password_confirmation: 'a brand new password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await oldSession.get('/auth/me')).statusCode).toBe(401);
    expect(
      (await new TestClient(ctx.app).post('/auth/login', { email: people.employee.email, password: PASSWORD }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await new TestClient(ctx.app).post('/auth/login', {
          email: people.employee.email,
          password: 'a brand new password',
        })
      ).statusCode,
    ).toBe(200);
    const again = await anon.post('/auth/reset-password', {
      token,
      password: 'another password 1',
      password_confirmation: 'another password 1',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('reset_link_expired');
  });

  it('ends every older link once one is used, and every link when the password is changed', async () => {
    const { people } = await createCompany(ctx.db.db);
    const anon = new TestClient(ctx.app);
    const linkNow = async () => {
      await anon.post('/auth/forgot-password', { email: people.employee.email });
      return (await lastMailTo(people.employee.email))!.text.match(/token=([\w-]+)/)![1]!;
    };
    const older = await linkNow();
    const newer = await linkNow();
    expect(older).not.toBe(newer);
    const body = (token: string) => ({
      token,
      password: 'fresh password 1',
      password_confirmation: 'fresh password 1',
    });
    expect((await anon.post('/auth/reset-password', body(newer))).statusCode).toBe(200);
    expect((await anon.get(`/auth/reset-password?token=${older}`)).statusCode).toBe(422);
    expect((await anon.post('/auth/reset-password', body(older))).statusCode).toBe(422);

    const pending = await linkNow();
    const { client } = await signIn(ctx.app, people.employee.email, 'fresh password 1');
    const changed = await client.post('/me/password', {
      current_password: 'fresh password 1',
      password: 'fresher password 2',
      password_confirmation: 'fresher password 2',
    });
    expect(changed.statusCode).toBe(200);
    expect((await anon.get(`/auth/reset-password?token=${pending}`)).statusCode).toBe(422);
  });

  it('refuses an expired link', async () => {
    const { people } = await createCompany(ctx.db.db);
    const anon = new TestClient(ctx.app);
    await anon.post('/auth/forgot-password', { email: people.admin.email });
    const token = (await lastMailTo(people.admin.email))!.text.match(/token=([\w-]+)/)![1]!;
    await ctx.db.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResets.userId, people.admin.id));
    expect((await anon.get(`/auth/reset-password?token=${token}`)).statusCode).toBe(422);
    const res = await anon.post('/auth/reset-password', {
      token,
      password: 'whatever password',
      password_confirmation: 'whatever password',
    });
    expect(res.statusCode).toBe(422);
  });

  it('writes the reset mail in the person’s language', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.fire_warden.email, PASSWORD);
    await client.put('/me/lang', { lang: 'ar' });
    await new TestClient(ctx.app).post('/auth/forgot-password', { email: people.fire_warden.email });
    expect((await lastMailTo(people.fire_warden.email))!.subject).toBe('إعادة تعيين كلمة المرور');
  });

  it('changes the own password only with the current one, ending the other sessions', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const { client: other } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const wrong = await client.post('/me/password', {
      current_password: 'bad',
      password: 'new password 123',
      password_confirmation: 'new password 123',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields.current_password[0]).toBe('Current Password is Not Correct');
    const mismatch = await client.post('/me/password', {
      current_password: PASSWORD,
      password: 'new password 123',
      password_confirmation: 'other',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields.password_confirmation).toBeDefined();
    expect(
      (
        await client.post('/me/password', {
          current_password: PASSWORD,
          password: 'new password 123',
          password_confirmation: 'new password 123',
        })
      ).statusCode,
    ).toBe(200);
    expect((await client.get('/auth/me')).statusCode).toBe(200);
    expect((await other.get('/auth/me')).statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('keeps language and layout per person', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    expect((await client.put('/me/layout', { mode: 'dark', width: 'boxed' })).json()).toMatchObject({
      mode: 'dark',
      width: 'boxed',
      topbar: 'dark',
    });
    expect((await client.put('/me/layout', { mode: 'purple' })).statusCode).toBe(400);
    await client.put('/me/lang', { lang: 'es' });
    const me = (await client.get('/auth/me')).json();
    expect(me.user.layout.mode).toBe('dark');
    expect(me.user.lang).toBe('es');
    expect((await client.put('/me/lang', { lang: 'fr' })).statusCode).toBe(400);
  });
});

describe('housekeeping', () => {
  it('purges ended sessions, used reset links and finished throttle windows, and keeps live ones', async () => {
    const { purgeExpiredAuthRows } = await import('../src/modules/auth/housekeeping');
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const { client: old } = await signIn(ctx.app, people.employee.email, PASSWORD);
    await ctx.db.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, people.employee.id));
    await purgeExpiredAuthRows(ctx.db.db);
    expect(await ctx.db.db.select().from(sessions).where(eq(sessions.userId, people.employee.id))).toHaveLength(0);
    expect((await old.get('/auth/me')).statusCode).toBe(401);
    expect((await client.get('/auth/me')).statusCode).toBe(200);
  });
});

describe('own sessions', () => {
  it('lists own sessions and ends one or all others, never another person’s', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const { client: phone } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const { client: laptop } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const { client: stranger } = await signIn(ctx.app, people.employee.email, PASSWORD);
    const list = (await client.get('/me/sessions')).json().data as { id: string; current: boolean }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const phoneId = (await phone.get('/me/sessions')).json().data.find((s: { current: boolean }) => s.current).id;
    expect((await stranger.delete(`/me/sessions/${phoneId}`)).statusCode).toBe(404);
    expect((await phone.get('/auth/me')).statusCode).toBe(200);
    expect((await client.delete(`/me/sessions/${phoneId}`)).statusCode).toBe(204);
    expect((await phone.get('/auth/me')).statusCode).toBe(401);
    expect((await client.post('/me/sessions/revoke-others')).statusCode).toBe(200);
    expect((await laptop.get('/auth/me')).statusCode).toBe(401);
    expect((await client.get('/auth/me')).statusCode).toBe(200);
  });
});
