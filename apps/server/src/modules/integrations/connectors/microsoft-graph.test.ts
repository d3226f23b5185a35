import { afterEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../fakes/fake-server';
import { graphFakeUserId, startMicrosoftGraphFake, type GraphFakeControl } from '../fakes/microsoft-graph-fake';
import { createDirectoryHttp } from './http';
import { microsoftGraphConnector } from './microsoft-graph';
import { DELTA_LINK_LIFETIME_MS } from './microsoft-graph-reads';
import {
  DirectoryAuthError,
  DirectoryUnavailableError,
  type ConnectorDeps,
  type DirectoryPage,
  type DirectoryRead,
  type DirectoryRecord,
  type DirectoryUser,
} from './types';

const DAY = 24 * 60 * 60_000;

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fake(options: Parameters<typeof startMicrosoftGraphFake>[0] = {}) {
  const started = await startMicrosoftGraphFake(options);
  servers.push(started.server);
  return started;
}

/** Deps pointed at the fake (one base URL for login and Graph); sleeps are recorded, never waited. */
function depsOf(server: FakeServer, clock: { at: number }, attempts = 4) {
  const sleeps: number[] = [];
  const http = createDirectoryHttp({ attempts, backoffMs: 1, sleep: async (ms) => void sleeps.push(ms) });
  const deps: ConnectorDeps = {
    http,
    now: () => new Date(clock.at),
    endpoints: { microsoftLogin: server.url, microsoftGraph: server.url } as ConnectorDeps['endpoints'],
  };
  return { deps, sleeps };
}

const credentialsOf = (
  control: GraphFakeControl,
  change: { tenant?: string; client?: string; secret?: string } = {},
) => ({
  config: { tenant_id: change.tenant ?? control.tenantId, client_id: change.client ?? control.clientId },
  secrets: { client_secret: change.secret ?? control.clientSecret },
  refreshedAt: null,
});

async function connect(server: FakeServer, control: GraphFakeControl, clock = { at: Date.now() }, attempts = 4) {
  const { deps, sleeps } = depsOf(server, clock, attempts);
  const session = await microsoftGraphConnector.connect(credentialsOf(control), deps);
  return { session, sleeps, clock };
}

async function pagesOf(read: DirectoryRead) {
  const pages: DirectoryPage[] = [];
  for await (const page of read.pages) pages.push(page);
  return pages;
}
const recordsOf = (pages: DirectoryPage[]) => pages.flatMap((p) => p.records);
const people = (records: DirectoryRecord[]) => records.flatMap((r) => (r.ok ? [r.user] : []));
const byId = (users: DirectoryUser[]) => new Map(users.map((u) => [u.externalId, u]));
const calls = (server: FakeServer, path: string) => server.log.filter((l) => l.path === path);

describe('Microsoft Entra sign-in (client credentials)', () => {
  it('connects with the app registration, names the tenant, and has no secrets to store', async () => {
    const { server, control } = await fake();
    const { session } = await connect(server, control);
    expect(session.account()).toBe(control.organizationName);
    expect(session.refreshedSecrets()).toBeNull();
    expect(control.tokensIssued).toBe(1);
    expect(microsoftGraphConnector.configKeys).toEqual(['tenant_id', 'client_id']);
    expect(microsoftGraphConnector.secretKeys).toEqual(['client_secret']);
    expect(microsoftGraphConnector.writesBack).toBe(false);
  });

  it('falls back to the tenant ID when the app may not read the organization', async () => {
    const { server, control } = await fake();
    control.deny('organization');
    const { session } = await connect(server, control);
    expect(session.account()).toBe(control.tenantId);
  });

  it('refuses a wrong secret, saying what to paste, with the AADSTS line but no trace IDs', async () => {
    const { server, control } = await fake();
    const { deps } = depsOf(server, { at: Date.now() });
    const err = await microsoftGraphConnector
      .connect(credentialsOf(control, { secret: 'not-the-secret' }), deps)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DirectoryAuthError);
    expect((err as DirectoryAuthError).message).toMatch(/client secret.*Value/);
    expect((err as DirectoryAuthError).directoryMessage).toMatch(/^AADSTS7000215: Invalid client secret/);
    expect((err as DirectoryAuthError).directoryMessage).not.toMatch(/Trace ID/);
  });

  it('refuses an unknown tenant and an unknown client, each named', async () => {
    const { server, control } = await fake();
    const { deps } = depsOf(server, { at: Date.now() });
    const tenant = await microsoftGraphConnector
      .connect(credentialsOf(control, { tenant: 'no-such-tenant.example' }), deps)
      .catch((e: unknown) => e);
    expect(tenant).toBeInstanceOf(DirectoryAuthError);
    expect((tenant as Error).message).toMatch(/no tenant no-such-tenant\.example/);
    const client = await microsoftGraphConnector
      .connect(credentialsOf(control, { client: '00000000-0000-0000-0000-000000000000' }), deps)
      .catch((e: unknown) => e);
    expect(client).toBeInstanceOf(DirectoryAuthError);
    expect((client as Error).message).toMatch(/no application with client ID 00000000-/);
  });

  it('says an expired secret has expired, and that missing settings are missing', async () => {
    const { server, control } = await fake();
    control.expireSecret();
    const { deps } = depsOf(server, { at: Date.now() });
    await expect(microsoftGraphConnector.connect(credentialsOf(control), deps)).rejects.toThrow(/expired/);
    await expect(microsoftGraphConnector.connect(credentialsOf(control, { secret: ' ' }), deps)).rejects.toBeInstanceOf(
      DirectoryAuthError,
    );
  });

  it('asks for the Graph permissions when the app may not read users and groups', async () => {
    const { server, control } = await fake();
    control.deny('directory');
    const { session } = await connect(server, control);
    await expect(session.groups()).rejects.toThrow(/User\.Read\.All and GroupMember\.Read\.All/);
  });
});

