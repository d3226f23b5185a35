// Races: what a single-use or limited thing allows when many requests arrive at once. On PostgreSQL
// (CI's second pass) the requests really run in parallel on separate connections; each test says the
// exact number that may succeed.
import { resetMailsSent } from '../src/modules/auth/reset-mails';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { outboxEmails, users } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { LOGIN_PER_ACCOUNT, LOGIN_PER_ADDRESS } from '../src/modules/auth/sign-in-guard';
import { OTP_ATTEMPTS } from '../src/modules/auth/two-step.service';
import { reportFigure } from './helpers/figures';
import { signIn, TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  // Several connections, so parallel requests are parallel in the database too.
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const figures: string[] = [];
afterAll(() => reportFigure('races', figures.join('; ')));

/** Each caller from its own address unless told, so per-address limits stay out of the way. */
const clientAt = (address = `10.${rnd()}.${rnd()}.${rnd()}`) => {
  const client = new TestClient(ctx.app);
  client.remoteAddress = address;
  return client;
};
const rnd = () => Math.floor(Math.random() * 250) + 1;

/** Exactly one accepted; the rest refused as used or, past the attempt limit, as too many. */
const oneAccepted = (responses: { statusCode: number }[]) => {
  expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
  expect(responses.filter((r) => r.statusCode !== 200).every((r) => [422, 429].includes(r.statusCode))).toBe(true);
};

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

async function enrolTwoStep(client: TestClient) {
  const { secret } = (await client.post('/me/otp/setup')).json<{ secret: string }>();
  const enabled = await client.post('/me/otp/enable', { code: await generate({ secret }) });
  expect(enabled.statusCode).toBe(200);
  return { secret, recovery: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
}

/** Sessions waiting for the second step, each in its own browser. */
async function pendingSessions(email: string, n: number) {
  const clients = Array.from({ length: n }, () => clientAt());
  for (const client of clients) {
    expect((await client.post('/auth/login', { email, password: PASSWORD })).json().status).toBe('otp_required');
  }
  return clients;
}

describe('single-use two-step codes under parallel use', () => {
  it('lets exactly one of eight sessions spend the same authenticator code', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const { secret } = await enrolTwoStep(client);
    const clients = await pendingSessions(people.admin.email, 8);
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const answers = await Promise.all(clients.map((c) => c.post('/auth/otp/verify', { code })));
    oneAccepted(answers);
    figures.push('one authenticator code × 8 sessions: 1 accepted');
  });

  it('lets exactly one of eight sessions spend the same recovery code, and removes it', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.employee.email, PASSWORD);
    const { recovery } = await enrolTwoStep(client);
    const clients = await pendingSessions(people.employee.email, 8);
    const answers = await Promise.all(clients.map((c) => c.post('/auth/otp/verify', { code: recovery[0] })));
    oneAccepted(answers);
    const [row] = await ctx.db.db
      .select({ codes: users.otpRecoveryCodes })
      .from(users)
      .where(eq(users.id, people.employee.id));
    expect(row!.codes).toHaveLength(recovery.length - 1);
    figures.push('one recovery code × 8 sessions: 1 accepted');
  });

  it('checks at most five wrong codes of six sent at once', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.fire_warden.email, PASSWORD);
    await enrolTwoStep(client);
    const clients = await pendingSessions(people.fire_warden.email, 6);
    const answers = await Promise.all(clients.map((c) => c.post('/auth/otp/verify', { code: '000000' })));
    expect(statuses(answers)).toEqual({ 422: OTP_ATTEMPTS.limit, 429: 6 - OTP_ATTEMPTS.limit });
    figures.push(`6 wrong two-step codes at once: ${OTP_ATTEMPTS.limit} checked`);
  });

  it('turns two-step on once when the same code confirms it twice at once', async () => {
    const { people } = await createCompany(ctx.db.db);
    const { client } = await signIn(ctx.app, people.employee_reporting.email, PASSWORD);
    const { secret } = (await client.post('/me/otp/setup')).json<{ secret: string }>();
    const code = await generate({ secret });
    const answers = await Promise.all([1, 2, 3].map(() => client.post('/me/otp/enable', { code })));
    expect(statuses(answers)).toEqual({ 200: 1, 422: 2 });
    const given = answers.find((a) => a.statusCode === 200)!.json<{ recovery_codes: string[] }>().recovery_codes;
    // The recovery codes the person was shown are the ones that work.
    const [pending] = await pendingSessions(people.employee_reporting.email, 1);
    expect((await pending!.post('/auth/otp/verify', { code: given[3] })).statusCode).toBe(200);
  });
});

describe('password attempts under parallel use', () => {
  it(`checks exactly ${LOGIN_PER_ACCOUNT.limit} of 18 wrong passwords sent at once to one account`, async () => {
    const { people } = await createCompany(ctx.db.db);
    const answers = await Promise.all(
      Array.from({ length: 18 }, (_, i) =>
        clientAt().post('/auth/login', { email: people.employee.email, password: `wrong ${i}` }),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: LOGIN_PER_ACCOUNT.limit, 429: 18 - LOGIN_PER_ACCOUNT.limit });
    figures.push(`18 wrong passwords on one account at once: ${LOGIN_PER_ACCOUNT.limit} checked`);
  });

  it(`checks exactly ${LOGIN_PER_ADDRESS.limit} of 42 wrong passwords sent at once from one address`, async () => {
    const address = `10.200.${rnd()}.${rnd()}`;
    const answers = await Promise.all(
      Array.from({ length: 42 }, (_, i) =>
        clientAt(address).post('/auth/login', { email: `nobody.${newId()}.${i}@example.test`, password: 'wrong' }),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: LOGIN_PER_ADDRESS.limit, 429: 42 - LOGIN_PER_ADDRESS.limit });
    figures.push(`42 wrong passwords from one address at once: ${LOGIN_PER_ADDRESS.limit} checked`);
  });
});

describe('password links under parallel use', () => {
  async function linksFor(email: string, n: number) {
    for (let i = 0; i < n; i++) await clientAt().post('/auth/forgot-password', { email });
    await resetMailsSent(ctx.app);
    const mails = await ctx.db.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    return mails.map((m) => m.text.match(/token=([\w-]+)/)![1]!);
  }
  const reset = (token: string, password: string) =>
    clientAt().post('/auth/reset-password', { token, password, password_confirmation: password });

  it('lets exactly one of six requests use the same link', async () => {
    const { people } = await createCompany(ctx.db.db);
    const [token] = await linksFor(people.employee.email, 1);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => reset(token!, `new password ${i} ok`)));
    expect(statuses(answers)).toEqual({ 200: 1, 422: 5 });
    figures.push('one reset link × 6 requests: 1 accepted');
  });

  it('lets exactly one of a person’s links be used when several are used at once', async () => {
    const { people } = await createCompany(ctx.db.db);
    const tokens = await linksFor(people.admin.email, 3);
    expect(tokens).toHaveLength(3);
    const answers = await Promise.all(tokens.map((token, i) => reset(token, `new password ${i} ok`)));
    expect(statuses(answers)).toEqual({ 200: 1, 422: 2 });
    figures.push('3 reset links of one person at once: 1 accepted');
  });
});
