import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, like } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySignInCallbackUrl } from '@app/shared/entity/identity-provider';
import { auditLog, entityIdentityProviders, memberships, passportOneTimeCodes } from '../src/db/schema/index';
import { signIn, TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { createCompany, createPerson, PASSWORD } from './helpers/world';

// A company's own identity provider for its staff's dashboard sign-in (decision 047): its settings on the
// company page, and the sign-in itself against a small OpenID Connect provider run here (oidc-provider on
// a port of this machine), which signs in whoever the test names.

type Person = { email: string; email_verified: boolean };
type Client = { id: string; secret: string };
type TestProvider = {
  issuer: string;
  /** Who the provider's sign-in page signs in next. */
  signingInAs: Person | null;
  close: () => Promise<void>;
};

let ctx: TestContext;
let callbackUrl: string;

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * An OpenID Connect provider on 127.0.0.1 with these clients (each redirecting to the dashboard's one
 * callback). Its sign-in page finishes at once for `signingInAs`. `claimsInIdToken: false` keeps the
 * email in the userinfo answer only, as the specification's default for the code flow does.
 */
async function startProvider(clients: Client[], { claimsInIdToken = true } = {}): Promise<TestProvider> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const key = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'test-key' };
  const accounts = new Map<string, Person>();
  const test: TestProvider = {
    issuer,
    signingInAs: null,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.id,
      client_secret: c.secret,
      redirect_uris: [callbackUrl],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    jwks: { keys: [key] },
    cookies: { keys: ['company-sign-in-test'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: !claimsInIdToken,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const person = accounts.get(sub);
      return person ? { accountId: sub, claims: () => ({ sub, name: 'Test Person', ...person }) } : undefined;
    },
    // What the dashboard asks for is granted without a consent page.
    async loadExistingGrant(oidcCtx) {
      const { oidc } = oidcCtx;
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      const scope = oidc.params!.scope;
      grant.addOIDCScope(typeof scope === 'string' ? scope : 'openid');
      await grant.save();
      return grant;
    },
  });
  handle = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void provider.callback()(req, res);
    void (async () => {
      const person = test.signingInAs;
      if (!person) throw new Error('the test provider was not told who signs in');
      const sub = `sub-${accounts.size + 1}`;
      accounts.set(sub, person);
      const to = await provider.interactionResult(req, res, { login: { accountId: sub } });
      res.writeHead(303, { location: to }).end();
    })();
  };
  return test;
}

/** A browser at the provider: keeps its cookies by name and follows nothing, so each redirect is seen. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async get(url: string) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1).trim();
      if (value) this.cookies.set(pair!.slice(0, at).trim(), value);
      else this.cookies.delete(pair!.slice(0, at).trim());
    }
    await res.arrayBuffer();
    return { status: res.status, location: res.headers.get('location') };
  }
}

/**
 * The browser's way through a company sign-in: the dashboard's start, the provider's sign-in page, and
 * the address the provider sends it back to (not yet followed).
 */
async function throughProvider(provider: TestProvider, dashboard: TestClient, subdomain: string, person: Person) {
  provider.signingInAs = person;
  const start = await dashboard.get(`/auth/company-sign-in/start?subdomain=${subdomain}`);
  expect(start.statusCode, start.body).toBe(303);
  let location = start.headers.location!;
  expect(location.startsWith(`${provider.issuer}/auth?`), location).toBe(true);
  const browser = new Browser();
  for (let hops = 0; hops < 6 && !location.startsWith(callbackUrl); hops++) {
    location = (await browser.get(new URL(location, provider.issuer).href)).location!;
  }
  expect(location.startsWith(`${callbackUrl}?`), location).toBe(true);
  const back = new URL(location);
  return `${back.pathname}${back.search}`;
}

/** A whole sign-in: where the dashboard's callback sends the browser, and the exchanged code when it is /sso. */
async function signInWith(provider: TestProvider, subdomain: string, person: Person) {
  const dashboard = new TestClient(ctx.app);
  const callback = await throughProvider(provider, dashboard, subdomain, person);
  const back = await dashboard.get(callback);
  expect(back.statusCode).toBe(303);
  const landing = back.headers.location!;
  const code = landing.match(/^\/sso\/([^/?]+)$/)?.[1];
  const exchanged = code
    ? await dashboard.post('/auth/passport/exchange', { code: decodeURIComponent(code) })
    : undefined;
  return { dashboard, landing, code: code && decodeURIComponent(code), exchanged };
}

const SECRETS = { a: 'secret-of-company-a-0123456789', b: 'secret-of-company-b-0123456789', c: 'secret-c-0123456789' };
let main: TestProvider;
let conforming: TestProvider;