describe('Microsoft Entra groups', () => {
  it('lists every group over pages of 999', async () => {
    const { server, control } = await fake({ users: 10 });
    for (let i = 0; i < 1200; i++) control.addGroup(`Class ${i}`);
    const { session } = await connect(server, control);
    const groups = await session.groups();
    expect(groups).toHaveLength(1204);
    expect(groups[0]).toEqual({ id: control.groups()[0]!.id, name: 'All Staff', kind: 'group', memberCount: null });
    const asked = calls(server, '/v1.0/groups');
    expect(asked).toHaveLength(2);
    expect(asked[1]!.query).toMatch(/\$skiptoken=/);
  });
});

describe('Microsoft Entra people: full reads', () => {
  it('reads 2,500 users over pages, keeping the selected groups’ direct members only', async () => {
    const { server, control } = await fake({ users: 2500 });
    const [staff, teachers, students] = control.groups();
    const { session } = await connect(server, control);
    const read = await session.users({ groupIds: [staff!.id, students!.id], cursor: null });
    expect(read.mode).toBe('full');
    const pages = await pagesOf(read);
    const users = people(recordsOf(pages));
    const expected = [...control.usersOf(staff!.id), ...control.usersOf(students!.id)];
    expect(users).toHaveLength(1250);
    expect(new Set(users.map((u) => u.externalId))).toEqual(new Set(expected));
    // Teachers are a nested group of All Staff: direct members only, so none of them.
    const nested = new Set(control.usersOf(teachers!.id));
    expect(nested.size).toBe(625);
    expect(users.some((u) => nested.has(u.externalId))).toBe(false);
    expect(calls(server, '/v1.0/users/delta')).toHaveLength(25);
    expect(pages.length).toBeGreaterThan(20);
    const first = byId(users).get(graphFakeUserId(1))!;
    expect(first).toMatchObject({ groupIds: [staff!.id], email: 'user00001@contoso.example', employeeId: 'E000001' });
    // An odd user has only a business phone; an even one a mobile.
    expect(first.phone).toMatch(/^\+9715/);
    expect(byId(users).get(graphFakeUserId(3))!.groupIds).toEqual([students!.id]);
    const cursor = read.cursor()!;
    expect(cursor).toMatchObject({ issuedAt: expect.any(Number), groupKey: expect.any(String) });
    expect(String(cursor.usersDelta)).toMatch(/\/v1\.0\/users\/delta\?\$deltatoken=/);
    expect(String(cursor.groupsDelta)).toMatch(/\/v1\.0\/groups\/delta\?\$deltatoken=/);
  });

  it('filters groups/delta by the selected ids, in rounds of at most 50', async () => {
    const { server, control } = await fake({ users: 40 });
    const extra = Array.from({ length: 56 }, (_, i) => control.addGroup(`Set ${i}`));
    const someone = graphFakeUserId(2);
    control.addMember(extra[55]!.id, someone);
    const ids = [...control.groups().map((g) => g.id)];
    const { session, clock } = await connect(server, control);
    const read = await session.users({ groupIds: ids, cursor: null });
    const users = people(recordsOf(await pagesOf(read)));
    expect(users).toHaveLength(40);
    expect(byId(users).get(someone)!.groupIds).toEqual([control.groups()[1]!.id, extra[55]!.id]);
    const filters = calls(server, '/v1.0/groups/delta').map((l) => new URLSearchParams(l.query).get('$filter')!);
    expect(filters.map((f) => f.split(' or ').length)).toEqual([50, 10]);
    control.removeMember(extra[55]!.id, someone);
    clock.at += DAY;
    const next = await session.users({ groupIds: ids, cursor: read.cursor() });
    expect(next.mode).toBe('delta');
    const changed = people(recordsOf(await pagesOf(next)));
    expect(changed.map((u) => [u.externalId, u.groupIds])).toEqual([[someone, [control.groups()[1]!.id]]]);
  });

  it('fails the read when a selected group no longer exists', async () => {
    const { server, control } = await fake({ users: 20 });
    const { session } = await connect(server, control);
    const gone = control.groups()[3]!.id;
    control.removeGroup(gone);
    const read = await session.users({ groupIds: [control.groups()[0]!.id, gone], cursor: null });
    await expect(pagesOf(read)).rejects.toThrow(/no group .* any more/);
  });

  it('reads one group out of 50,000 users in Graph’s largest pages', async () => {
    const { server, control } = await fake({ users: 50_000, pageSize: 999 });
    const { session } = await connect(server, control);
    const read = await session.users({ groupIds: [control.groups()[2]!.id], cursor: null });
    expect(people(recordsOf(await pagesOf(read)))).toHaveLength(12_500);
    expect(calls(server, '/v1.0/users/delta')).toHaveLength(Math.ceil(50_000 / 999));
  });
});

