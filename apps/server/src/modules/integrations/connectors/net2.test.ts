import { afterEach, describe, expect, it } from 'vitest';
import { startNet2Fake, type Net2FakeControl } from '../fakes/net2-fake';
import type { FakeServer } from '../fakes/fake-server';
import { createDirectoryHttp } from './http';
import { NET2_NO_DEPARTMENT, net2Connector } from './net2';
import {
  DirectoryAuthError,
  DirectoryUnavailableError,
  type ConnectorDeps,
  type DirectoryCredentials,
  type DirectoryRead,
  type DirectoryRecord,
  type DirectoryUser,
} from './types';

const MINUTE = 60_000;
const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fake(options: Parameters<typeof startNet2Fake>[0] = {}) {
  const started = await startNet2Fake(options);
  servers.push(started.server);
  return started;
}

/** Deps whose clock is the fake's (unless frozen), and whose sleeps are recorded, never waited. */
function depsOf(control: Net2FakeControl, clock: 'shared' | 'frozen' = 'shared') {
  const sleeps: number[] = [];
  const frozen = new Date(control.now());
  const http = createDirectoryHttp({ attempts: 3, backoffMs: 1, sleep: async (ms) => void sleeps.push(ms) });
  const deps: ConnectorDeps = {
    http,
    now: () => (clock === 'shared' ? new Date(control.now()) : frozen),
    endpoints: {} as ConnectorDeps['endpoints'],
  };
  return { deps, sleeps, http };
}

function credentials(
  url: string,
  control: Net2FakeControl,
  change: { password?: string; client_id?: string } = {},
): DirectoryCredentials {
  const { username, password, clientId } = control.login;
  return {
    config: { server_url: url, username, client_id: change.client_id ?? clientId },
    secrets: { password: change.password ?? password },
    refreshedAt: null,
  };
}

async function readAll(read: DirectoryRead) {
  const records: DirectoryRecord[] = [];
  for await (const page of read.pages) records.push(...page.records);
  return records;
}

const people = (records: DirectoryRecord[]) => records.flatMap((r) => (r.ok ? [r.user] : []));

describe('net2Connector: signing in', () => {
  it('signs in with the password grant and offers the server host as the account', async () => {
    const { server, control } = await fake({ users: 10 });
    const { deps } = depsOf(control);
    const session = await net2Connector.connect(credentials(server.url, control), deps);
    expect(session.account()).toBe(new URL(server.url).host);
    expect(session.refreshedSecrets()).toBeNull();
    expect(control.grants).toEqual(['password']);
    expect(net2Connector.writesBack).toBe(false);
    expect('writeScans' in session).toBe(false);
  });

  it('accepts the API root an admin may paste (…/api/v1/)', async () => {
    const { server, control } = await fake({ users: 3 });
    const session = await net2Connector.connect(credentials(`${server.url}/api/v1/`, control), depsOf(control).deps);
    expect((await session.groups()).length).toBeGreaterThan(1);
  });

  it('refuses a wrong password', async () => {
    const { server, control } = await fake({ users: 1 });
    const connecting = net2Connector.connect(
      credentials(server.url, control, { password: 'nope' }),
      depsOf(control).deps,
    );
    await expect(connecting).rejects.toThrow(DirectoryAuthError);
    await expect(connecting).rejects.toThrow(/name or password/);
  });

  it('refuses a client ID the server has no licence for', async () => {
    const { server, control } = await fake({ users: 1 });
    const connecting = net2Connector.connect(
      credentials(server.url, control, { client_id: 'unknown' }),
      depsOf(control).deps,
    );
    await expect(connecting).rejects.toThrow(DirectoryAuthError);
    await expect(connecting).rejects.toThrow(/client ID/);
  });

  it('says clearly when the server cannot be reached', async () => {
    const { server, control } = await fake({ users: 1 });
    await server.close();
    const connecting = net2Connector.connect(credentials(server.url, control), depsOf(control).deps);
    await expect(connecting).rejects.toThrow(DirectoryUnavailableError);
    await expect(connecting).rejects.toThrow(`Could not reach the Net2 server at ${new URL(server.url).host}`);
  });

  it.each(['ftp://net2.local', 'net2.local:8443', 'https://', ''])(
    'refuses the server URL %j before any call',
    async (url) => {
      const { control } = await fake({ users: 1 });
      await expect(net2Connector.connect(credentials(url, control), depsOf(control).deps)).rejects.toThrow(
        DirectoryAuthError,
      );
      expect(control.grants).toEqual([]);
    },
  );
});

