import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PERMISSIONS, type Permission } from '@app/shared/access/permissions';
import { DEFAULT_ROLE_PERMISSIONS, ROLE_KEYS } from '@app/shared/access/roles';
import { PLANS } from '@app/shared/constants';
import { entities, outboxEmails, users } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import type { RouteAccess } from '../src/plugins/auth';
import {
  allowAllBut,
  createMemberInRole,
  createRole,
  documentedOperations,
  expectedOutcome,
  operationKey,
  outcomeOf,
  runLimited,
  securityOf,
  type SessionStanding,
  type Standing,
} from './helpers/access-matrix';
import { reportFigure } from './helpers/figures';
import { fillRoute } from './helpers/routes';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, TestClient } from './helpers/http-client';
import { createCompany, createPerson, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Caller = { name: string; client: TestClient; standing: Standing };

// Calls in flight at once: on PGlite (one connection) 1 and 8 took the same time; on PostgreSQL 8 was the
// quickest of 1, 4 and 8, the database working while the app does.
const CONCURRENCY = 8;

/**
 * Calls that end what other calls use, made after all the others, one at a time and caller by caller:
 * replacing or deleting the API token (the token's own calls, made first, need it), and signing out
 * (the session every call of its caller needs).
 */
const LAST = ['POST /api/v1/company/client-token', 'DELETE /api/v1/company/client-token', 'POST /api/v1/auth/logout'];

const sessionOf = (
  allowed: readonly Permission[],
  flags: Omit<SessionStanding, 'kind' | 'allowed'> = {},
): SessionStanding => ({ kind: 'session', allowed, ...flags });

const namesPermission = (rule: RouteAccess, permission: Permission) =>
  [rule.permission ?? []].flat().includes(permission);

async function signedIn(email: string, status: 'ok' | 'otp_required') {
  const { client, body } = await signIn(ctx.app, email, PASSWORD);
  expect(body.status, email).toBe(status);
  return client;
}

describe('authorization matrix', () => {
  it('documents exactly the registered API routes, each with the security its rule allows', () => {
    const documented = documentedOperations(ctx.app.swagger());
    const registered = new Map(ctx.app.apiRoutes.map((r) => [operationKey(r.method, r.url), r.access]));
    const documentedKeys = new Set(documented.map((op) => op.key));
    expect([...registered.keys()].filter((key) => !documentedKeys.has(key)).sort(), 'undocumented').toEqual([]);
    expect([...documentedKeys].filter((key) => !registered.has(key)).sort(), 'documented, not served').toEqual([]);
    const wrongSecurity = documented
      .filter((op) => registered.has(op.key))
      .filter((op) => JSON.stringify(op.security) !== JSON.stringify(securityOf(registered.get(op.key)!)))
      .map((op) => `${op.key}: ${JSON.stringify(op.security)}`);
    expect(wrongSecurity).toEqual([]);
  });

  // The matrix holds each route to its declared rule; a wrong declaration would pass it. So the
  // declarations themselves are pinned here, one line per operation: a change to who may call what
  // shows in review as a change to this file (`npx vitest run -u` rewrites it on purpose).
  it('pins every operation’s declared access rule', async () => {
    const describeRule = (rule: RouteAccess) =>
      [
        rule.auth ?? 'entity',
        rule.permission ? `permission=${[rule.permission].flat().join('|')}` : '',
        rule.platformAdmin ? 'platform-admin' : '',
        rule.noClientToken ? 'no-token' : '',
        rule.allowWithoutOtp ? 'without-otp' : '',
        rule.allowOtpPending ? 'otp-pending' : '',
        rule.deviceToken ? 'device-token' : '',
        rule.holderToken ? 'holder-token' : '',
      ]
        .filter(Boolean)
        .join(' ');
    const lines = ctx.app.apiRoutes
      .map((r) => `${r.method.padEnd(6)} ${r.url.replace('/api/v1', '')}  ${describeRule(r.access)}`)
      .sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/route-access.txt');
  });

  it('answers every operation to every caller the way its access rule says', async () => {
    const started = performance.now();
    const { entity, people } = await createCompany(ctx.db.db, { plan: PLANS.enterprise });
    const callers: Caller[] = [
      { name: 'signed out', client: new TestClient(ctx.app), standing: { kind: 'signed out' } },
    ];

    const { client: owner } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const token = await owner.post('/company/client-token');
    expect(token.statusCode).toBe(200);
    const tokenClient = new TestClient(ctx.app);
    tokenClient.bearer = token.json<{ token: string }>().token;
    callers.push({ name: 'API token', client: tokenClient, standing: { kind: 'token' } });

    for (const role of ROLE_KEYS) {
      const client = role === 'admin' ? owner : (await signIn(ctx.app, people[role].email, PASSWORD)).client;
      callers.push({ name: role, client, standing: sessionOf(DEFAULT_ROLE_PERMISSIONS[role]) });
    }

    // In the plain employee role, so nothing but the flag opens the platform routes to them.
    const operator = await createPerson(ctx.db.db, [entity], 'employee', { isPlatformAdmin: true });
    callers.push({
      name: 'platform administrator (employee)',
      client: await signedIn(operator.email, 'ok'),
      standing: sessionOf(DEFAULT_ROLE_PERMISSIONS.employee, { platformAdmin: true }),
    });

    const twoStepUser = await createPerson(ctx.db.db, [entity], 'admin');
    await ctx.db.db.update(users).set({ otpEnabled: true }).where(eq(users.id, twoStepUser.id));
    callers.push({
      name: 'admin waiting for the two-step code',
      client: await signedIn(twoStepUser.email, 'otp_required'),
      standing: sessionOf(PERMISSIONS, { otpPending: true }),
    });

    const otpRole = await createRole(ctx.db.db, entity, 'Must use two-step', PERMISSIONS);
    const unenrolled = await createMemberInRole(ctx.db.db, entity, otpRole);
    await ctx.db.db
      .update(entities)
      .set({ twoStepEnabled: true, otpRoles: [otpRole] })
      .where(eq(entities.id, entity.id));
    callers.push({
      name: 'admin without the two-step the company asks of them',
      client: await signedIn(unenrolled.email, 'ok'),
      standing: sessionOf(PERMISSIONS, { otpEnrolmentRequired: true }),
    });

    const probeRole = await createRole(ctx.db.db, entity, 'Probe', PERMISSIONS);
    const probe = await signedIn((await createMemberInRole(ctx.db.db, entity, probeRole)).email, 'ok');

    // The hook's refusals are told from a route's own by their message, compared in English.
    for (const client of [...callers.map((c) => c.client), probe]) client.lang = 'en';

    const rules = new Map(ctx.app.apiRoutes.map((r) => [operationKey(r.method, r.url), r.access]));
    const operations = documentedOperations(ctx.app.swagger()).flatMap((op) => {
      const rule = rules.get(op.key);
      return rule ? [{ ...op, rule }] : [];
    });
    expect(operations.length).toBe(ctx.app.apiRoutes.length);

    const mismatches: string[] = [];
    let calls = 0;
    const call = (caller: Caller, op: (typeof operations)[number]) => async () => {
      const res = await caller.client.request(
        op.method as Parameters<TestClient['request']>[0],
        fillRoute(op.url),
        op.method === 'GET' ? undefined : {},
      );
      calls++;
      const expected = expectedOutcome(caller.standing, op.rule);
      const got = outcomeOf(res);
      if (got !== expected) {
        mismatches.push(
          `${caller.name} ${op.key}: expected ${expected}, got ${res.statusCode} ${got} ${res.body.slice(0, 300)}`,
        );
      }
    };

    // The one-permission-less callers share the probe member: its role's flags change between them.
    const callWithoutEach = async (ops: typeof operations, limit: number) => {
      for (const withheld of PERMISSIONS) {
        const naming = ops.filter((op) => namesPermission(op.rule, withheld));
        if (!naming.length) continue;
        await allowAllBut(ctx.db.db, entity.id, probeRole, withheld);
        const caller = {
          name: `all but ${withheld}`,
          client: probe,
          standing: sessionOf(PERMISSIONS.filter((p) => p !== withheld)),
        };
        await runLimited(
          naming.map((op) => call(caller, op)),
          limit,
        );
      }
    };
    const ordinary = operations.filter((op) => !LAST.includes(op.key));
    const last = LAST.flatMap((key) => operations.filter((op) => op.key === key));
    expect(last.map((op) => op.key)).toEqual(LAST);
    await runLimited(
      callers.flatMap((caller) => ordinary.map((op) => call(caller, op))),
      CONCURRENCY,
    );
    await callWithoutEach(ordinary, CONCURRENCY);
    await runLimited(
      callers.flatMap((caller) => last.map((op) => call(caller, op))),
      1,
    );
    await callWithoutEach(last, 1);

    const unnamed = PERMISSIONS.filter((p) => !operations.some((op) => namesPermission(op.rule, p))).length;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    reportFigure(
      'authorization matrix',
      `${operations.length} operations × ${callers.length + PERMISSIONS.length} callers ` +
        `(${callers.length} on every operation; ${PERMISSIONS.length} one-permission-less callers only on the ` +
        `operations naming that permission, ${unnamed} permissions being named by none): ` +
        `${calls} calls in ${seconds} s, ${mismatches.length} mismatches`,
    );
    expect(mismatches, `${mismatches.length} mismatches:\n${mismatches.join('\n')}`).toEqual([]);
  }, 180_000);
});

describe('permissions of roles', () => {
  it('gives each role exactly its own allowed permissions in the login result', async () => {
    const { people } = await createCompany(ctx.db.db);
    for (const role of ROLE_KEYS) {
      const { body } = await signIn(ctx.app, people[role].email, PASSWORD);
      const map = body.permissions as Record<string, { allowed: number }>;
      const allowed = Object.keys(map)
        .filter((p) => map[p]!.allowed === 1)
        .sort();
      expect(allowed, role).toEqual([...DEFAULT_ROLE_PERMISSIONS[role]].sort());
    }
  });

  it('follows the allowed flag when a company changes a role', async () => {
    const { entity, people } = await createCompany(ctx.db.db);
    const { client: admin } = await signIn(ctx.app, people.admin.email, PASSWORD);
    const { client: warden } = await signIn(ctx.app, people.fire_warden.email, PASSWORD);
    expect((await warden.get('/company')).statusCode).toBe(403);
    const res = await admin.put(`/roles/${entity.roles.fire_warden}/permissions`, {
      permissions: { company_details: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions.company_details).toEqual({ allowed: 1 });
    expect((await warden.get('/company')).statusCode).toBe(200);
    expect((await warden.get('/auth/me')).json().permissions.company_details).toEqual({ allowed: 1 });
    const unknown = await admin.put(`/roles/${entity.roles.fire_warden}/permissions`, {
      permissions: { fly_to_moon: 1 },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps platform endpoints to platform administrators', async () => {
    const { entity, people } = await createCompany(ctx.db.db);
    const { client: companyAdmin } = await signIn(ctx.app, people.system_admin.email, PASSWORD);
    expect((await companyAdmin.get('/platform/entities')).statusCode).toBe(403);
    const operator = await createPerson(ctx.db.db, [entity], 'system_admin', { isPlatformAdmin: true });
    const { client } = await signIn(ctx.app, operator.email, PASSWORD);
    const list = await client.get('/platform/entities?limit=500');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.some((e: { id: string }) => e.id === entity.id)).toBe(true);
  });
});

describe('opening a company', () => {
  it('creates the company with its roles and owner, and mails the owner a link to set a password', async () => {
    const { entity } = await createCompany(ctx.db.db);
    const operator = await createPerson(ctx.db.db, [entity], 'system_admin', { isPlatformAdmin: true });
    const { client } = await signIn(ctx.app, operator.email, PASSWORD);
    const subdomain = `new${newId().slice(-10)}`;
    const email = `owner.${subdomain}@example.test`;
    const res = await client.post('/platform/entities', {
      name: 'Fresh Co',
      subdomain,
      package: 'Cloud',
      plan: 2,
      owner: { email, first_name: 'Olga', last_name: 'Owner' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Fresh Co', subdomain, package: 'Cloud', plan: 2 });
    const again = await client.post('/platform/entities', {
      name: 'Dup',
      subdomain,
      package: 'Cloud',
      plan: 1,
      owner: { email, first_name: 'A', last_name: 'B' },
    });
    expect(again.statusCode).toBe(409);
    const [mail] = await ctx.db.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    const token = mail!.text.match(/token=([\w-]+)/)![1]!;
    const anon = new TestClient(ctx.app);
    expect(
      (
        await anon.post('/auth/reset-password', {
          token,
          password: 'owner password 1',
          password_confirmation: 'owner password 1',
        })
      ).statusCode,
    ).toBe(200);
    const login = await anon.post('/auth/login', { email, password: 'owner password 1' });
    expect(login.json()).toMatchObject({
      status: 'ok',
      role: { name: 'Admin' },
      user: { is_owner: true },
      entity: { subdomain },
    });
  });
});