describe('Microsoft Entra people: delta reads', () => {
  async function fullThenChanges(server: FakeServer, control: GraphFakeControl) {
    const [staff, teachers, students, contractors] = control.groups();
    const selected = [staff!.id, students!.id];
    const connected = await connect(server, control);
    const full = await connected.session.users({ groupIds: selected, cursor: null });
    await pagesOf(full);
    return {
      ...connected,
      selected,
      cursor: full.cursor(),
      staff: staff!,
      teachers: teachers!,
      students: students!,
      contractors: contractors!,
    };
  }

  it('reports added, changed, disabled and deleted users, and members who left every selected group', async () => {
    const { server, control } = await fake({ users: 400 });
    const { session, clock, selected, cursor, staff, students } = await fullThenChanges(server, control);
    const u = (n: number) => graphFakeUserId(n);
    // u(1), u(5), u(9): All Staff; u(3), u(7): Students; u(2): Teachers (not selected).
    const added = control.addUser(
      { givenName: 'Noor', surname: 'Khan', mail: 'noor.khan@contoso.example', employeeId: 'E999' },
      [staff.id],
    );
    control.changeUser(u(1), { department: 'Finance', mobilePhone: '+971500000001' });
    control.changeUser(u(3), { accountEnabled: false });
    control.removeUser(u(7));
    control.removeMember(staff.id, u(5));
    control.addMember(students.id, u(9));
    control.removeMember(staff.id, u(9));
    control.changeUser(u(2), { department: 'Outside the selected groups' });
    clock.at += 2 * DAY;

    const read = await session.users({ groupIds: selected, cursor });
    expect(read.mode).toBe('delta');
    const pages = await pagesOf(read);
    const changed = byId(people(recordsOf(pages)));
    const removed = pages.flatMap((p) => p.removed);
    expect([...changed.keys()].sort()).toEqual([u(1), u(3), u(9), added.id].sort());
    expect(changed.get(added.id)).toMatchObject({
      firstName: 'Noor',
      lastName: 'Khan',
      groupIds: [staff.id],
      active: true,
    });
    expect(changed.get(u(1))).toMatchObject({ department: 'Finance', phone: '+971500000001', groupIds: [staff.id] });
    expect(changed.get(u(3))).toMatchObject({ active: false, groupIds: [students.id] });
    expect(changed.get(u(9))!.groupIds).toEqual([students.id]);
    expect(removed.sort()).toEqual([u(5), u(7)].sort());
    // A change to someone outside the selected groups is none of this integration's business.
    expect(changed.has(u(2))).toBe(false);
    expect(removed).not.toContain(u(2));

    // The next read follows the new links: nothing changed, nothing read.
    const again = await session.users({ groupIds: selected, cursor: read.cursor() });
    expect(again.mode).toBe('delta');
    expect(recordsOf(await pagesOf(again))).toEqual([]);
    expect(read.cursor()!.usersDelta).not.toBe(cursor!.usersDelta);
  });

  it('reads in full when the cursor was made for other groups', async () => {
    const { server, control } = await fake({ users: 40 });
    const { session, cursor, staff } = await fullThenChanges(server, control);
    const read = await session.users({ groupIds: [staff.id], cursor });
    expect(read.mode).toBe('full');
    expect(people(recordsOf(await pagesOf(read)))).toHaveLength(10);
  });

  it('reads in full, without following it, a delta link older than seven days', async () => {
    const { server, control } = await fake({ users: 40 });
    const { session, clock, selected, cursor } = await fullThenChanges(server, control);
    clock.at += DELTA_LINK_LIFETIME_MS + 1;
    const before = server.log.length;
    const read = await session.users({ groupIds: selected, cursor });
    expect(read.mode).toBe('full');
    expect(people(recordsOf(await pagesOf(read)))).toHaveLength(20);
    expect(server.log.slice(before).some((l) => l.query.includes('deltatoken'))).toBe(false);
  });

  it.each([410, 400] as const)(
    'reads in full when Graph answers %i syncStateNotFound to an expired delta link',
    async (status) => {
      const { server, control } = await fake({ users: 40, expiredDeltaStatus: status });
      const { session, clock, selected, cursor } = await fullThenChanges(server, control);
      // Our clock says a day; Graph's says eight: its word decides.
      clock.at += DAY;
      control.advance(8 * DAY);
      const read = await session.users({ groupIds: selected, cursor });
      expect(read.mode).toBe('full');
      expect(people(recordsOf(await pagesOf(read)))).toHaveLength(20);
      expect(server.log.some((l) => l.status === status && l.query.includes('deltatoken'))).toBe(true);
      expect(read.cursor()).not.toBeNull();
    },
  );

  it('reads in full after a synchronization reset (410 Gone, resyncRequired)', async () => {
    const { server, control } = await fake({ users: 40 });
    const { session, clock, selected, cursor } = await fullThenChanges(server, control);
    control.resetSync();
    clock.at += DAY;
    const read = await session.users({ groupIds: selected, cursor });
    expect(read.mode).toBe('full');
    expect(people(recordsOf(await pagesOf(read)))).toHaveLength(20);
    expect(calls(server, '/v1.0/groups/delta').some((l) => l.status === 410)).toBe(true);
  });
});

