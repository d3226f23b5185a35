import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../fakes/fake-server';
import { startGoogleDirectoryFake, type GoogleFakeControl } from '../fakes/google-directory-fake';
import {
  createGoogleDirectoryConnector,
  exchangeGoogleCode,
  googleAuthorizationUrl,
  googleDirectoryConnector,
} from './google-directory';
import { createDirectoryHttp } from './http';
import {
  DirectoryAuthError,
  DirectoryUnavailableError,
  type ConnectorDeps,
  type DirectoryCredentials,
  type DirectoryRead,
  type DirectoryRecord,
  type DirectoryUser,
} from './types';

const REDIRECT = 'https://visitors.example/api/v1/integrations/google/callback';
const HOUR = 3_600_000;

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fake(options: Parameters<typeof startGoogleDirectoryFake>[0] = {}) {
  const started = await startGoogleDirectoryFake(options);
  servers.push(started.server);
  return started;
}

/** Deps pointed at the fake (one base URL for all three Google endpoints); sleeps are recorded, never waited. */
function depsOf(server: FakeServer, control: GoogleFakeControl, change: Partial<ConnectorDeps['endpoints']> = {}) {
  const httpSleeps: number[] = [];
  const http = createDirectoryHttp({ attempts: 2, backoffMs: 1, sleep: async (ms) => void httpSleeps.push(ms) });
  const deps: ConnectorDeps = {
    http,
    now: () => new Date(),
    endpoints: {
      googleAuth: server.url,
      googleToken: server.url,
      googleApi: server.url,
      googleClientId: control.clientId,
      googleClientSecret: control.clientSecret,
      ...change,
    } as ConnectorDeps['endpoints'],
  };
  return { deps, httpSleeps };
}

/** The admin's consent, clicked through on the fake's page: the code and state Google sends back. */
async function consent(server: FakeServer, control: GoogleFakeControl, verifier: string) {
  const url = googleAuthorizationUrl({
    endpoints: depsOf(server, control).deps.endpoints,
    state: 'state-123',
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    redirectUri: REDIRECT,
  });
  const html = await (await fetch(url)).text();
  const link = (id: string) =>
    new URL(html.match(new RegExp(`id="${id}" href="([^"]+)"`))![1]!.replaceAll('&amp;', '&'));
  return { html, allow: link('allow'), deny: link('deny') };
}

/** Secrets as the consent leaves them. */
async function consented(server: FakeServer, control: GoogleFakeControl) {
  const verifier = randomBytes(48).toString('base64url');
  const { allow } = await consent(server, control, verifier);
  const { deps } = depsOf(server, control);
  return exchangeGoogleCode({
    http: deps.http,
    endpoints: deps.endpoints,
    code: allow.searchParams.get('code')!,
    codeVerifier: verifier,
    redirectUri: REDIRECT,
    now: deps.now,
  });
}

async function connect(
  server: FakeServer,
  control: GoogleFakeControl,
  options: { refreshedAt?: Date | null; secrets?: Partial<Record<string, string>> } = {},
) {
  const { secrets, account } = await consented(server, control);
  const sleeps: number[] = [];
  const connector = createGoogleDirectoryConnector({ sleep: async (ms) => void sleeps.push(ms), random: () => 0 });
  const credentials: DirectoryCredentials = {
    config: { account },
    secrets: { ...secrets, ...options.secrets } as Record<string, string>,
    refreshedAt: options.refreshedAt === undefined ? new Date() : options.refreshedAt,
  };
  const session = await connector.connect(credentials, depsOf(server, control).deps);
  return { session, sleeps, secrets };
}

async function readAll(read: DirectoryRead) {
  const records: DirectoryRecord[] = [];
  for await (const page of read.pages) records.push(...page.records);
  return records;
}
const people = (records: DirectoryRecord[]) => records.flatMap((r) => (r.ok ? [r.user] : []));
const calls = (server: FakeServer, path: string) => server.log.filter((l) => l.path === path);

