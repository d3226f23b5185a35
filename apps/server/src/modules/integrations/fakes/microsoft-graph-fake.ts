import { randomBytes, randomUUID } from 'node:crypto';
import { bearerOf, json, startFakeServer, type FakeAnswer, type FakeRequest, type FakeServer } from './fake-server';
import type { FakeNames } from './fake-people';
import {
  GraphFakeDirectory,
  graphFakeUserId,
  type GraphFakeGroup,
  type GraphFakeUser,
} from './microsoft-graph-fake-data';
import { createGraphFakeDelta, graphErrorAnswer, selectOf } from './microsoft-graph-fake-delta';

export { graphFakeUserId, type GraphFakeGroup, type GraphFakeUser } from './microsoft-graph-fake-data';

// A local stand-in of Microsoft Entra ID for tests and the demo: one server answers both what
// MICROSOFT_LOGIN_URL and MICROSOFT_GRAPH_URL name. The identity platform's client-credentials token
// endpoint, POST /{tenant}/oauth2/v2.0/token (form grant_type, client_id, client_secret, scope
// https://graph.microsoft.com/.default), answering { token_type, expires_in, ext_expires_in, access_token }
// or an OAuth error { error, error_description "AADSTSnnnn: …", error_codes, timestamp, trace_id,
// correlation_id, error_uri }. Graph v1.0 with the bearer token (401 InvalidAuthenticationToken when
// missing, unknown or expired): GET /organization, /groups and /users (paged by $top, 1..999, and an opaque
// $skiptoken), /users/{id}, /users/{id}/memberOf and /transitiveMemberOf, and the delta functions
// (microsoft-graph-fake-delta.ts). Errors as { error: { code, message, innerError } }; 429 TooManyRequests
// with Retry-After when told to throttle; 403 Authorization_RequestDenied for a permission taken away.

export const GRAPH_FAKE_APP = {
  tenantId: '5e1f7a11-0000-4000-8000-00000000fa4e',
  clientId: 'c11e47a0-0000-4000-8000-00000000c11e',
  clientSecret: 'fake~Secret.Value-0123456789abcdefABCDEF',
};

/** The demo tenant (demo mode): its domain and how many people it holds. */
const DEMO_DOMAIN = 'demo-school.example';
const DEMO_USERS = 36;

/** The n-th person of the demo tenant, as the fake sends it (what a browser test types or expects). */
export const graphDemoUser = (n: number): GraphFakeUser =>
  new GraphFakeDirectory({ users: DEMO_USERS, domain: DEMO_DOMAIN, seed: 1, demo: true }).user(graphFakeUserId(n))!;

const SCOPE = 'https://graph.microsoft.com/.default';
const DEFAULT_USER_PROPERTIES = [
  'businessPhones',
  'displayName',
  'givenName',
  'jobTitle',
  'mail',
  'mobilePhone',
  'officeLocation',
  'preferredLanguage',
  'surname',
  'userPrincipalName',
  'id',
];

export type GraphFakeOptions = {
  port?: number;
  /** Generated users (default 300; the demo makes 36). 50,000 cost nothing until read. */
  users?: number;
  seed?: number;
  /** How varied the generated users' full names are (default `few`: people share names). */
  names?: FakeNames;
  /** A few dozen people in four groups, some imperfect (the product's demo mode). */
  demo?: boolean;
  domain?: string;
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
  organizationName?: string;
  /** Page size when the request names none ($top, Prefer: odata.maxpagesize); default 100. */
  pageSize?: number;
  /** The fake's clock in ms (token lifetimes, delta tokens' seven days); advance() moves it on. */
  now?: () => number;
  /** How an expired delta token is answered: Graph's blog says 400, its docs "a 40X-series error" (default 410). */
  expiredDeltaStatus?: 400 | 410;
};

