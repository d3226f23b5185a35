import { afterEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../fakes/fake-server';
import { startWondeFake, type WondeFakeControl } from '../fakes/wonde-fake';
import { createDirectoryHttp, type DirectoryHttp } from './http';
import { WONDE_EMPLOYEES, WONDE_PENDING_MESSAGE, WONDE_STUDENTS, wondeConnector } from './wonde';
import { WondeApi } from './wonde-api';
import { sessionOf } from './wonde-attendance';
import {
  DirectoryAuthError,
  DirectoryUnavailableError,
  type ConnectorDeps,
  type DirectoryCredentials,
  type DirectoryRead,
  type DirectoryRecord,
  type DirectoryUser,
  type ScanToWrite,
} from './types';

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fake(options: Parameters<typeof startWondeFake>[0] = {}) {
  const started = await startWondeFake(options);
  servers.push(started.server);
  return started;
}

/** Deps pointed at the fake, whose sleeps are recorded, never waited. */
function depsOf(server: FakeServer) {
  const sleeps: number[] = [];
  const http = createDirectoryHttp({ attempts: 3, backoffMs: 1, sleep: async (ms) => void sleeps.push(ms) });
  const deps: ConnectorDeps = {
    http,
    now: () => new Date(),
    endpoints: { wonde: server.url } as ConnectorDeps['endpoints'],
  };
  return { deps, sleeps, http };
}

function credentials(
  control: WondeFakeControl,
  change: { token?: string; school_id?: string } = {},
): DirectoryCredentials {
  return {
    config: { school_id: change.school_id ?? control.schoolId },
    secrets: { token: change.token ?? control.token },
    refreshedAt: null,
  };
}

async function connect(server: FakeServer, control: WondeFakeControl) {
  const { deps, sleeps, http } = depsOf(server);
  return { session: await wondeConnector.connect(credentials(control), deps), sleeps, http };
}

async function readAll(read: DirectoryRead) {
  const records: DirectoryRecord[] = [];
  for await (const page of read.pages) records.push(...page.records);
  return records;
}

const people = (records: DirectoryRecord[]) => records.flatMap((r) => (r.ok ? [r.user] : []));

describe('wondeConnector: connecting', () => {
  it('checks the school with the bearer token and offers its name as the account', async () => {
    const { server, control } = await fake({ students: 5, employees: 2 });
    const { session } = await connect(server, control);
    expect(session.account()).toBe(control.schoolName);
    expect(session.refreshedSecrets()).toBeNull();
    expect(server.log[0]).toMatchObject({ method: 'GET', path: `/v1.0/schools/${control.schoolId}`, status: 200 });
    expect(wondeConnector).toMatchObject({
      configKeys: ['school_id'],
      secretKeys: ['token'],
      fields: ['email', 'phone', 'id_number'],
      writesBack: true,
    });
  });

  it('refuses a token Wonde does not know', async () => {
    const { server, control } = await fake({ students: 1 });
    const connecting = wondeConnector.connect(credentials(control, { token: 'nope' }), depsOf(server).deps);
    await expect(connecting).rejects.toThrow(DirectoryAuthError);
    await expect(connecting).rejects.toThrow(/access token/);
    await expect(connecting).rejects.toMatchObject({ directoryMessage: expect.stringMatching(/invalid/) });
  });

  it('says the school has not yet approved access, in Wonde’s words for the admin', async () => {
    const { server, control } = await fake({ students: 1 });
    control.setPending(true);
    const connecting = wondeConnector.connect(credentials(control), depsOf(server).deps);
    await expect(connecting).rejects.toThrow(DirectoryAuthError);
    await expect(connecting).rejects.toMatchObject({ directoryMessage: WONDE_PENDING_MESSAGE });
    expect(WONDE_PENDING_MESSAGE).toMatch(/pending the school’s approval/);
    expect(server.log.map((l) => [l.path, l.status])).toEqual([
      [`/v1.0/schools/${control.schoolId}`, 403],
      [`/v1.0/meta/schools/${control.schoolId}`, 200],
    ]);
  });

  it('tells an unknown school apart from a pending one', async () => {
    const { server, control } = await fake({ students: 1 });
    const connecting = wondeConnector.connect(credentials(control, { school_id: 'A9999999999' }), depsOf(server).deps);
    await expect(connecting).rejects.toThrow(/no access to school A9999999999/);
    await expect(connecting).rejects.toMatchObject({ directoryMessage: expect.not.stringMatching(/pending/) });
  });

  it.each(['', '../schools', 'A1 OR 1'])('refuses the school ID %j before any call', async (schoolId) => {
    const { server, control } = await fake({ students: 1 });
    await expect(
      wondeConnector.connect(credentials(control, { school_id: schoolId }), depsOf(server).deps),
    ).rejects.toThrow(DirectoryAuthError);
    expect(server.log).toEqual([]);
  });

  it('fails the read when the token is revoked mid-run', async () => {
    const { server, control } = await fake({ students: 10 });
    const { session } = await connect(server, control);
    control.revokeToken();
    await expect(readAll(await session.users({ groupIds: [WONDE_STUDENTS], cursor: null }))).rejects.toThrow(
      DirectoryAuthError,
    );
  });
});

describe('wondeConnector: groups and people', () => {
  it('offers students and employees whole, then the school’s groups and classes', async () => {
    const { server, control } = await fake({ students: 5, employees: 2 });
    const { session } = await connect(server, control);
    const groups = await session.groups();
    expect(groups.slice(0, 2)).toEqual([
      { id: WONDE_STUDENTS, name: 'All students', kind: 'students' },
      { id: WONDE_EMPLOYEES, name: 'All employees', kind: 'employees' },
    ]);
    expect(groups.filter((g) => g.kind === 'group').map((g) => [g.id, g.name])).toEqual(
      control.groups().map((g) => [g.id, g.name]),
    );
    expect(groups.filter((g) => g.kind === 'class').map((g) => [g.id, g.name])).toEqual(
      control.classes().map((c) => [c.id, c.name]),
    );
  });

  it('pages through 1,500 students with their fields mapped', async () => {
    const { server, control } = await fake({ students: 1500, employees: 3 });
    const { session } = await connect(server, control);
    const read = await session.users({ groupIds: [WONDE_STUDENTS], cursor: null });
    expect(read.mode).toBe('full');
    const users = people(await readAll(read));
    expect(read.cursor()).toBeNull();
    const students = control.people('students');
    expect(users.map((u) => u.externalId)).toEqual(students.map((s) => s.id));
    const asked = server.log.filter((l) => l.path.endsWith('/students'));
    expect(asked).toHaveLength(8); // 200 a page
    // Reading a kind whole needs no memberships: only the fields mapped are asked for.
    expect(new URLSearchParams(asked[0]!.query).get('include')).toBe('contact_details');
    expect(asked[7]!.query).toContain('page=8');
    expect(server.log.some((l) => l.path.endsWith('/employees'))).toBe(false);
    const s = students[2]!;
    expect(users[2]).toEqual({
      externalId: s.id,
      firstName: s.forename,
      lastName: s.surname,
      email: s.email,
      phone: s.mobile,
      employeeId: s.misId,
      department: null,
      groupIds: [WONDE_STUDENTS],
      active: true,
    } satisfies DirectoryUser);
  });

  it('scopes a read to the selected group and class, students and employees alike', async () => {
    const { server, control } = await fake({ students: 120, employees: 12 });
    const group = control.groups()[1]!;
    const klass = control.classes()[4]!;
    const { session } = await connect(server, control);
    const users = people(await readAll(await session.users({ groupIds: [group.id, klass.id], cursor: null })));
    const includes = server.log
      .filter((l) => /\/(students|employees)$/.test(l.path))
      .map((l) => new URLSearchParams(l.query).get('include'));
    expect(includes).toEqual(['contact_details,groups,classes', 'contact_details,employment_details,groups,classes']);
    const expected = control.people().filter((p) => p.groups.includes(group.id) || p.classes.includes(klass.id));
    expect(users.map((u) => u.externalId).sort()).toEqual(expected.map((p) => p.id).sort());
    expect(expected.some((p) => p.kind === 'employees')).toBe(true);
    for (const p of expected)
      expect(users.find((u) => u.externalId === p.id)!.groupIds).toEqual(
        [group.id, klass.id].filter((id) => p.groups.includes(id) || p.classes.includes(id)),
      );
  });

  it('reads employees whole and treats those no longer employed as inactive', async () => {
    const { server, control } = await fake({ students: 3, employees: 30 });
    const { session } = await connect(server, control);
    const users = people(await readAll(await session.users({ groupIds: [WONDE_EMPLOYEES], cursor: null })));
    expect(users).toHaveLength(30);
    const left = control.people('employees').filter((p) => !p.current);
    expect(left.length).toBeGreaterThan(0);
    expect(users.filter((u) => !u.active).map((u) => u.externalId)).toEqual(left.map((p) => p.id));
    expect(users.every((u) => u.groupIds.length === 1 && u.groupIds[0] === WONDE_EMPLOYEES)).toBe(true);
  });

  it('waits as long as Wonde asks when it answers 429', async () => {
    const { server, control } = await fake({ students: 10 });
    const { session, sleeps, http } = await connect(server, control);
    control.throttle(2, 7);
    expect(people(await readAll(await session.users({ groupIds: [WONDE_STUDENTS], cursor: null })))).toHaveLength(10);
    expect(sleeps).toEqual([7000, 7000]);
    expect(http.throttled).toBe(2);
  });

  it('fails a malformed record alone', async () => {
    const { server, control } = await fake({ students: 60 });
    const victim = control.people('students')[7]!;
    control.malform(victim.id);
    const { session } = await connect(server, control);
    const records = await readAll(await session.users({ groupIds: [WONDE_STUDENTS], cursor: null }));
    expect(records.filter((r) => !r.ok)).toEqual([
      { ok: false, externalId: victim.id, problem: expect.stringMatching(/forename/) },
    ]);
    expect(people(records)).toHaveLength(59);
  });
});

describe('WondeApi paging', () => {
  const stub = (pages: Record<string, unknown>): DirectoryHttp => ({
    throttled: 0,
    async request(req) {
      const key = new URL(req.url).pathname + new URL(req.url).search;
      const json = pages[key] ?? pages[new URL(req.url).pathname] ?? null;
      return { status: 200, headers: new Headers(), json, text: JSON.stringify(json) };
    },
  });
  const drain = async (api: WondeApi) => {
    for await (const page of api.pages('/things')) void page;
  };

  it('fails rather than stop early when a page promises more without a next page', async () => {
    const api = new WondeApi(
      'https://api.wonde.test',
      't',
      stub({ '/v1.0/things': { data: [{}], meta: { pagination: { more: true, next: null } } } }),
    );
    await expect(drain(api)).rejects.toThrow(DirectoryUnavailableError);
  });

  it('never follows a next page off the API with the token', async () => {
    const next = 'https://elsewhere.example/v1.0/things?page=2';
    const api = new WondeApi(
      'https://api.wonde.test',
      't',
      stub({ '/v1.0/things': { data: [], meta: { pagination: { more: true, next } } } }),
    );
    await expect(drain(api)).rejects.toThrow(/outside its API/);
  });
});

describe('wondeConnector: attendance', () => {
  const scan = (over: Partial<ScanToWrite> & Pick<ScanToWrite, 'id' | 'externalId'>): ScanToWrite => ({
    kind: 'sign_in',
    happenedAt: new Date('2025-01-15T09:20:00Z'),
    timeZone: 'Europe/London',
    codeId: null,
    note: null,
    ...over,
  });

  it('lists Wonde’s attendance codes', async () => {
    const { server, control } = await fake({ students: 1 });
    const { session } = await connect(server, control);
    const codes = await session.attendanceCodes!();
    expect(codes).toEqual(control.codes().map((c) => ({ id: c.id, code: c.code, label: c.description })));
    expect(codes.find((c) => c.code === 'L')?.label).toMatch(/Late/);
  });

  it('writes each student’s mark for the school-local date and session, the note as comment', async () => {
    const { server, control } = await fake({ students: 5 });
    const [a, b] = control.people('students');
    const late = control.codes().find((c) => c.code === 'L')!;
    const present = control.codes().find((c) => c.code === '/')!;
    const { session } = await connect(server, control);
    const results = await session.writeScans!([
      scan({ id: 's1', externalId: a!.id, codeId: late.id, note: ' Bus was late ' }),
      // 23:30 UTC on 14 July is 03:30 in Dubai on the 15th: the date is the school's.
      scan({
        id: 's2',
        externalId: b!.id,
        codeId: present.id,
        timeZone: 'Asia/Dubai',
        happenedAt: new Date('2025-07-14T23:30:00Z'),
      }),
      scan({
        id: 's3',
        externalId: b!.id,
        codeId: present.id,
        kind: 'sign_out',
        happenedAt: new Date('2025-07-15T13:05:00Z'),
      }),
    ]);
    expect(results).toEqual([
      { id: 's1', ok: true },
      { id: 's2', ok: true },
      { id: 's3', ok: true },
    ]);
    expect(control.attendanceWritten()).toEqual([
      expect.objectContaining({
        studentId: a!.id,
        date: '2025-01-15',
        session: 'AM',
        attendanceCodeId: late.id,
        comment: 'Bus was late',
      }),
      expect.objectContaining({ studentId: b!.id, date: '2025-07-15', session: 'AM', comment: null }),
      expect.objectContaining({ studentId: b!.id, date: '2025-07-15', session: 'PM' }),
    ]);
  });

  it('fails each bad scan alone and still writes the rest', async () => {
    const { server, control } = await fake({ students: 4, employees: 2 });
    const [a, b, c] = control.people('students');
    const teacher = control.people('employees')[0]!;
    const code = control.codes()[0]!.id;
    const { session } = await connect(server, control);
    const results = await session.writeScans!([
      scan({ id: 'ok1', externalId: a!.id, codeId: code }),
      scan({ id: 'no-code', externalId: b!.id }),
      scan({ id: 'bad-code', externalId: b!.id, codeId: 'A0000000000' }),
      scan({ id: 'teacher', externalId: teacher.id, codeId: code }),
      scan({ id: 'gone', externalId: 'A1999999999', codeId: code }),
      scan({ id: 'bad-zone', externalId: c!.id, codeId: code, timeZone: 'Mars/Olympus' }),
      scan({ id: 'ok2', externalId: c!.id, codeId: code }),
    ]);
    const byId = new Map(results.map((r) => [r.id, r]));
    expect(byId.get('ok1')).toEqual({ id: 'ok1', ok: true });
    expect(byId.get('ok2')).toEqual({ id: 'ok2', ok: true });
    expect(byId.get('no-code')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/No Wonde attendance code/),
    });
    expect(byId.get('bad-code')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/attendance_code_id is invalid/),
    });
    expect(byId.get('teacher')).toMatchObject({ ok: false, problem: expect.stringMatching(/students only/) });
    expect(byId.get('gone')).toMatchObject({ ok: false, problem: expect.stringMatching(/student_id is invalid/) });
    expect(byId.get('bad-zone')).toMatchObject({ ok: false, problem: expect.stringMatching(/Mars\/Olympus/) });
    expect(control.attendanceWritten().map((w) => w.studentId)).toEqual([a!.id, c!.id]);
  });

  it('fails the marks, not the run, when Wonde stays throttled past the retries', async () => {
    const { server, control } = await fake({ students: 2 });
    const { session, sleeps } = await connect(server, control);
    control.throttle(3, 2);
    const code = control.codes()[0]!.id;
    const results = await session.writeScans!([
      scan({ id: 'x', externalId: control.people('students')[0]!.id, codeId: code }),
    ]);
    expect(results).toEqual([
      { id: 'x', ok: false, problem: expect.stringMatching(/could not take the attendance just now \(429/) },
    ]);
    expect(sleeps).toEqual([2000, 2000]);
    expect(control.attendanceWritten()).toEqual([]);
  });

  it('fails an employee read in this session before sending anything', async () => {
    const { server, control } = await fake({ students: 2, employees: 2 });
    const teacher = control.people('employees')[1]!;
    const { session } = await connect(server, control);
    await readAll(await session.users({ groupIds: [WONDE_EMPLOYEES], cursor: null }));
    const before = server.log.length;
    const [result] = await session.writeScans!([
      scan({ id: 't', externalId: teacher.id, codeId: control.codes()[0]!.id }),
    ]);
    expect(result).toMatchObject({ ok: false, problem: expect.stringMatching(/students only/) });
    expect(server.log.length).toBe(before);
  });

  it('tells the school session from the local time', () => {
    expect(sessionOf(new Date('2025-03-30T11:59:00Z'), 'Europe/London')).toEqual({ date: '2025-03-30', session: 'PM' });
    expect(sessionOf(new Date('2025-03-29T11:59:00Z'), 'Europe/London')).toEqual({ date: '2025-03-29', session: 'AM' });
  });
});