describe('Google consent', () => {
  it('builds the authorization URL of a web server app with offline access and PKCE', async () => {
    const url = new URL(
      googleAuthorizationUrl({
        endpoints: { googleAuth: 'https://accounts.google.com', googleClientId: 'client-1', googleClientSecret: 's' },
        state: 'st',
        codeChallenge: 'challenge',
        redirectUri: REDIRECT,
      } as Parameters<typeof googleAuthorizationUrl>[0]),
    );
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope:
        'openid email https://www.googleapis.com/auth/admin.directory.user.readonly https://www.googleapis.com/auth/admin.directory.group.readonly',
      access_type: 'offline',
      prompt: 'consent',
      state: 'st',
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code for tokens and names the admin who consented', async () => {
    const { server, control } = await fake({ users: 5 });
    const verifier = randomBytes(48).toString('base64url');
    const { html, allow, deny } = await consent(server, control, verifier);
    expect(html).toContain(control.appName);
    expect(allow.origin + allow.pathname).toBe(REDIRECT);
    expect(allow.searchParams.get('state')).toBe('state-123');
    expect(deny.searchParams.get('error')).toBe('access_denied');
    const { deps } = depsOf(server, control);
    const before = Date.now();
    const result = await exchangeGoogleCode({
      http: deps.http,
      endpoints: deps.endpoints,
      code: allow.searchParams.get('code')!,
      codeVerifier: verifier,
      redirectUri: REDIRECT,
      now: deps.now,
    });
    expect(result.account).toBe(control.adminEmail);
    expect(Object.keys(result.secrets).sort()).toEqual(['access_expires_at', 'access_token', 'refresh_token']);
    const expiresAt = Number(result.secrets.access_expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + HOUR - 2000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + HOUR);
    expect(server.log.map((l) => [l.method, l.path, l.status])).toEqual([
      ['GET', '/o/oauth2/v2/auth', 200],
      ['POST', '/token', 200],
      ['GET', '/oauth2/v3/userinfo', 200],
    ]);
  });

  it('refuses a code sent with another PKCE verifier', async () => {
    const { server, control } = await fake({ users: 1 });
    const { allow } = await consent(server, control, randomBytes(48).toString('base64url'));
    const { deps } = depsOf(server, control);
    const exchanging = exchangeGoogleCode({
      http: deps.http,
      endpoints: deps.endpoints,
      code: allow.searchParams.get('code')!,
      codeVerifier: randomBytes(48).toString('base64url'),
      redirectUri: REDIRECT,
      now: deps.now,
    });
    await expect(exchanging).rejects.toThrow(DirectoryAuthError);
    await expect(exchanging).rejects.toMatchObject({ directoryMessage: 'invalid_grant: Invalid code verifier.' });
  });

  it('refuses the installation’s client when its secret is wrong', async () => {
    const { server, control } = await fake({ users: 1 });
    const verifier = randomBytes(48).toString('base64url');
    const { allow } = await consent(server, control, verifier);
    const { deps } = depsOf(server, control, { googleClientSecret: 'GOCSPX-wrong' });
    const exchanging = exchangeGoogleCode({
      http: deps.http,
      endpoints: deps.endpoints,
      code: allow.searchParams.get('code')!,
      codeVerifier: verifier,
      redirectUri: REDIRECT,
      now: deps.now,
    });
    await expect(exchanging).rejects.toThrow(/GOOGLE_CLIENT_SECRET/);
    await expect(exchanging).rejects.toMatchObject({ directoryMessage: expect.stringMatching(/^invalid_client/) });
  });
});