export type GraphFakeControl = {
  readonly tenantId: string;
  readonly clientId: string;
  /** The client secret's value now (renewSecret changes it). */
  readonly clientSecret: string;
  readonly domain: string;
  readonly organizationName: string;
  /** The fake's clock now, and moving it on (delta tokens expire after seven days of it). */
  now(): number;
  advance(ms: number): void;
  /** Every access token issued so far has expired (Graph answers 401 InvalidAuthenticationToken). */
  expireTokens(): void;
  /** The client secret has passed its end date (AADSTS7000222). */
  expireSecret(): void;
  /** A new client secret replaces the old one (Certificates & secrets, New client secret). */
  renewSecret(value: string): void;
  /** The next `count` Graph requests are answered 429 with Retry-After `seconds`. */
  throttle(count: number, seconds?: number): void;
  /** The app loses (true) or regains a permission: Organization.Read.All, or the users and groups. */
  deny(what: 'organization' | 'directory', denied?: boolean): void;
  /** Every delta link issued so far is answered 410 Gone (a synchronization reset). */
  resetSync(): void;
  /** The user is sent malformed: its givenName as a number, or without its id. */
  malform(userId: string, how?: 'name' | 'id'): void;
  addUser(input: Partial<Omit<GraphFakeUser, 'id'>>, groupIds?: string[]): GraphFakeUser;
  changeUser(id: string, patch: Partial<Omit<GraphFakeUser, 'id'>>): void;
  removeUser(id: string): void;
  addGroup(displayName: string): GraphFakeGroup;
  removeGroup(id: string): void;
  addMember(groupId: string, userId: string): void;
  removeMember(groupId: string, userId: string): void;
  user(id: string): GraphFakeUser | null;
  groups(): GraphFakeGroup[];
  /** The ids of a group's direct user members. */
  usersOf(groupId: string): string[];
  /** Tokens issued by the token endpoint. */
  readonly tokensIssued: number;
};

/** The identity platform's OAuth error body. */
function oauthError(status: number, error: string, code: number, description: string): FakeAnswer {
  const now = new Date();
  const timestamp = now.toISOString().replace('T', ' ').slice(0, 19) + 'Z';
  const traceId = randomUUID();
  const correlationId = randomUUID();
  return json(status, {
    error,
    error_description: `AADSTS${code}: ${description}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${correlationId}\r\nTimestamp: ${timestamp}`,
    error_codes: [code],
    timestamp,
    trace_id: traceId,
    correlation_id: correlationId,
    error_uri: `https://login.microsoftonline.com/error?code=${code}`,
  });
}

const pick = (object: Record<string, unknown>, select: string[] | null, defaults: string[]) =>
  Object.fromEntries((select ?? defaults).concat('id').map((key) => [key, object[key] ?? null]));

