import { createHash } from 'node:crypto';
import { json, startFakeServer, type FakeAnswer, type FakeRequest, type FakeServer } from './fake-server';
import {
  googleFakeData,
  googleFakeGroupId,
  googleFakeUserId,
  type GoogleFakeGroup,
  type GoogleFakeUser,
} from './google-fake-data';
import { createGoogleOAuthFake, GOOGLE_FAKE_CLIENT } from './google-oauth-fake';

export { GOOGLE_FAKE_CLIENT } from './google-oauth-fake';
export type { GoogleFakeGroup, GoogleFakePhone, GoogleFakeUser } from './google-fake-data';

// A local stand-in of Google for Workspace directories, for tests and the demo: one server answers what
// GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL and GOOGLE_API_URL name, so one base URL serves all three. The consent
// page, token endpoint and userinfo are google-oauth-fake.ts's; the people google-fake-data.ts's. Here, the
// Admin SDK Directory API under /admin/directory/v1 as Google documents it: groups.list (customer or domain,
// maxResults up to 200), members.list (includeDerivedMembership lists the users of nested groups; a CUSTOMER
// member stands for the whole domain), users.list (maxResults up to 500, default 100) and users.get (by id or
// primary email), each paged by an opaque pageToken with nextPageToken; errors as { error: { code, message,
// errors: [{ domain, reason, message }], status } }; the default quota of 2,400 queries a minute per user
// answered 403 userRateLimitExceeded (Directory API "Limits and quotas"), and forced quota refusals
// (403 quotaExceeded / userRateLimitExceeded, 429 rateLimitExceeded) on demand.

export type GoogleQuotaReason = 'quotaExceeded' | 'userRateLimitExceeded' | 'rateLimitExceeded';

export type GoogleFakeOptions = {
  port?: number;
  /** Users to make besides the admin (default 300; the demo makes 36). */
  users?: number;
  seed?: number;
  /** A few dozen people in four groups, some imperfect (the product's demo mode). */
  demo?: boolean;
  domain?: string;
  clientId?: string;
  clientSecret?: string;
  /** The redirect URIs registered on the OAuth client (any when not given). */
  redirectUris?: string[];
  /** Admin SDK queries a minute (Google's default 2,400). */
  quotaPerMinute?: number;
  /** The fake's clock in ms (token lifetimes, the quota's minute). */
  now?: () => number;
  /** The app name the consent page shows. */
  appName?: string;
};

export type GoogleFakeControl = {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly domain: string;
  readonly customerId: string;
  readonly adminEmail: string;
  readonly appName: string;
  /** Every refresh token (and the access tokens they gave) stops working, as when the admin revokes access. */
  revokeRefreshTokens(): void;
  /** Every access token issued so far has expired. */
  expireAccessTokens(): void;
  /** The next `count` Admin SDK requests are refused for quota (429 for rateLimitExceeded, else 403). */
  throttle(count: number, reason?: GoogleQuotaReason): void;
  /** The consenting account loses (true) or regains its admin rights: the Admin SDK answers 403. */
  denyAdmin(denied: boolean): void;
  /** The user is sent malformed: its name as text, or without its id. */
  malform(userId: string, how?: 'name' | 'id'): void;
  addUser(
    input: Partial<Omit<GoogleFakeUser, 'id'>> & Pick<GoogleFakeUser, 'givenName' | 'familyName'>,
  ): GoogleFakeUser;
  changeUser(id: string, patch: Partial<Omit<GoogleFakeUser, 'id'>>): void;
  removeUser(id: string): void;
  addGroup(name: string, members?: Partial<Pick<GoogleFakeGroup, 'users' | 'groups' | 'customer'>>): GoogleFakeGroup;
  addMember(groupId: string, userId: string): void;
  removeMember(groupId: string, userId: string): void;
  users(): GoogleFakeUser[];
  groups(): GoogleFakeGroup[];
  /** The ids of a group's users, direct and through nested groups (not a CUSTOMER member's). */
  usersOf(groupId: string): string[];
};