describe('googleDirectoryConnector: tokens', () => {
  it('uses a stored access token while it is valid', async () => {
    const { server, control } = await fake({ users: 5 });
    const { session } = await connect(server, control);
    await session.groups();
    expect(calls(server, '/token')).toHaveLength(1); // the consent's exchange only
    expect(session.refreshedSecrets()).toBeNull();
    expect(session.account()).toBe(control.adminEmail);
    expect(googleDirectoryConnector).toMatchObject({
      code: 'googleAD',
      fields: ['email', 'phone', 'id_number', 'department'],
      writesBack: false,
    });
  });

  it('refreshes an expired access token and hands back the new secrets', async () => {
    const { server, control } = await fake({ users: 5 });
    const { session, secrets } = await connect(server, control, {
      secrets: { access_expires_at: String(Date.now() - 1000) },
    });
    const refreshed = session.refreshedSecrets();
    expect(refreshed).not.toBeNull();
    expect(refreshed!.access_token).not.toBe(secrets.access_token);
    expect(refreshed!.refresh_token).toBe(secrets.refresh_token);
    expect(Number(refreshed!.access_expires_at)).toBeGreaterThan(Date.now() + HOUR - 5000);
    expect(calls(server, '/token')).toHaveLength(2);
    expect((await session.groups()).length).toBeGreaterThan(0);
  });

  it('refreshes a token last refreshed more than 24 hours ago, even while it is valid', async () => {
    const { server, control } = await fake({ users: 5 });
    const { session: fresh } = await connect(server, control, { refreshedAt: new Date(Date.now() - 23 * HOUR) });
    expect(fresh.refreshedSecrets()).toBeNull();
    const { session: old } = await connect(server, control, { refreshedAt: new Date(Date.now() - 25 * HOUR) });
    expect(old.refreshedSecrets()).toMatchObject({ access_token: expect.stringMatching(/^ya29\./) });
  });

  it('says a revoked refresh token needs a new consent', async () => {
    const { server, control } = await fake({ users: 5 });
    const { secrets } = await consented(server, control);
    control.revokeRefreshTokens();
    const connecting = googleDirectoryConnector.connect(
      { config: {}, secrets: { ...secrets, access_expires_at: '0' }, refreshedAt: new Date() },
      depsOf(server, control).deps,
    );
    await expect(connecting).rejects.toThrow(DirectoryAuthError);
    await expect(connecting).rejects.toThrow(/sign in with Google again/);
    await expect(connecting).rejects.toMatchObject({ directoryMessage: expect.stringMatching(/^invalid_grant/) });
  });

  it('refuses to connect without the installation’s OAuth client, before any call', async () => {
    const { server, control } = await fake({ users: 1 });
    const { secrets } = await consented(server, control);
    const logged = server.log.length;
    await expect(
      googleDirectoryConnector.connect(
        { config: {}, secrets, refreshedAt: new Date() },
        depsOf(server, control, { googleClientId: null }).deps,
      ),
    ).rejects.toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are missing/);
    expect(server.log).toHaveLength(logged);
  });

  it('refreshes once when Google refuses the access token mid-run', async () => {
    const { server, control } = await fake({ users: 5 });
    const { session } = await connect(server, control);
    control.expireAccessTokens();
    expect((await session.groups()).length).toBe(5);
    expect(server.log.slice(-3).map((l) => [l.path, l.status])).toEqual([
      ['/admin/directory/v1/groups', 401],
      ['/token', 200],
      ['/admin/directory/v1/groups', 200],
    ]);
    expect(session.refreshedSecrets()).not.toBeNull();
  });

  it('tells an account without admin rights to sign in with one', async () => {
    const { server, control } = await fake({ users: 5 });
    const { session } = await connect(server, control);
    control.denyAdmin(true);
    await expect(session.groups()).rejects.toThrow(DirectoryAuthError);
    await expect(session.groups()).rejects.toMatchObject({
      directoryMessage: 'Not Authorized to access this resource/api',
    });
  });
});