describe('Microsoft Entra reads under strain', () => {
  it('waits out 429 for the Retry-After Graph asks', async () => {
    const { server, control } = await fake({ users: 40 });
    const { session, sleeps } = await connect(server, control);
    control.throttle(2, 7);
    const read = await session.users({ groupIds: [control.groups()[0]!.id], cursor: null });
    expect(people(recordsOf(await pagesOf(read)))).toHaveLength(10);
    expect(sleeps).toEqual([7000, 7000]);
    expect(server.log.filter((l) => l.status === 429)).toHaveLength(2);
  });

  it('fails the read as unavailable when the throttling outlasts the retries', async () => {
    const { server, control } = await fake({ users: 40 });
    const { session } = await connect(server, control, { at: Date.now() }, 2);
    control.throttle(5, 1);
    await expect(session.groups()).rejects.toBeInstanceOf(DirectoryUnavailableError);
  });

  it('asks for a new token when the token expires mid-read', async () => {
    const { server, control } = await fake({ users: 500, pageSize: 50 });
    const { session } = await connect(server, control);
    const read = await session.users({ groupIds: [control.groups()[0]!.id], cursor: null });
    let count = 0;
    let expired = false;
    for await (const page of read.pages) {
      count += page.records.length;
      if (!expired) {
        control.expireTokens();
        expired = true;
      }
    }
    expect(count).toBe(125);
    expect(control.tokensIssued).toBe(2);
    expect(server.log.filter((l) => l.status === 401)).toHaveLength(1);
  });

  it('fails a malformed record alone', async () => {
    const { server, control } = await fake({ users: 40 });
    const staff = control.groups()[0]!.id;
    control.malform(graphFakeUserId(5), 'name');
    control.malform(graphFakeUserId(9), 'id');
    const { session } = await connect(server, control);
    const records = recordsOf(await pagesOf(await session.users({ groupIds: [staff], cursor: null })));
    const failed = records.filter((r) => !r.ok);
    expect(failed).toEqual([
      { ok: false, externalId: graphFakeUserId(5), problem: expect.stringMatching(/givenName/) },
      { ok: false, externalId: null, problem: expect.stringMatching(/without an id/) },
    ]);
    expect(people(records)).toHaveLength(8);
  });
});

describe('Microsoft Graph fake: demo', () => {
  it('holds a few dozen people in four groups, some imperfect', async () => {
    const { server, control } = await fake({ demo: true });
    const { session } = await connect(server, control);
    const groups = await session.groups();
    expect(groups.map((g) => g.name)).toEqual(['Staff', 'Teachers', 'Students', 'Visitors team']);
    const users = people(
      recordsOf(await pagesOf(await session.users({ groupIds: groups.map((g) => g.id), cursor: null }))),
    );
    expect(users).toHaveLength(36);
    const demo = byId(users);
    expect(demo.get(graphFakeUserId(5))!.lastName).toBeNull();
    expect(demo.get(graphFakeUserId(9))!.email).toMatch(/@@/);
    expect(demo.get(graphFakeUserId(13))!.email).toBe(demo.get(graphFakeUserId(12))!.email);
  });
});