describe('startWondeFake', () => {
  it('starts a demo of a few dozen people in four groups, some imperfect', async () => {
    const { server, control } = await fake({ demo: true });
    expect(control.groups()).toHaveLength(4);
    const all = control.people();
    expect(all.length).toBeGreaterThanOrEqual(24);
    expect(all.filter((p) => !p.surname)).toHaveLength(1);
    expect(all.filter((p) => p.email?.includes('@@'))).toHaveLength(1);
    const emails = all.flatMap((p) => (p.email ? [p.email] : []));
    expect(emails.length - new Set(emails).size).toBe(1);
    const { session } = await connect(server, control);
    const users = people(
      await readAll(await session.users({ groupIds: [WONDE_STUDENTS, WONDE_EMPLOYEES], cursor: null })),
    );
    expect(users).toHaveLength(all.length);
  });

  it('answers without pagination when everything fits, and with it when per_page is asked', async () => {
    const { server, control } = await fake({ students: 20 });
    const http = depsOf(server).deps.http;
    const get = async (query: string) =>
      (
        await http.request({
          url: `${server.url}/v1.0/schools/${control.schoolId}/students${query}`,
          headers: { authorization: `Bearer ${control.token}` },
        })
      ).json as { data: unknown[]; meta: { pagination?: Record<string, unknown> } };
    expect((await get('')).meta.pagination).toBeUndefined();
    const first = await get('?per_page=8');
    expect(first.data).toHaveLength(8);
    expect(first.meta.pagination).toMatchObject({ more: true, per_page: 8, current_page: 1, previous: null });
    expect(String(first.meta.pagination!.next)).toContain('page=2');
  });
});