describe('googleDirectoryConnector: groups and users', () => {
  it('pages through the domain’s groups with their direct member counts', async () => {
    const { server, control } = await fake({ users: 40 });
    for (let i = 0; i < 230; i++)
      control.addGroup(`Club ${i}`, { users: i === 0 ? control.usersOf(control.groups()[1]!.id).slice(0, 3) : [] });
    const { session } = await connect(server, control);
    const groups = await session.groups();
    expect(groups).toHaveLength(235);
    expect(groups.map((g) => g.id)).toEqual(control.groups().map((g) => g.id));
    const students = control.groups()[1]!;
    expect(groups[1]).toEqual({ id: students.id, name: 'Students', kind: 'group', memberCount: students.users.length });
    expect(groups.find((g) => g.name === 'Club 0')!.memberCount).toBe(3);
    const asked = calls(server, '/admin/directory/v1/groups');
    expect(asked).toHaveLength(2);
    expect(new URLSearchParams(asked[0]!.query).get('customer')).toBe('my_customer');
    expect(new URLSearchParams(asked[0]!.query).get('maxResults')).toBe('200');
    expect(new URLSearchParams(asked[1]!.query).get('pageToken')).toBeTruthy();
  });

  it('reads 1,200 users of the selected group across pages, fields mapped', async () => {
    const { server, control } = await fake({ users: 2400 });
    const students = control.groups().find((g) => g.name === 'Students')!;
    const { session } = await connect(server, control);
    const read = await session.users({ groupIds: [students.id], cursor: null });
    expect(read.mode).toBe('full');
    const users = people(await readAll(read));
    expect(read.cursor()).toBeNull();
    expect(users).toHaveLength(1200);
    expect(new Set(users.map((u) => u.externalId))).toEqual(new Set(students.users));
    expect(calls(server, `/admin/directory/v1/groups/${students.id}/members`)).toHaveLength(6); // 200 a page
    const listed = calls(server, '/admin/directory/v1/users');
    expect(listed).toHaveLength(5); // 2,401 users, 500 a page
    expect(Object.fromEntries(new URLSearchParams(listed[0]!.query))).toEqual({
      customer: 'my_customer',
      maxResults: '500',
      projection: 'full',
    });
    const all = control.users();
    const plain = all.find((u) => u.id === students.users[0])!; // user 1: a primary mobile
    expect(users.find((u) => u.externalId === plain.id)).toEqual({
      externalId: plain.id,
      firstName: plain.givenName,
      lastName: plain.familyName,
      email: plain.primaryEmail,
      phone: plain.phones[0]!.value,
      employeeId: plain.employeeId,
      department: plain.department,
      groupIds: [students.id],
      active: true,
    } satisfies DirectoryUser);
    const landline = all.find(
      (u) => u.id === students.users.find((id) => all.find((x) => x.id === id)!.phones.length === 2),
    )!;
    expect(users.find((u) => u.externalId === landline.id)!.phone).toBe(landline.phones[1]!.value); // the mobile
    const off = all.filter((u) => students.users.includes(u.id) && (u.suspended || u.archived)).map((u) => u.id);
    expect(off.length).toBeGreaterThan(0);
    expect(
      users
        .filter((u) => !u.active)
        .map((u) => u.externalId)
        .sort(),
    ).toEqual(off.sort());
  });

  it('counts nested groups’ users as members, and the whole domain for a CUSTOMER member', async () => {
    const { server, control } = await fake({ users: 120 });
    const [staff, , teachers, , everyone] = control.groups();
    const { session } = await connect(server, control);
    const users = people(await readAll(await session.users({ groupIds: [staff!.id, everyone!.id], cursor: null })));
    expect(users).toHaveLength(121); // everyone, the admin included
    const teacher = users.find((u) => u.externalId === teachers!.users[0])!;
    expect(teacher.groupIds).toEqual([staff!.id, everyone!.id]);
    expect(users.find((u) => u.externalId === control.groups()[1]!.users[0])!.groupIds).toEqual([everyone!.id]);
    expect(server.log.find((l) => l.path.endsWith('/members'))!.query).toContain('includeDerivedMembership=true');
  });

  it('fetches a small group’s users one by one instead of listing the domain', async () => {
    const { server, control } = await fake({ users: 2400 });
    const board = control.groups().find((g) => g.name === 'Board')!;
    const { session } = await connect(server, control);
    const users = people(await readAll(await session.users({ groupIds: [board.id], cursor: null })));
    expect(users.map((u) => u.externalId)).toEqual(board.users);
    expect(calls(server, '/admin/directory/v1/users')).toHaveLength(0);
    expect(server.log.filter((l) => l.path.startsWith('/admin/directory/v1/users/'))).toHaveLength(board.users.length);
  });

  it('waits out quotaExceeded with exponential backoff', async () => {
    const { server, control } = await fake({ users: 10 });
    const { session, sleeps } = await connect(server, control);
    control.throttle(3);
    expect(await session.groups()).toHaveLength(5);
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(calls(server, '/admin/directory/v1/groups').map((l) => l.status)).toEqual([403, 403, 403, 200]);
  });

  it('waits for the next minute when the 2,400 queries a minute are used up', async () => {
    let clock = Date.parse('2025-01-06T08:00:00Z');
    const { server, control } = await fake({ users: 10, quotaPerMinute: 3, now: () => clock });
    const { secrets } = await consented(server, control);
    const sleeps: number[] = [];
    const connector = createGoogleDirectoryConnector({
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
      random: () => 0.5,
    });
    const deps = { ...depsOf(server, control).deps, now: () => new Date(clock) };
    const session = await connector.connect({ config: {}, secrets, refreshedAt: new Date(clock) }, deps);
    for (let i = 0; i < 4; i++) await session.groups();
    expect(sleeps).toEqual([1500, 2500, 4500, 8500, 16500, 32000]); // 1+2+4+8+16+32 s (+jitter), capped at 32 s
    expect(server.log.filter((l) => l.status === 403)).toHaveLength(6);
  });

  it('gives up after its retries and says Google kept refusing', async () => {
    const { server, control } = await fake({ users: 10 });
    const { session, sleeps } = await connect(server, control);
    control.throttle(50, 'rateLimitExceeded');
    await expect(session.groups()).rejects.toThrow(DirectoryUnavailableError);
    await expect(session.groups()).rejects.toThrow(/rateLimitExceeded/);
    expect(sleeps.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 16000, 32000]);
  });

  it('fails a malformed record alone', async () => {
    const { server, control } = await fake({ users: 200 });
    const students = control.groups()[1]!;
    const [named, nameless] = students.users;
    control.malform(named!, 'name');
    control.malform(nameless!, 'id');
    const { session } = await connect(server, control);
    const records = await readAll(await session.users({ groupIds: [students.id], cursor: null }));
    expect(records).toContainEqual({ ok: false, externalId: named, problem: expect.stringMatching(/name/) });
    expect(records).toContainEqual({ ok: false, externalId: null, problem: 'Google sent a user without an ID' });
    expect(people(records)).toHaveLength(students.users.length - 2);
  });

  it('fails the read when a mapped group no longer exists, rather than archive its members', async () => {
    const { server, control } = await fake({ users: 10 });
    const { session } = await connect(server, control);
    const read = await session.users({ groupIds: ['0000000000gone'], cursor: null });
    await expect(readAll(read)).rejects.toThrow(/no group 0000000000gone/);
  });
});
