import { randomBytes } from 'node:crypto';
import { fakePerson } from './fake-people';
import { bearerOf, json, startFakeServer, type FakeAnswer, type FakeRequest, type FakeServer } from './fake-server';

// A local stand-in of a Paxton Net2 server's Web API (/api/v1), for tests and the demo. Its URL is what an
// admin types as the integration's server URL. As Net2's help page describes: the token route with the
// password and refresh grants (form fields; a refresh token only with scope=offline_access), access tokens
// of 30 minutes and refresh tokens of 2 hours on a clock the tests move, 401 on a missing or expired token.
// Routes as Net2 serves them: departments (and a department's users, "root" for those in none), users
// (with custom fields and their names), access levels, doors and the door commands. Net2 users mostly
// have no email: it is only a custom field ("Email", number 9 by default).

export const NET2_FAKE_LOGIN = {
  username: 'System engineer',
  password: 'net2',
  clientId: '0b6c3f2e-7d1a-4c5e-9f08-2a4d6e8b1c37',
} as const;

const ACCESS_S = 30 * 60;
const REFRESH_S = 2 * 60 * 60;
const EMAIL_FIELD = 9;
const PERSONNEL_FIELD = 14;
const DAY = 86_400_000;

export type Net2FakeUser = {
  id: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  telephone: string | null;
  email: string | null;
  personnelNumber: string | null;
  /** 0: Net2's "None" department. */
  departmentId: number;
  activateDate: string | null;
  expiryDate: string | null;
};

export type Net2FakeOptions = {
  port?: number;
  /** People to make (default 200; the demo makes 36). */
  users?: number;
  departments?: string[];
  seed?: number;
  /** A few dozen people in four departments, some imperfect (the product's demo mode). */
  demo?: boolean;
  /** The clock's start, in ms (default: now). */
  now?: number;
  /** The licence's client id the server accepts (default NET2_FAKE_LOGIN's). */
  clientId?: string;
};

export type Net2DoorCommand = { command: string; doorId: number; at: number };

export type Net2FakeControl = {
  readonly login: { username: string; password: string; clientId: string };
  now(): number;
  /** Moves the fake's clock (tokens lapse by it). */
  advance(ms: number): void;
  /** The next `count` requests answer 429 with Retry-After. */
  throttle(count: number, retryAfterSeconds?: number): void;
  /** Every access token issued so far stops working (refresh tokens still do). */
  expireTokens(): void;
  /** The user's record is sent malformed (a number for a name, an unreadable expiry date). */
  malform(userId: number): void;
  addUser(input: Partial<Omit<Net2FakeUser, 'id'>> & { firstName: string; lastName: string }): Net2FakeUser;
  changeUser(id: number, patch: Partial<Omit<Net2FakeUser, 'id'>>): void;
  removeUser(id: number): void;
  addDepartment(name: string): { id: number; name: string };
  users(): Net2FakeUser[];
  departments(): { id: number; name: string }[];
  /** The grants asked of the token route, in order. */
  grants: string[];
  doorCommands: Net2DoorCommand[];
};

const DEFAULT_DEPARTMENTS = ['Administration', 'Engineering', 'Operations', 'Contractors', 'Cleaning', 'Security'];
const ACCESS_LEVELS = ['No access', 'All hours, all doors', 'Working hours', 'Reception only'];
const DOORS = ['Main entrance', 'Reception', 'Warehouse', 'Server room', 'Car park barrier'];
const FIELD_NAMES = [
  'Address',
  'Address 2',
  'Town',
  'County',
  'Postcode',
  'Car registration',
  'Home telephone',
  'Mobile',
  'Email',
  'Job title',
  'Notes',
  'Cost centre',
  'Memo',
  'Personnel number',
];

/** Net2 writes dates with the server's offset; the fake's server keeps UTC. */
const net2Date = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
const midnight = (ms: number) => Math.floor(ms / DAY) * DAY;

function generated(count: number, departments: number, seed: number, start: number): Net2FakeUser[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const p = fakePerson(n, 'net2.example', seed);
    return {
      id: n,
      firstName: p.firstName,
      middleName: null,
      lastName: p.lastName,
      telephone: n % 2 ? p.phone : null,
      // Most people have no email: Net2 only keeps one if the site fills a custom field (2 in 7 here,
      // a cycle prime to the departments' so every department has some).
      email: n % 7 < 2 ? p.email : null,
      personnelNumber: n % 5 === 4 ? null : p.employeeId,
      departmentId: n % 10 === 0 ? 0 : ((n - 1) % departments) + 1,
      activateDate: n % 40 === 7 ? net2Date(midnight(start) + 3 * DAY) : '2020-01-01T00:00:00+00:00',
      expiryDate: n % 25 === 0 ? net2Date(midnight(start) - DAY) : null,
    };
  });
}