describe('net2Connector: tokens within a run', () => {
  it('renews an access token that lapsed mid-run with the refresh token (our clock sees it)', async () => {
    const { server, control } = await fake({ users: 50 });
    const session = await net2Connector.connect(credentials(server.url, control), depsOf(control).deps);
    await session.groups();
    control.advance(31 * MINUTE);
    const records = await readAll(await session.users({ groupIds: ['1'], cursor: null }));
    expect(records.length).toBeGreaterThan(0);
    expect(control.grants).toEqual(['password', 'refresh_token']);
    expect(server.log.filter((l) => l.status === 401)).toEqual([]);
  });

  it('renews on a 401 when the server expired the token first, and carries on', async () => {
    const { server, control } = await fake({ users: 50 });
    const session = await net2Connector.connect(credentials(server.url, control), depsOf(control, 'frozen').deps);
    control.advance(31 * MINUTE);
    const groups = await session.groups();
    expect(groups.map((g) => g.name)).toContain('Engineering');
    expect(control.grants).toEqual(['password', 'refresh_token']);
    expect(server.log.map((l) => l.status)).toEqual([200, 401, 200, 200]);
  });

  it('signs in again with the password once the refresh token has lapsed too', async () => {
    const { server, control } = await fake({ users: 50 });
    const session = await net2Connector.connect(credentials(server.url, control), depsOf(control, 'frozen').deps);
    control.advance(2 * 60 * MINUTE + MINUTE);
    await session.groups();
    expect(control.grants).toEqual(['password', 'refresh_token', 'password']);
  });
});

describe('net2Connector: reading', () => {
  it('offers the departments, and the people in none as "No department"', async () => {
    const { server, control } = await fake({ users: 20, departments: ['Office', 'Warehouse'] });
    const session = await net2Connector.connect(credentials(server.url, control), depsOf(control).deps);
    expect(await session.groups()).toEqual([
      { id: '1', name: 'Office', kind: 'department' },
      { id: '2', name: 'Warehouse', kind: 'department' },
      { id: NET2_NO_DEPARTMENT, name: 'No department', kind: 'department' },
    ]);
  });

  it('reads a thousand people, only those of the selected departments, with their fields mapped', async () => {
    const { server, control } = await fake({ users: 1000 });
    const session = await net2Connector.connect(credentials(server.url, control), depsOf(control).deps);
    const read = await session.users({ groupIds: ['2', '5'], cursor: null });
    expect(read.mode).toBe('full');
    const records = await readAll(read);
    expect(read.cursor()).toBeNull();

    const expected = control.users().filter((u) => u.departmentId === 2 || u.departmentId === 5);
    expect(expected.length).toBeGreaterThan(150);
    expect(records.every((r) => r.ok)).toBe(true);
    const got = new Map(people(records).map((u) => [u.externalId, u]));
    expect([...got.keys()].sort()).toEqual(expected.map((u) => String(u.id)).sort());

    const names = new Map(control.departments().map((d) => [d.id, d.name]));
    for (const u of expected) {
      expect(got.get(String(u.id))).toEqual({
        externalId: String(u.id),
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        phone: u.telephone,
        employeeId: u.personnelNumber ?? String(u.id),
        department: names.get(u.departmentId) ?? null,
        groupIds: [String(u.departmentId)],
        active: u.expiryDate === null && Date.parse(u.activateDate!) <= control.now(),
      } satisfies DirectoryUser);
    }
    // Net2 people mostly have no email; the ones who do keep it.
    const withEmail = [...got.values()].filter((u) => u.email);
    expect(withEmail.length).toBeGreaterThan(0);
    expect(withEmail.length).toBeLessThan(got.size / 2);
  });

  it('reads the people in no department through the pseudo-group', async () => {
    const { server, control } = await fake({ users: 100 });
    const session = await net2Connector.connect(credentials(server.url, control), depsOf(control).deps);
    const users = people(await readAll(await session.users({ groupIds: [NET2_NO_DEPARTMENT], cursor: null })));
    const expected = control.users().filter((u) => u.departmentId === 0);
    expect(users.map((u) => u.externalId)).toEqual(expected.map((u) => String(u.id)));
    expect(users.every((u) => u.department === null && u.groupIds[0] === NET2_NO_DEPARTMENT)).toBe(true);
  });

  it('treats expired people and those not yet activated as inactive', async () => {
    const { server, control } = await fake({ users: 0, departments: ['Office'] });
    const day = 86_400_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    const base = { firstName: 'A', lastName: 'B', departmentId: 1 };
    const expired = control.addUser({ ...base, expiryDate: iso(control.now() - day) });
    const expiresToday = control.addUser({ ...base, expiryDate: iso(control.now()) });
    const later = control.addUser({ ...base, expiryDate: iso(control.now() + day) });
    const notYet = control.addUser({ ...base, activateDate: iso(control.now() + day) });
    const forever = control.addUser(base);
    const session = await net2Connector.connect(credentials(server.url, control), depsOf(control).deps);
    const active = new Map(
      people(await readAll(await session.users({ groupIds: ['1'], cursor: null }))).map((u) => [
        u.externalId,
        u.active,
      ]),
    );
    expect(active).toEqual(
      new Map([
        [String(expired.id), false],
        [String(expiresToday.id), false],
        [String(later.id), true],
        [String(notYet.id), false],
        [String(forever.id), true],
      ]),
    );
  });

  it('waits as long as Net2 asks when it answers 429', async () => {
    const { server, control } = await fake({ users: 10 });
    const { deps, sleeps, http } = depsOf(control);
    const session = await net2Connector.connect(credentials(server.url, control), deps);
    control.throttle(2, 7);
    expect((await session.groups()).length).toBeGreaterThan(1);
    expect(sleeps).toEqual([7000, 7000]);
    expect(http.throttled).toBe(2);
  });

  it('fails a malformed record alone', async () => {
    const { server, control } = await fake({ users: 60 });
    const victim = control.users().find((u) => u.departmentId === 1)!;
    control.malform(victim.id);
    const session = await net2Connector.connect(credentials(server.url, control), depsOf(control).deps);
    const records = await readAll(await session.users({ groupIds: ['1'], cursor: null }));
    const failed = records.filter((r) => !r.ok);
    expect(failed).toEqual([{ ok: false, externalId: String(victim.id), problem: expect.stringMatching(/firstName/) }]);
    expect(records.length - failed.length).toBe(control.users().filter((u) => u.departmentId === 1).length - 1);
  });

  it('reads nobody from a department deleted since it was mapped, and ignores ids Net2 never gives', async () => {
    const { server, control } = await fake({ users: 30, departments: ['Office'] });
    const session = await net2Connector.connect(credentials(server.url, control), depsOf(control).deps);
    const records = await readAll(await session.users({ groupIds: ['99', '../users', '1'], cursor: null }));
    expect(records.length).toBe(control.users().filter((u) => u.departmentId === 1).length);
    expect(server.log.some((l) => l.path.includes('..'))).toBe(false);
  });
});