beforeAll(async () => {
  ctx = await createTestApp();
  callbackUrl = companySignInCallbackUrl(ctx.app.env.appUrl);
  main = await startProvider([
    { id: 'company-a', secret: SECRETS.a },
    { id: 'company-b', secret: SECRETS.b },
  ]);
  conforming = await startProvider([{ id: 'company-c', secret: SECRETS.c }], { claimsInIdToken: false });
});
afterAll(async () => {
  await main.close();
  await conforming.close();
  await ctx.close();
});

/** A company with its admin signed in; its provider set to `client` of `provider` when given. */
async function company(setUp?: { provider: TestProvider; client: string; secret: string }) {
  const made = await createCompany(ctx.db.db);
  const { client: admin } = await signIn(ctx.app, made.people.admin.email, PASSWORD);
  if (setUp) {
    const res = await admin.put('/company/identity-provider', {
      issuer: setUp.provider.issuer,
      client_id: setUp.client,
      client_secret: setUp.secret,
      enabled: true,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { ...made, admin, subdomain: made.entity.subdomain! };
}

const lookUp = async (subdomain: string) =>
  (await new TestClient(ctx.app).get(`/public/entities/by-subdomain/${subdomain}`)).json<{
    identity_provider: boolean;
  }>().identity_provider;

describe("a company's identity provider settings", () => {
  it('saves them once the issuer answers as a provider, keeps the secret sealed and never answers it', async () => {
    const { admin, entity, subdomain } = await company();
    expect((await admin.get('/company/identity-provider')).json()).toBeNull();
    expect(await lookUp(subdomain)).toBe(false);

    // The first save needs a secret.
    const noSecret = await admin.put('/company/identity-provider', {
      issuer: main.issuer,
      client_id: 'company-a',
      enabled: true,
    });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().fields).toEqual({ client_secret: ['Client secret is required.'] });

    // Kept as the provider spells its issuer (no trailing slash here).
    const saved = await admin.put('/company/identity-provider', {
      issuer: `${main.issuer}/`,
      client_id: 'company-a',
      client_secret: SECRETS.a,
      enabled: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = {
      issuer: main.issuer,
      client_id: 'company-a',
      enabled: false,
      has_secret: true,
      redirect_uri: 'http://localhost:3000/api/v1/auth/company-sign-in/callback',
    };
    expect(saved.json()).toEqual(settings);
    const read = await admin.get('/company/identity-provider');
    expect(read.json()).toEqual(settings);
    expect(`${saved.body}${read.body}`).not.toContain(SECRETS.a);
    const [row] = await ctx.db.db
      .select()
      .from(entityIdentityProviders)
      .where(eq(entityIdentityProviders.entityId, entity.id));
    expect(row!.clientSecretSealed).not.toContain(SECRETS.a);
    expect(ctx.app.secrets.decrypt(row!.clientSecretSealed)).toBe(SECRETS.a);
    // Turned off: the sign-in page does not offer it, and the sign-in is unavailable.
    expect(await lookUp(subdomain)).toBe(false);
    const off = await new TestClient(ctx.app).get(`/auth/company-sign-in/start?subdomain=${subdomain}`);
    expect(off.headers.location).toBe('/login?company_sign_in=unavailable');

    // Saved again without a secret: the stored one is kept.
    const enabled = await admin.put('/company/identity-provider', {
      issuer: main.issuer,
      client_id: 'company-a',
      enabled: true,
    });
    expect(enabled.json()).toEqual({ ...settings, enabled: true });
    const [kept] = await ctx.db.db
      .select()
      .from(entityIdentityProviders)
      .where(eq(entityIdentityProviders.entityId, entity.id));
    expect(ctx.app.secrets.decrypt(kept!.clientSecretSealed)).toBe(SECRETS.a);
    expect(await lookUp(subdomain)).toBe(true);

    expect((await admin.delete('/company/identity-provider')).statusCode).toBe(204);
    expect((await admin.get('/company/identity-provider')).json()).toBeNull();
    expect(await lookUp(subdomain)).toBe(false);

    // Audited like the company's other settings, never with the secret.
    const audits = await ctx.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entity.id), like(auditLog.action, 'company.identity_provider.%')))
      .orderBy(auditLog.createdAt, auditLog.id);
    expect(audits.map((a) => a.action)).toEqual([
      'company.identity_provider.create',
      'company.identity_provider.update',
      'company.identity_provider.delete',
    ]);
    expect(audits[1]!.after).toEqual({
      issuer: main.issuer,
      client_id: 'company-a',
      enabled: true,
      secret_changed: false,
    });
    expect(JSON.stringify(audits)).not.toContain(SECRETS.a);
  });

  it('refuses an issuer that is no OpenID Connect provider, naming the field in the caller’s language', async () => {
    const { admin } = await company();
    const put = (issuer: string, headers?: Record<string, string>) =>
      admin.request(
        'PUT',
        '/company/identity-provider',
        { issuer, client_id: 'company-a', client_secret: SECRETS.a, enabled: true },
        headers,
      );

    const plainHttp = await put('http://login.example.com');
    expect(plainHttp.statusCode).toBe(400);
    expect(Object.keys(plainHttp.json().fields)).toEqual(['issuer']);

    const unreachable = await put(`http://127.0.0.1:${await closedPort()}`);
    expect(unreachable.statusCode).toBe(422);
    expect(unreachable.json().fields.issuer).toEqual([expect.stringMatching(/^No OpenID Connect provider answered/)]);

    const notAProvider = await put(`${main.issuer}/nothing-here`, { 'x-lang': 'es' });
    expect(notAProvider.statusCode).toBe(422);
    expect(notAProvider.json().fields.issuer).toEqual([
      expect.stringMatching(/^Ningún proveedor OpenID Connect respondió/),
    ]);

    // A provider that names itself otherwise says how.
    const otherName = await put(main.issuer.replace('127.0.0.1', 'localhost'));
    expect(otherName.statusCode).toBe(422);
    expect(otherName.json().fields.issuer).toEqual([
      `This provider names itself ${main.issuer}. Enter that address as the issuer.`,
    ]);

    expect((await admin.get('/company/identity-provider')).json()).toBeNull();
  });

  it('cannot be read or changed by another company, by the API token or by a member without company_details', async () => {
    const a = await company({ provider: main, client: 'company-a', secret: SECRETS.a });
    const b = await company();

    expect((await b.admin.get('/company/identity-provider')).json()).toBeNull();
    const bSaved = await b.admin.put('/company/identity-provider', {
      issuer: main.issuer,
      client_id: 'company-b',
      client_secret: SECRETS.b,
      enabled: false,
    });
    expect(bSaved.json().client_id).toBe('company-b');
    expect((await b.admin.delete('/company/identity-provider')).statusCode).toBe(204);
    const aSettings = await a.admin.get('/company/identity-provider');
    expect(aSettings.json()).toMatchObject({ client_id: 'company-a', enabled: true });
    expect(await lookUp(a.subdomain)).toBe(true);
    expect(await lookUp(b.subdomain)).toBe(false);

    const token = new TestClient(ctx.app);
    token.bearer = (await a.admin.post('/company/client-token')).json<{ token: string }>().token;
    const employee = (await signIn(ctx.app, a.people.employee.email, PASSWORD)).client;
    for (const caller of [token, employee]) {
      expect((await caller.get('/company/identity-provider')).statusCode).toBe(403);
      const put = await caller.put('/company/identity-provider', {
        issuer: main.issuer,
        client_id: 'changed',
        client_secret: 'changed-secret',
        enabled: false,
      });
      expect(put.statusCode).toBe(403);
      expect((await caller.delete('/company/identity-provider')).statusCode).toBe(403);
    }
    expect((await a.admin.get('/company/identity-provider')).json()).toEqual(aSettings.json());
  });
});

describe("signing in with a company's identity provider", () => {
  it('maps the verified email to the member of this company and opens its dashboard through /sso', async () => {
    const a = await company({ provider: main, client: 'company-a', secret: SECRETS.a });
    const flow = await signInWith(main, a.subdomain, {
      email: a.people.employee.email.toUpperCase(),
      email_verified: true,
    });
    expect(flow.exchanged?.statusCode, flow.exchanged?.body).toBe(200);
    expect(flow.exchanged?.json()).toMatchObject({ status: 'ok', entity: { id: a.entity.id } });
    const me = await flow.dashboard.get('/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { user_id: a.people.employee.id }, entity: { id: a.entity.id } });
    // The code opened one session.
    const again = await new TestClient(ctx.app).post('/auth/passport/exchange', { code: flow.code });
    expect(again.statusCode).toBe(422);

    // New settings are used at once: a wrong secret fails at the provider, the right one works again.
    const wrong = await a.admin.put('/company/identity-provider', {
      issuer: main.issuer,
      client_id: 'company-a',
      client_secret: 'not-the-secret',
      enabled: true,
    });
    expect(wrong.statusCode).toBe(200);
    const refused = await signInWith(main, a.subdomain, { email: a.people.employee.email, email_verified: true });
    expect(refused.landing).toBe('/login?company_sign_in=failed');
    await a.admin.put('/company/identity-provider', {
      issuer: main.issuer,
      client_id: 'company-a',
      client_secret: SECRETS.a,
      enabled: true,
    });
    const back = await signInWith(main, a.subdomain, { email: a.people.employee.email, email_verified: true });
    expect(back.exchanged?.json()).toMatchObject({ status: 'ok', entity: { id: a.entity.id } });
  });

  it('reads the email from the userinfo answer when the ID token does not carry it', async () => {
    const c = await company({ provider: conforming, client: 'company-c', secret: SECRETS.c });
    const flow = await signInWith(conforming, c.subdomain, { email: c.people.fire_warden.email, email_verified: true });
    expect(flow.exchanged?.json()).toMatchObject({ status: 'ok', entity: { id: c.entity.id } });
  });

  it('refuses an email the provider has not verified', async () => {
    const a = await company({ provider: main, client: 'company-a', secret: SECRETS.a });
    const flow = await signInWith(main, a.subdomain, { email: a.people.admin.email, email_verified: false });
    expect(flow.landing).toBe('/login?company_sign_in=unverified');
    expect((await flow.dashboard.get('/auth/me')).statusCode).toBe(401);
  });

  it('refuses a person who is no active member of this company, even a member of another one', async () => {
    const a = await company({ provider: main, client: 'company-a', secret: SECRETS.a });
    const b = await company();
    // Codes made for these two only: other files add theirs to the same table at the same time.
    const codesOf = async () =>
      (
        await ctx.db.db
          .select()
          .from(passportOneTimeCodes)
          .where(inArray(passportOneTimeCodes.userId, [b.people.admin.id, a.people.employee_reporting.id]))
      ).length;
    const stranger = await signInWith(main, a.subdomain, { email: b.people.admin.email, email_verified: true });
    expect(stranger.landing).toBe('/login?company_sign_in=failed');
    expect((await stranger.dashboard.get('/auth/me')).statusCode).toBe(401);

    await ctx.db.db
      .update(memberships)
      .set({ status: 'revoked' })
      .where(eq(memberships.id, a.people.employee_reporting.membershipId));
    const revoked = await signInWith(main, a.subdomain, {
      email: a.people.employee_reporting.email,
      email_verified: true,
    });
    expect(revoked.landing).toBe('/login?company_sign_in=failed');
    expect(await codesOf()).toBe(0);
  });

  it("never opens another company: A's provider opens A for a member of both, and A's code is refused at B", async () => {
    const a = await company({ provider: main, client: 'company-a', secret: SECRETS.a });
    const b = await company({ provider: main, client: 'company-b', secret: SECRETS.b });
    const both = await createPerson(ctx.db.db, [b.entity, a.entity], 'employee');

    const intoA = await signInWith(main, a.subdomain, { email: both.email, email_verified: true });
    expect(intoA.exchanged?.json()).toMatchObject({ status: 'ok', entity: { id: a.entity.id } });
    expect((await intoA.dashboard.get('/auth/me')).json()).toMatchObject({ entity: { id: a.entity.id } });

    // A sign-in started at B, answered with the code A's provider gave for A's sign-in.
    const atB = new TestClient(ctx.app);
    await atB.get(`/auth/company-sign-in/start?subdomain=${b.subdomain}`);
    const bState = atB.cookies.get('company_sign_in_state')!;
    const fromA = new URL(
      await throughProvider(main, new TestClient(ctx.app), a.subdomain, { email: both.email, email_verified: true }),
      callbackUrl,
    );
    fromA.searchParams.set('state', bState);
    const mixed = await atB.get(`${fromA.pathname}${fromA.search}`);
    expect(mixed.headers.location).toBe('/login?company_sign_in=failed');
    expect((await atB.get('/auth/me')).statusCode).toBe(401);
  });

  it('refuses a callback with a wrong state, or one this browser did not start', async () => {
    const a = await company({ provider: main, client: 'company-a', secret: SECRETS.a });
    const person = { email: a.people.admin.email, email_verified: true };

    const dashboard = new TestClient(ctx.app);
    const callback = new URL(await throughProvider(main, dashboard, a.subdomain, person), callbackUrl);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state');
    expect((await dashboard.get(`${forged.pathname}${forged.search}`)).headers.location).toBe(
      '/login?company_sign_in=failed',
    );

    const elsewhere = new URL(await throughProvider(main, new TestClient(ctx.app), a.subdomain, person), callbackUrl);
    const stranger = new TestClient(ctx.app);
    expect((await stranger.get(`${elsewhere.pathname}${elsewhere.search}`)).headers.location).toBe(
      '/login?company_sign_in=failed',
    );
    // The passport's callback does not take a company sign-in, even with its state in the passport's cookie.
    const passportSide = new TestClient(ctx.app);
    passportSide.cookies.set('passport_state', elsewhere.searchParams.get('state')!);
    const passport = await passportSide.get(`/auth/passport/callback${elsewhere.search}`);
    expect(passport.headers.location).toBe('/login?passport=failed');
  });

  it('is unavailable without a company, or for a company without an enabled provider', async () => {
    const plain = await company();
    const client = new TestClient(ctx.app);
    for (const query of ['', '?subdomain=no-such-company', `?subdomain=${plain.subdomain}`]) {
      const res = await client.get(`/auth/company-sign-in/start${query}`);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/login?company_sign_in=unavailable');
    }
  });
});