/** The demo's people: 36 in four departments, one without a surname, one with a malformed email, two sharing one. */
function demoPeople(start: number): Net2FakeUser[] {
  const people = generated(36, 4, 7, start);
  people[2] = { ...people[2]!, lastName: '' };
  people[5] = { ...people[5]!, email: 'omar.haddad@@example' };
  people[8] = { ...people[8]!, email: 'shared.desk@net2.example' };
  people[9] = { ...people[9]!, email: 'shared.desk@net2.example', departmentId: 2 };
  return people;
}

export async function startNet2Fake(
  options: Net2FakeOptions = {},
): Promise<{ server: FakeServer; control: Net2FakeControl }> {
  let clock = options.now ?? Date.now();
  const login = { ...NET2_FAKE_LOGIN, clientId: options.clientId ?? NET2_FAKE_LOGIN.clientId };
  const names = options.demo
    ? ['Reception', 'Engineering', 'Facilities', 'Contractors']
    : (options.departments ?? DEFAULT_DEPARTMENTS);
  const departments = new Map(names.map((name, i) => [i + 1, name]));
  const users = new Map<number, Net2FakeUser>();
  for (const u of options.demo
    ? demoPeople(clock)
    : generated(options.users ?? 200, names.length, options.seed ?? 1, clock))
    users.set(u.id, u);
  let nextUserId = Math.max(0, ...users.keys()) + 1;
  const access = new Map<string, number>();
  const refresh = new Map<string, number>();
  const malformed = new Set<number>();
  let throttled = 0;
  let retryAfter = 1;
  const grants: string[] = [];
  const doorCommands: Net2DoorCommand[] = [];
  const doors = DOORS.map((name, i) => ({ id: 6_612_640 + i, name }));

  const record = (u: Net2FakeUser) => {
    const customFields = [
      ...(u.email ? [{ id: EMAIL_FIELD, value: u.email }] : []),
      ...(u.personnelNumber ? [{ id: PERSONNEL_FIELD, value: u.personnelNumber }] : []),
    ];
    const base = {
      id: u.id,
      firstName: u.firstName,
      middleName: u.middleName,
      lastName: u.lastName,
      expiryDate: u.expiryDate,
      activateDate: u.activateDate,
      pin: '',
      telephone: u.telephone,
      extension: null,
      fax: null,
      isAntiPassbackUser: false,
      isAlarmUser: false,
      isLockdownExempt: false,
      hasImage: false,
      customFields,
    };
    return malformed.has(u.id) ? { ...base, firstName: 42, expiryDate: 'next Tuesday' } : base;
  };

  const issue = (withRefresh: boolean) => {
    const token = randomBytes(24).toString('base64url');
    access.set(token, clock + ACCESS_S * 1000);
    const answer: Record<string, unknown> = {
      access_token: token,
      token_type: 'bearer',
      expires_in: ACCESS_S,
      expiry_datetime: new Date(clock + ACCESS_S * 1000).toISOString(),
    };
    if (withRefresh) {
      const r = randomBytes(16).toString('hex');
      refresh.set(r, clock + REFRESH_S * 1000);
      answer.refresh_token = r;
    }
    return json(200, answer);
  };

  const oauthError = (status: number, error: string, description: string) =>
    json(status, { error, error_description: description });

  function token(req: FakeRequest): FakeAnswer {
    const form = (typeof req.body === 'object' && req.body ? req.body : {}) as Record<string, string>;
    const grant = form.grant_type ?? '';
    grants.push(grant);
    const offline = (form.scope ?? '').split(/\s+/).includes('offline_access');
    if (grant !== 'password' && grant !== 'refresh_token')
      return oauthError(400, 'unsupported_grant_type', 'grant_type must be password or refresh_token');
    if (form.client_id !== login.clientId)
      return oauthError(401, 'invalid_client', 'The client ID is not licensed on this server');
    if (grant === 'password') {
      if (
        form.username?.toLowerCase() !== NET2_FAKE_LOGIN.username.toLowerCase() ||
        form.password !== NET2_FAKE_LOGIN.password
      )
        return oauthError(400, 'invalid_grant', 'The user name or password is incorrect');
      return issue(offline);
    }
    const until = refresh.get(form.refresh_token ?? '');
    if (until === undefined || until <= clock)
      return oauthError(400, 'invalid_grant', 'The refresh token is invalid or expired');
    return issue(offline);
  }

  function usersOfDepartment(id: number) {
    return [...users.values()].filter((u) => u.departmentId === id).map(record);
  }

  function doorCommand(req: FakeRequest, command: string): FakeAnswer {
    const body = (typeof req.body === 'object' && req.body ? req.body : {}) as Record<string, unknown>;
    const doorId = Number(body.doorId ?? body.DoorId);
    if (!doors.some((d) => d.id === doorId))
      return json(404, { message: `Door ${String(body.doorId ?? body.DoorId)} not found` });
    doorCommands.push({ command, doorId, at: clock });
    return json(200, true);
  }

  function route(req: FakeRequest): FakeAnswer {
    const path = req.path.replace(/\/+$/, '');
    if (!path.startsWith('/api/v1/')) return json(404, { message: 'No such route' });
    if (path === '/api/v1/authorization/tokens' && req.method === 'POST') return token(req);
    const bearer = bearerOf(req);
    const until = bearer ? access.get(bearer) : undefined;
    if (until === undefined || until <= clock)
      return { status: 401, headers: { 'www-authenticate': 'Bearer error="invalid_token"' } };

    const parts = path.split('/').slice(3); // after /api/v1
    const [what, id, sub] = parts;
    if (req.method === 'GET') {
      if (what === 'departments' && parts.length === 1)
        return json(
          200,
          [...departments].map(([id, name]) => ({ id, name })),
        );
      if (what === 'departments' && sub === 'users' && parts.length === 3) {
        if (id === 'root') return json(200, usersOfDepartment(0));
        const n = Number(id);
        return departments.has(n) ? json(200, usersOfDepartment(n)) : json(404, { message: 'Department not found' });
      }
      if (what === 'departments' && parts.length === 2) {
        const name = departments.get(Number(id));
        return name === undefined
          ? json(404, { message: 'Department not found' })
          : json(200, { id: Number(id), name });
      }
      if (what === 'users' && parts.length === 1) return json(200, [...users.values()].map(record));
      if (what === 'users' && id === 'customfieldnames' && parts.length === 2)
        return json(
          200,
          FIELD_NAMES.map((name, i) => ({ id: i + 1, name })),
        );
      if (what === 'users' && parts.length >= 2) {
        const user = users.get(Number(id));
        if (!user) return json(404, { message: 'User not found' });
        if (parts.length === 2) return json(200, record(user));
        if (sub === 'departments' && parts.length === 3) {
          const name = departments.get(user.departmentId);
          return json(200, name === undefined ? [] : [{ id: user.departmentId, name }]);
        }
      }
      if (what === 'accesslevels' && parts.length === 1)
        return json(
          200,
          ACCESS_LEVELS.map((name, i) => ({ id: i, name })),
        );
      if (what === 'doors' && parts.length === 1) return json(200, doors);
    }
    if (req.method === 'POST' && what === 'commands' && id === 'door' && sub && parts.length === 3)
      if (['open', 'close', 'holdopen', 'control'].includes(sub)) return doorCommand(req, sub);
    return json(404, { message: 'No such route' });
  }

  const server = await startFakeServer((req) => {
    if (throttled > 0) {
      throttled--;
      return json(429, { message: 'Too many requests' }, { 'retry-after': String(retryAfter) });
    }
    return route(req);
  }, options.port ?? 0);

  const control: Net2FakeControl = {
    login,
    now: () => clock,
    advance(ms) {
      clock += ms;
    },
    throttle(count, seconds = 1) {
      throttled = count;
      retryAfter = seconds;
    },
    expireTokens() {
      access.clear();
    },
    malform(userId) {
      malformed.add(userId);
    },
    addUser(input) {
      const user: Net2FakeUser = {
        middleName: null,
        telephone: null,
        email: null,
        personnelNumber: null,
        departmentId: 0,
        activateDate: null,
        expiryDate: null,
        ...input,
        id: nextUserId++,
      };
      users.set(user.id, user);
      return user;
    },
    changeUser(id, patch) {
      const user = users.get(id);
      if (!user) throw new Error(`No Net2 user ${id}`);
      users.set(id, { ...user, ...patch, id });
    },
    removeUser(id) {
      users.delete(id);
    },
    addDepartment(name) {
      const id = Math.max(0, ...departments.keys()) + 1;
      departments.set(id, name);
      return { id, name };
    },
    users: () => [...users.values()].map((u) => ({ ...u })),
    departments: () => [...departments].map(([id, name]) => ({ id, name })),
    grants,
    doorCommands,
  };
  return { server, control };
}