export async function startMicrosoftGraphFake(
  options: GraphFakeOptions = {},
): Promise<{ server: FakeServer; control: GraphFakeControl }> {
  const demo = options.demo ?? false;
  const domain = options.domain ?? (demo ? DEMO_DOMAIN : 'contoso.example');
  const tenantId = options.tenantId ?? GRAPH_FAKE_APP.tenantId;
  const clientId = options.clientId ?? GRAPH_FAKE_APP.clientId;
  let clientSecret = options.clientSecret ?? GRAPH_FAKE_APP.clientSecret;
  const organizationName = options.organizationName ?? (demo ? 'Demo School (Entra)' : 'Contoso School');
  const pageSize = options.pageSize ?? 100;
  let offset = 0;
  const now = () => (options.now ?? Date.now)() + offset;
  const dir = new GraphFakeDirectory({
    users: options.users ?? (demo ? DEMO_USERS : 300),
    domain,
    seed: options.seed ?? 1,
    demo,
    names: options.names,
  });

  const tokens = new Map<string, number>();
  let tokensIssued = 0;
  let secretExpired = false;
  let throttled = 0;
  let throttleSeconds = 2;
  const denied = new Set<'organization' | 'directory'>();
  const malformed = new Map<string, 'name' | 'id'>();

  /** A user as Graph sends it: the selected properties (a delta leaves out those never set). */
  function render(user: GraphFakeUser, select: string[] | null, omitNulls: boolean): Record<string, unknown> {
    const picked = pick(user, select, DEFAULT_USER_PROPERTIES);
    if (omitNulls) for (const key of Object.keys(picked)) if (picked[key] === null) delete picked[key];
    const how = malformed.get(user.id);
    if (how === 'id') delete picked.id;
    if (how === 'name') picked.givenName = 42;
    return picked;
  }

  const delta = createGraphFakeDelta({ dir, now, render, expiredStatus: options.expiredDeltaStatus ?? 410 });
  const lists = new Map<string, { kind: string; offset: number; top: number; select: string[] | null }>();
  const tenantNames = new Set(
    [tenantId, domain, `${domain.split('.')[0]}.onmicrosoft.com`].map((t) => t.toLowerCase()),
  );

  function issueToken(req: FakeRequest, tenant: string): FakeAnswer {
    if (!tenantNames.has(tenant.toLowerCase()))
      return oauthError(
        400,
        'invalid_request',
        90002,
        `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud. Check with your subscription administrator, this may happen if there are no active subscriptions for the tenant.`,
      );
    const form = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, string>;
    if (form.grant_type !== 'client_credentials')
      return oauthError(400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.');
    if (form.client_id !== clientId)
      return oauthError(
        400,
        'unauthorized_client',
        700016,
        `Application with identifier '${form.client_id ?? ''}' was not found in the directory '${organizationName}'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You may have sent your authentication request to the wrong tenant.`,
      );
    if (!form.client_secret)
      return oauthError(
        401,
        'invalid_client',
        7000218,
        "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
      );
    if (form.client_secret !== clientSecret)
      return oauthError(
        401,
        'invalid_client',
        7000215,
        `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`,
      );
    if (secretExpired)
      return oauthError(
        401,
        'invalid_client',
        7000222,
        `The provided client secret keys for app '${clientId}' are expired. Visit the Azure portal to create new keys for your app.`,
      );
    if (form.scope !== SCOPE)
      return oauthError(
        400,
        'invalid_scope',
        1002012,
        `The provided value for scope ${form.scope ?? ''} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).`,
      );
    const accessToken = `eyJ0eXAiOiJKV1Qi.${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, now() + 3599 * 1000);
    tokensIssued++;
    return json(200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: accessToken });
  }

  /** The page size: $top where the API takes it, else Prefer: odata.maxpagesize, else the default. */
  function sizeOf(req: FakeRequest, takesTop: boolean): number | FakeAnswer {
    const top = takesTop ? req.query.get('$top') : null;
    if (top !== null) {
      const n = Number(top);
      return Number.isInteger(n) && n >= 1 && n <= 999
        ? n
        : graphErrorAnswer(
            400,
            'Request_BadRequest',
            `Invalid page size specified: '${top}'. Must be between 1 and 999 inclusive.`,
          );
    }
    const prefer = /odata\.maxpagesize=(\d+)/i.exec(String(req.headers.prefer ?? ''));
    return prefer ? Math.min(999, Math.max(1, Number(prefer[1]))) : pageSize;
  }

  /** A plain list paged by $top and $skiptoken (rows built lazily from their position). */
  function list(
    req: FakeRequest,
    base: string,
    kind: string,
    count: number,
    row: (i: number, select: string[] | null) => unknown,
  ) {
    const skip = req.query.get('$skiptoken');
    let state = skip ? lists.get(skip) : undefined;
    if (skip && (!state || state.kind !== kind))
      return graphErrorAnswer(400, 'Request_BadRequest', 'The specified page token value has expired or is invalid.');
    if (!state) {
      const top = sizeOf(req, true);
      if (typeof top !== 'number') return top;
      state = { kind, offset: 0, top, select: selectOf(req) };
    }
    const value: unknown[] = [];
    let i = state.offset;
    for (; i < count && value.length < state.top; i++) {
      const r = row(i, state.select);
      if (r) value.push(r);
    }
    const body: Record<string, unknown> = { '@odata.context': `${base}/v1.0/$metadata#${kind}` };
    if (i < count) {
      const next = randomBytes(18).toString('base64url');
      lists.set(next, { ...state, offset: i });
      body['@odata.nextLink'] = `${base}/v1.0/${kind}?$top=${state.top}&$skiptoken=${next}`;
    }
    body.value = value;
    return json(200, body);
  }

  function graph(req: FakeRequest, base: string, path: string): FakeAnswer {
    const bearer = bearerOf(req);
    if (!bearer) return graphErrorAnswer(401, 'InvalidAuthenticationToken', 'Access token is empty.');
    const expiresAt = tokens.get(bearer);
    if (expiresAt === undefined)
      return graphErrorAnswer(401, 'InvalidAuthenticationToken', 'Access token validation failure. Invalid audience.');
    if (now() >= expiresAt)
      return graphErrorAnswer(401, 'InvalidAuthenticationToken', 'Lifetime validation failed, the token is expired.');
    if (throttled > 0) {
      throttled--;
      return graphErrorAnswer(
        429,
        'TooManyRequests',
        'Too many requests. Please retry after the time in Retry-After.',
        {
          'retry-after': String(throttleSeconds),
        },
      );
    }
    if (req.method !== 'GET') return graphErrorAnswer(405, 'Request_BadRequest', 'The HTTP method is not allowed.');
    const forbidden = () =>
      graphErrorAnswer(403, 'Authorization_RequestDenied', 'Insufficient privileges to complete the operation.');

    if (path === '/organization') {
      if (denied.has('organization')) return forbidden();
      const org = { id: tenantId, displayName: organizationName, verifiedDomains: [{ name: domain, isDefault: true }] };
      return json(200, {
        '@odata.context': `${base}/v1.0/$metadata#organization`,
        value: [pick(org, selectOf(req), Object.keys(org))],
      });
    }
    if (denied.has('directory')) return forbidden();
    if (path === '/users/delta' || path === '/groups/delta') {
      const size = sizeOf(req, false);
      if (typeof size !== 'number') return size;
      return delta.answer(req, path === '/users/delta' ? 'users' : 'groups', base, size);
    }
    if (path === '/groups')
      return list(req, base, 'groups', dir.groups.length, (i, select) => {
        const g = dir.groups[i]!;
        return g.deleted ? null : pick({ id: g.id, displayName: g.displayName }, select, ['displayName']);
      });
    if (path === '/users')
      return list(req, base, 'users', dir.slots, (i, select) => {
        const user = dir.user(dir.idAt(i));
        return user && render(user, select, false);
      });
    const match = /^\/users\/([^/]+)(?:\/(memberOf|transitiveMemberOf))?$/.exec(path);
    const user = match ? dir.user(match[1]!) : null;
    if (match && !user)
      return graphErrorAnswer(
        404,
        'Request_ResourceNotFound',
        `Resource '${match[1]}' does not exist or one of its queried reference-property objects are not present.`,
      );
    if (match && user && !match[2]) return json(200, render(user, selectOf(req), false));
    if (match && user) {
      const groups = dir.memberOf(user.id, match[2] === 'transitiveMemberOf');
      return list(req, base, `users/${user.id}/${match[2]}`, groups.length, (i, select) => ({
        '@odata.type': '#microsoft.graph.group',
        ...pick({ id: groups[i]!.id, displayName: groups[i]!.displayName }, select, ['displayName']),
      }));
    }
    return graphErrorAnswer(400, 'BadRequest', `Resource not found for the segment '${path.split('/')[1] ?? ''}'.`);
  }

  const server = await startFakeServer((req) => {
    const base = `http://${req.headers.host ?? '127.0.0.1'}`;
    const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(req.path);
    if (token) {
      if (req.method !== 'POST')
        return oauthError(400, 'invalid_request', 900561, 'The endpoint only accepts POST requests.');
      return issueToken(req, token[1]!);
    }
    if (req.path.startsWith('/v1.0/')) return graph(req, base, req.path.slice('/v1.0'.length));
    return graphErrorAnswer(400, 'BadRequest', 'Invalid version.');
  }, options.port ?? 0);

  const control: GraphFakeControl = {
    tenantId,
    clientId,
    get clientSecret() {
      return clientSecret;
    },
    domain,
    organizationName,
    now,
    advance: (ms) => {
      offset += ms;
    },
    expireTokens: () => {
      for (const key of tokens.keys()) tokens.set(key, -Infinity);
    },
    expireSecret: () => {
      secretExpired = true;
    },
    renewSecret: (value) => {
      clientSecret = value;
      secretExpired = false;
    },
    throttle: (count, seconds = 2) => {
      throttled = count;
      throttleSeconds = seconds;
    },
    deny: (what, value = true) => {
      if (value) denied.add(what);
      else denied.delete(what);
    },
    resetSync: () => delta.resetSync(),
    malform: (userId, how = 'name') => {
      malformed.set(userId, how);
    },
    addUser: (input, groupIds = []) => {
      const user = dir.addUser(input);
      for (const g of groupIds) dir.addMember(g, user.id);
      return user;
    },
    changeUser: (id, patch) => dir.changeUser(id, patch),
    removeUser: (id) => dir.removeUser(id),
    addGroup: (name) => dir.addGroup(name),
    removeGroup: (id) => dir.removeGroup(id),
    addMember: (g, u) => dir.addMember(g, u),
    removeMember: (g, u) => dir.removeMember(g, u),
    user: (id) => dir.user(id),
    groups: () => dir.groups.filter((g) => !g.deleted),
    usersOf: (groupId) => dir.usersOf(groupId),
    get tokensIssued() {
      return tokensIssued;
    },
  };
  return { server, control };
}