describe('startNet2Fake', () => {
  it('starts a demo of a few dozen people in four departments, some imperfect', async () => {
    const { server, control } = await fake({ demo: true });
    expect(control.departments()).toHaveLength(4);
    const users = control.users();
    expect(users.length).toBeGreaterThanOrEqual(24);
    expect(users.filter((u) => !u.lastName)).toHaveLength(1);
    expect(users.filter((u) => u.email?.includes('@@'))).toHaveLength(1);
    const emails = users.flatMap((u) => (u.email ? [u.email] : []));
    expect(emails.length - new Set(emails).size).toBe(1);
    const session = await net2Connector.connect(credentials(server.url, control), depsOf(control).deps);
    const ids = (await session.groups()).map((g) => g.id);
    expect(people(await readAll(await session.users({ groupIds: ids, cursor: null })))).toHaveLength(users.length);
  });

  it('lists access levels and doors, and records door commands', async () => {
    const { server, control } = await fake({ users: 1 });
    const { deps } = depsOf(control);
    const token = await deps.http.request({
      method: 'POST',
      url: `${server.url}/api/v1/authorization/tokens`,
      form: {
        grant_type: 'password',
        username: 'system engineer',
        password: 'net2',
        client_id: control.login.clientId,
      },
    });
    const authorization = `Bearer ${(token.json as { access_token: string }).access_token}`;
    expect((token.json as Record<string, unknown>).refresh_token).toBeUndefined();
    const get = (path: string) => deps.http.request({ url: server.url + path, headers: { authorization } });
    expect(((await get('/api/v1/accesslevels')).json as unknown[]).length).toBeGreaterThan(0);
    const doors = (await get('/api/v1/doors')).json as { id: number; name: string }[];
    const opened = await deps.http.request({
      method: 'POST',
      url: `${server.url}/api/v1/commands/door/open`,
      headers: { authorization },
      body: { doorId: doors[0]!.id },
    });
    expect(opened.status).toBe(200);
    expect(control.doorCommands).toEqual([{ command: 'open', doorId: doors[0]!.id, at: control.now() }]);
    expect((await get('/api/v1/doors')).status).toBe(200);
    control.expireTokens();
    expect((await get('/api/v1/doors')).status).toBe(401);
  });
});