const SCOPE = 'https://www.googleapis.com/auth/admin.directory.';
const API = '/admin/directory/v1';
const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  429: 'RESOURCE_EXHAUSTED',
};

const etag = (value: unknown) => `"${createHash('sha1').update(JSON.stringify(value)).digest('base64url')}"`;

/** Google's API error body. */
const apiError = (status: number, reason: string, message: string, domain = 'global') =>
  json(status, { error: { code: status, message, errors: [{ message, domain, reason }], status: STATUS[status] } });

export async function startGoogleDirectoryFake(
  options: GoogleFakeOptions = {},
): Promise<{ server: FakeServer; control: GoogleFakeControl }> {
  const domain = options.domain ?? (options.demo ? 'demo-school.example' : 'workspace.example');
  const clientId = options.clientId ?? GOOGLE_FAKE_CLIENT.clientId;
  const clientSecret = options.clientSecret ?? GOOGLE_FAKE_CLIENT.clientSecret;
  const appName = options.appName ?? 'Visitor management (local fake)';
  const now = options.now ?? Date.now;
  const quotaPerMinute = options.quotaPerMinute ?? 2400;
  const customerId = 'C03fake00';
  const data = googleFakeData(options, domain);
  const users = new Map(data.users.map((u) => [u.id, u]));
  const groups = data.groups;
  const admin = data.users[0]!;
  let nextUser = data.users.length;
  const oauth = createGoogleOAuthFake({
    clientId,
    clientSecret,
    redirectUris: options.redirectUris ?? null,
    appName,
    domain,
    admin: { id: admin.id, email: admin.primaryEmail, givenName: admin.givenName!, familyName: admin.familyName! },
    now,
  });

  const malformed = new Map<string, 'name' | 'id'>();
  let throttled = 0;
  let throttleReason: GoogleQuotaReason = 'quotaExceeded';
  let adminDenied = false;
  let minute = { start: -Infinity, used: 0 };

  const groupOf = (key: string) => groups.find((g) => g.id === key || g.email === key.toLowerCase());
  const userOf = (key: string) =>
    users.get(key) ?? [...users.values()].find((u) => u.primaryEmail === key.toLowerCase());

  /** A group's users through its nested groups too. */
  function usersOf(group: GoogleFakeGroup, seen = new Set<string>()): string[] {
    if (seen.has(group.id)) return [];
    seen.add(group.id);
    const nested = group.groups.flatMap((id) => {
      const child = groupOf(id);
      return child ? usersOf(child, seen) : [];
    });
    return [...new Set([...group.users, ...nested])].filter((id) => users.has(id));
  }

  /** One page of a list: maxResults (1..max), an opaque pageToken bound to the list it came from. */
  function list(req: FakeRequest, rows: unknown[], key: string, kind: string, max: number, fallback: number) {
    const asked = req.query.get('maxResults');
    const size = asked === null ? fallback : Number(asked);
    if (!Number.isInteger(size) || size < 1 || size > max)
      return apiError(400, 'invalid', `Invalid value '${asked}'. Values must be within the range: [1, ${max}]`);
    let offset = 0;
    const pageToken = req.query.get('pageToken');
    if (pageToken) {
      const [path, at] = Buffer.from(pageToken, 'base64url').toString('utf8').split('|');
      offset = Number(at);
      if (path !== req.path || !Number.isInteger(offset) || offset < 0)
        return apiError(400, 'invalid', 'Invalid page token');
    }
    const body: Record<string, unknown> = { kind, etag: etag([req.path, offset, rows.length]) };
    const slice = rows.slice(offset, offset + size);
    if (slice.length) body[key] = slice;
    if (offset + size < rows.length)
      body.nextPageToken = Buffer.from(`${req.path}|${offset + size}`).toString('base64url');
    return json(200, body);
  }

  function userRow(u: GoogleFakeUser) {
    const fullName = [u.givenName, u.familyName].filter(Boolean).join(' ');
    const row: Record<string, unknown> = {
      kind: 'admin#directory#user',
      id: u.id,
      etag: etag(u),
      primaryEmail: u.primaryEmail,
      name: {
        ...(u.givenName ? { givenName: u.givenName } : {}),
        ...(u.familyName ? { familyName: u.familyName } : {}),
        fullName,
      },
      isAdmin: u.isAdmin,
      isDelegatedAdmin: false,
      lastLoginTime: '2024-09-02T07:30:00.000Z',
      creationTime: '2023-08-28T09:00:00.000Z',
      agreedToTerms: true,
      suspended: u.suspended,
      archived: u.archived,
      changePasswordAtNextLogin: false,
      ipWhitelisted: false,
      emails: [{ address: u.primaryEmail, primary: true }],
      customerId,
      orgUnitPath: '/',
      isMailboxSetup: true,
      isEnrolledIn2Sv: false,
      isEnforcedIn2Sv: false,
      includeInGlobalAddressList: true,
    };
    if (u.phones.length) row.phones = u.phones;
    if (u.employeeId) row.externalIds = [{ value: u.employeeId, type: 'organization' }];
    if (u.department) row.organizations = [{ name: domain, department: u.department, primary: true, customType: '' }];
    const how = malformed.get(u.id);
    if (how === 'name') row.name = fullName;
    if (how === 'id') delete row.id;
    return row;
  }

  const groupRow = (g: GoogleFakeGroup) => ({
    kind: 'admin#directory#group',
    id: g.id,
    etag: etag(g),
    email: g.email,
    name: g.name,
    description: '',
    adminCreated: true,
    // Users only, as Google counts it, and as an int64 in a string.
    directMembersCount: String(g.users.filter((id) => users.has(id)).length),
    nonEditableAliases: [],
  });

  function memberRows(g: GoogleFakeGroup, derived: boolean) {
    const row = (id: string, email: string | undefined, type: string, status = 'ACTIVE') => ({
      kind: 'admin#directory#member',
      etag: etag([g.id, id]),
      id,
      ...(email ? { email } : {}),
      role: 'MEMBER',
      type,
      status,
    });
    const direct = g.users.filter((id) => users.has(id));
    const rows = [
      ...direct.map((id) =>
        row(id, users.get(id)!.primaryEmail, 'USER', users.get(id)!.suspended ? 'SUSPENDED' : 'ACTIVE'),
      ),
      ...g.groups
        .map(groupOf)
        .filter((c) => c !== undefined)
        .map((c) => row(c.id, c.email, 'GROUP')),
      ...(g.customer ? [row(customerId, undefined, 'CUSTOMER')] : []),
    ];
    if (derived)
      for (const id of usersOf(g)) if (!direct.includes(id)) rows.push(row(id, users.get(id)!.primaryEmail, 'USER'));
    return rows;
  }

  function directory(req: FakeRequest): FakeAnswer {
    const grant = oauth.grantOf(req);
    if (!grant)
      return apiError(
        401,
        'authError',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    const t = now();
    if (t - minute.start >= 60_000) minute = { start: t, used: 0 };
    if (++minute.used > quotaPerMinute)
      return apiError(
        403,
        'userRateLimitExceeded',
        "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service 'admin.googleapis.com'.",
        'usageLimits',
      );
    if (adminDenied) return apiError(403, 'forbidden', 'Not Authorized to access this resource/api');
    if (req.method !== 'GET') return apiError(405, 'httpMethodNotAllowed', 'Method not allowed');
    const parts = req.path.slice(API.length).split('/').filter(Boolean);
    const may = (what: string) => grant.scope.some((s) => s === SCOPE + what || s === `${SCOPE + what}.readonly`);
    const insufficient = () =>
      apiError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');
    const ours =
      ['my_customer', customerId].includes(req.query.get('customer') ?? '') || req.query.get('domain') === domain;
    if (parts[0] === 'groups') {
      if (!may('group') && !may('group.member')) return insufficient();
      if (parts.length === 1) {
        if (!ours) return apiError(400, 'badRequest', 'Bad Request');
        return list(req, groups.map(groupRow), 'groups', 'admin#directory#groups', 200, 200);
      }
      const group = groupOf(parts[1]!);
      if (!group) return apiError(404, 'notFound', 'Resource Not Found: groupKey');
      if (parts.length === 2) return json(200, groupRow(group));
      if (parts[2] === 'members' && parts.length === 3)
        return list(
          req,
          memberRows(group, req.query.get('includeDerivedMembership') === 'true'),
          'members',
          'admin#directory#members',
          200,
          200,
        );
    }
    if (parts[0] === 'users') {
      if (!may('user')) return insufficient();
      if (parts.length === 1) {
        if (!ours) return apiError(400, 'badRequest', 'Bad Request');
        return list(req, [...users.values()].map(userRow), 'users', 'admin#directory#users', 500, 100);
      }
      const user = parts.length === 2 ? userOf(parts[1]!) : undefined;
      return user ? json(200, userRow(user)) : apiError(404, 'notFound', 'Resource Not Found: userKey');
    }
    return apiError(404, 'notFound', 'Not Found');
  }

  const server = await startFakeServer((req) => {
    const signIn = oauth.handle(req);
    if (signIn) return signIn;
    if (!req.path.startsWith(`${API}/`)) return apiError(404, 'notFound', 'Not Found');
    if (throttled > 0) {
      throttled--;
      return throttleReason === 'rateLimitExceeded'
        ? apiError(429, 'rateLimitExceeded', 'Rate Limit Exceeded', 'usageLimits')
        : apiError(403, throttleReason, 'Quota exceeded for quota group and limit.', 'usageLimits');
    }
    return directory(req);
  }, options.port ?? 0);

  const control: GoogleFakeControl = {
    clientId,
    clientSecret,
    domain,
    customerId,
    adminEmail: admin.primaryEmail,
    appName,
    revokeRefreshTokens: () => oauth.revokeRefreshTokens(),
    expireAccessTokens: () => oauth.expireAccessTokens(),
    throttle(count, reason = 'quotaExceeded') {
      throttled = count;
      throttleReason = reason;
    },
    denyAdmin(denied) {
      adminDenied = denied;
    },
    malform(id, how = 'name') {
      malformed.set(id, how);
    },
    addUser(input) {
      const n = nextUser++;
      const user: GoogleFakeUser = {
        primaryEmail: `new${n}@${domain}`,
        phones: [],
        employeeId: null,
        department: null,
        suspended: false,
        archived: false,
        isAdmin: false,
        ...input,
        id: googleFakeUserId(n),
      };
      users.set(user.id, user);
      return { ...user };
    },
    changeUser(id, patch) {
      const user = users.get(id);
      if (!user) throw new Error(`No Google user ${id}`);
      users.set(id, { ...user, ...patch, id });
    },
    removeUser(id) {
      users.delete(id);
    },
    addGroup(name, members = {}) {
      const n = 100 + groups.length;
      const group: GoogleFakeGroup = {
        id: googleFakeGroupId(n),
        email: `group${n}@${domain}`,
        name,
        users: [],
        groups: [],
        customer: false,
        ...members,
      };
      groups.push(group);
      return { ...group };
    },
    addMember(id, user) {
      const group = groupOf(id);
      if (!group) throw new Error(`No Google group ${id}`);
      if (!group.users.includes(user)) group.users.push(user);
    },
    removeMember(id, user) {
      const group = groupOf(id);
      if (group) group.users = group.users.filter((u) => u !== user);
    },
    users: () => [...users.values()].map((u) => ({ ...u, phones: u.phones.map((p) => ({ ...p })) })),
    groups: () => groups.map((g) => ({ ...g, users: [...g.users], groups: [...g.groups] })),
    usersOf: (id) => {
      const group = groupOf(id);
      return group ? usersOf(group) : [];
    },
  };
  return { server, control };
}
