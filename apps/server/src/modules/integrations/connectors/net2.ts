import { DirectoryHttpError, type DirectoryHttp, type HttpAnswer } from './http';
import {
  DirectoryAuthError,
  DirectoryUnavailableError,
  type DirectoryConnector,
  type DirectoryGroup,
  type DirectoryPage,
  type DirectoryRecord,
  type DirectorySession,
} from './types';

// A signed-in client of Paxton Net2's local Web API (the Net2 server's own API, on the site's network:
// https://host:8443/api/v1, or http://host:8080/api/v1). Net2's help page (Getting started › Authentication):
// POST /api/v1/authorization/tokens with form fields username ("First Last" of a Net2 operator), password,
// grant_type=password, client_id (the licence file's name) and scope=offline_access for a refresh token; an
// access token lasts 30 minutes, a refresh token 2 hours; an expired or missing access token answers 401.
// A session lasts one sync run and the password is what is stored, so nothing is handed back to store.

export const NET2_API = '/api/v1';
const ACCESS_TOKEN_MS = 30 * 60_000;
const REFRESH_TOKEN_MS = 2 * 60 * 60_000;
/** Renew a little early, so a call never sets out with a token about to lapse on the way. */
const EARLY_MS = 60_000;

export type Net2Login = { baseUrl: string; username: string; password: string; clientId: string };

/** The base URL of the server (no /api/v1), from what the admin typed; a DirectoryAuthError when unusable. */
export function net2BaseUrl(raw: string | undefined): URL {
  const text = (raw ?? '').trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DirectoryAuthError('The Net2 server URL is not a URL: give it as https://host:8443');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname)
    throw new DirectoryAuthError('The Net2 server URL must start with https:// or http:// and name a host');
  // Admins often paste the API root Net2 shows (…/api/v1): accept it and the bare server alike.
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
  url.search = '';
  url.hash = '';
  return url;
}

type Tokens = { access: string; accessUntil: number; refresh: string | null; refreshUntil: number };

const reasonOf = (answer: HttpAnswer): { error: string | null; description: string | null } => {
  const body = (answer.json ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return { error: text(body.error), description: text(body.error_description) ?? text(body.message) };
};

export class Net2Api {
  private tokens: Tokens | null = null;
  private readonly root: string;

  constructor(
    private readonly login: Net2Login,
    private readonly http: DirectoryHttp,
    private readonly now: () => Date,
  ) {
    this.root = login.baseUrl.replace(/\/+$/, '') + NET2_API;
  }

  get host(): string {
    return new URL(this.login.baseUrl).host;
  }

  /** Signs in with the operator's name and password (the password grant). */
  async signIn(): Promise<void> {
    this.tokens = await this.grant({
      grant_type: 'password',
      username: this.login.username,
      password: this.login.password,
      client_id: this.login.clientId,
      scope: 'offline_access',
    });
  }

  /** A GET of the API; null on 404 (a department deleted since it was mapped). */
  async get(path: string): Promise<unknown> {
    if (!this.tokens || this.now().getTime() >= this.tokens.accessUntil - EARLY_MS) await this.renew();
    let answer = await this.send(path);
    if (answer.status === 401) {
      // The server's clock may differ from ours, or the operator's tokens were revoked: renew once.
      await this.renew();
      answer = await this.send(path);
      if (answer.status === 401) throw new DirectoryAuthError('Net2 refused the operator’s new access token');
    }
    if (answer.status === 404) return null;
    if (answer.status === 403)
      throw new DirectoryAuthError('The Net2 operator may not read this (check its operator level)', null);
    if (answer.status < 200 || answer.status >= 300) throw this.unavailable(answer, `GET ${path}`);
    return answer.json;
  }

  private async send(path: string): Promise<HttpAnswer> {
    try {
      return await this.http.request({
        url: this.root + path,
        headers: { authorization: `Bearer ${this.tokens!.access}` },
      });
    } catch (err) {
      throw this.unreachable(err);
    }
  }

  /** The refresh grant while the refresh token lives; else (or when refused) the password again. */
  private async renew(): Promise<void> {
    const refresh = this.tokens?.refresh;
    if (refresh && this.now().getTime() < this.tokens!.refreshUntil - EARLY_MS) {
      try {
        this.tokens = await this.grant({
          grant_type: 'refresh_token',
          refresh_token: refresh,
          client_id: this.login.clientId,
          scope: 'offline_access',
        });
        return;
      } catch (err) {
        if (!(err instanceof DirectoryAuthError)) throw err;
      }
    }
    await this.signIn();
  }

  private async grant(form: Record<string, string>): Promise<Tokens> {
    let answer: HttpAnswer;
    try {
      answer = await this.http.request({ method: 'POST', url: `${this.root}/authorization/tokens`, form });
    } catch (err) {
      throw this.unreachable(err);
    }
    const { error, description } = reasonOf(answer);
    // Net2 7 answers an operator with multi-factor sign-in by asking for a code nobody is there to type.
    if (error === 'mfa_required')
      throw new DirectoryAuthError(
        'The Net2 operator signs in with a second factor; use an operator without it',
        error,
      );
    if (answer.status === 401 || answer.status === 400) {
      if (error === 'invalid_client')
        throw new DirectoryAuthError(
          'Net2 does not know this client ID (the name of the API licence file)',
          description,
        );
      if (error === 'invalid_grant' || error === null || answer.status === 401)
        throw new DirectoryAuthError('Net2 refused the operator name or password', description);
      throw new DirectoryAuthError(`Net2 refused the sign-in (${error})`, description);
    }
    if (answer.status < 200 || answer.status >= 300) throw this.unavailable(answer, 'sign-in');
    const body = (answer.json ?? {}) as Record<string, unknown>;
    if (typeof body.access_token !== 'string' || !body.access_token)
      throw new DirectoryUnavailableError('Net2 answered the sign-in without an access token', answer.status);
    const at = this.now().getTime();
    const lifetime =
      typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in * 1000 : ACCESS_TOKEN_MS;
    const refresh = typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null;
    // A refresh grant without a new refresh token leaves the old one good until its own end.
    const keep = form.grant_type === 'refresh_token' && !refresh && this.tokens;
    return {
      access: body.access_token,
      accessUntil: at + lifetime,
      refresh: refresh ?? (keep ? this.tokens!.refresh : null),
      refreshUntil: refresh ? at + REFRESH_TOKEN_MS : keep ? this.tokens!.refreshUntil : 0,
    };
  }

  private unreachable(err: unknown): DirectoryUnavailableError {
    const reason = err instanceof DirectoryHttpError || err instanceof Error ? err.message : String(err);
    return new DirectoryUnavailableError(
      `Could not reach the Net2 server at ${this.host} (${reason}). Check the server URL and that the Net2 ` +
        'service and its API port are reachable from here.',
      null,
    );
  }

  private unavailable(answer: HttpAnswer, what: string): DirectoryUnavailableError {
    if (answer.status === 429) return new DirectoryUnavailableError(`Net2 kept asking us to slow down (${what})`, 429);
    return new DirectoryUnavailableError(`Net2 answered ${answer.status} to ${what}`, answer.status);
  }
}

// Paxton Net2 (dir_code `paxton`) read through the Net2 server's local Web API (Net2Api above signs in).
// Groups are Net2 departments (GET /departments, [{ id, name }]); a department's people come from
// GET /departments/{id}/users. Net2 keeps everyone outside a department in its "None" department (id 0),
// whose people GET /departments/root/users lists, so they are offered as the pseudo-group "No department".
// A user record: id, firstName, middleName, lastName, telephone, activateDate, expiryDate (null: never)
// and customFields [{ id, value }], whose names (Options › Field names) GET /users/customfieldnames gives;
// Net2 has no email of its own, only a custom field a site may call "Email", so many people have none.
// Write-back: the API records nothing for a person (events are read only; commands open, close or hold
// doors and reset anti-passback), so no sign-in or sign-out can be written there.

/** The pseudo-group of people in no department (Net2's own path segment for them). */
export const NET2_NO_DEPARTMENT = 'root';
/** Net2's default numbers of the Email and Personnel number fields, when the site's names can't be read. */
const DEFAULT_FIELDS = { email: 9, personnel: 14 };
const PAGE_SIZE = 500;

type Department = { id: number; name: string };
type FieldIds = { email: number | null; personnel: number | null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

function departmentsOf(json: unknown): Department[] {
  if (!Array.isArray(json)) throw new DirectoryUnavailableError('Net2 sent its departments in an unknown shape', 200);
  return json.flatMap((row) =>
    isRecord(row) && Number.isInteger(row.id) && typeof row.name === 'string'
      ? [{ id: row.id as number, name: row.name.trim() }]
      : [],
  );
}

/** Which custom fields hold the email and the personnel number, by the names the site gave them. */
function fieldIdsOf(json: unknown): FieldIds {
  if (!Array.isArray(json)) return DEFAULT_FIELDS;
  const rows: unknown[] = json;
  const named = (pattern: RegExp) => {
    const row = rows.find(
      (f) => isRecord(f) && Number.isInteger(f.id) && typeof f.name === 'string' && pattern.test(f.name),
    );
    return isRecord(row) ? (row.id as number) : null;
  };
  return {
    email: named(/^\s*e-?mail(\s+address)?\s*$/i),
    personnel: named(/personnel|payroll|staff\s*(no|number|id)|employee\s*(no|number|id)/i),
  };
}

/** An ISO date, or null when absent; undefined when present but unreadable. */
function dateOf(value: unknown): Date | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : new Date(at);
}

/** One Net2 user record as a directory person, or why it can't be one (it fails alone). */
export function net2RecordOf(
  raw: unknown,
  group: { id: string; department: string | null },
  fields: FieldIds,
  now: Date,
): DirectoryRecord {
  if (!isRecord(raw)) return { ok: false, externalId: null, problem: 'Net2 sent a user that is not a record' };
  const id = raw.id;
  if (!(Number.isInteger(id) && (id as number) >= 0) && !(typeof id === 'string' && /^\d+$/.test(id)))
    return { ok: false, externalId: null, problem: 'Net2 sent a user without an id' };
  const externalId = String(id);
  const fail = (problem: string): DirectoryRecord => ({ ok: false, externalId, problem });
  for (const key of ['firstName', 'middleName', 'lastName', 'telephone'] as const) {
    const value = raw[key];
    if (value !== undefined && value !== null && typeof value !== 'string')
      return fail(`Net2 sent the user's ${key} as something other than text`);
  }
  const activate = dateOf(raw.activateDate);
  const expiry = dateOf(raw.expiryDate);
  if (activate === undefined) return fail('Net2 sent an unreadable activation date');
  if (expiry === undefined) return fail('Net2 sent an unreadable expiry date');
  const custom: unknown = raw.customFields ?? [];
  if (!Array.isArray(custom)) return fail('Net2 sent the user’s custom fields in an unknown shape');
  const customRows: unknown[] = custom;
  const customValue = (fieldId: number | null) => {
    if (fieldId === null) return null;
    const row = customRows.find((f) => isRecord(f) && Number(f.id) === fieldId);
    return isRecord(row) ? textOf(row.value) : null;
  };
  // Net2 lets a user in from the activation date and stops them at the start of the expiry date.
  const active = (!activate || activate <= now) && (!expiry || expiry > now);
  return {
    ok: true,
    user: {
      externalId,
      firstName: textOf(raw.firstName),
      lastName: textOf(raw.lastName),
      email: customValue(fields.email),
      phone: textOf(raw.telephone),
      // The site's personnel number when it keeps one, else Net2's own user number.
      employeeId: customValue(fields.personnel) ?? externalId,
      department: group.department,
      groupIds: [group.id],
      active,
    },
  };
}

function openSession(api: Net2Api, now: () => Date): DirectorySession {
  let departments: Department[] | null = null;
  const loadDepartments = async () => (departments ??= departmentsOf(await api.get('/departments')));

  return {
    refreshedSecrets: () => null,
    account: () => api.host,

    async groups(): Promise<DirectoryGroup[]> {
      const list = await loadDepartments();
      return [
        // Department 0 is Net2's "None": its people are the pseudo-group below.
        ...list.filter((d) => d.id !== 0).map((d) => ({ id: String(d.id), name: d.name, kind: 'department' })),
        { id: NET2_NO_DEPARTMENT, name: 'No department', kind: 'department' },
      ];
    },

    async users({ groupIds }) {
      const names = new Map((await loadDepartments()).map((d) => [String(d.id), d.name]));
      const fields = fieldIdsOf(await api.get('/users/customfieldnames'));
      const wanted = [...new Set(groupIds)].filter((id) => id === NET2_NO_DEPARTMENT || /^\d+$/.test(id));

      async function* pages(): AsyncGenerator<DirectoryPage> {
        const seen = new Set<string>();
        for (const groupId of wanted) {
          const json = await api.get(`/departments/${groupId}/users`);
          // 404: the department was deleted since it was mapped, so nobody is in it any more.
          if (json === null) continue;
          if (!Array.isArray(json))
            throw new DirectoryUnavailableError(`Net2 sent department ${groupId}'s users in an unknown shape`, 200);
          const group = {
            id: groupId,
            department: groupId === NET2_NO_DEPARTMENT ? null : (names.get(groupId) ?? null),
          };
          let records: DirectoryRecord[] = [];
          for (const raw of json) {
            const record = net2RecordOf(raw, group, fields, now());
            // A Net2 user has one department, but one moved while we read could come twice: keep the first.
            const key = record.ok ? record.user.externalId : record.externalId;
            if (key !== null && seen.has(key)) continue;
            if (key !== null) seen.add(key);
            records.push(record);
            if (records.length >= PAGE_SIZE) {
              yield { records, removed: [] };
              records = [];
            }
          }
          if (records.length) yield { records, removed: [] };
        }
      }

      return { mode: 'full', pages: pages(), cursor: () => null };
    },
  };
}

export const net2Connector: DirectoryConnector = {
  code: 'paxton',
  configKeys: ['server_url', 'username', 'client_id'],
  secretKeys: ['password'],
  fields: ['email', 'phone', 'id_number', 'department'],
  writesBack: false,

  async connect(credentials, deps) {
    const base = net2BaseUrl(credentials.config.server_url);
    const username = credentials.config.username?.trim();
    const clientId = credentials.config.client_id?.trim();
    const password = credentials.secrets.password;
    if (!username) throw new DirectoryAuthError('The Net2 operator name is missing');
    if (!clientId) throw new DirectoryAuthError('The Net2 client ID is missing');
    if (!password) throw new DirectoryAuthError('The Net2 operator password is missing');
    const api = new Net2Api({ baseUrl: base.toString(), username, password, clientId }, deps.http, deps.now);
    await api.signIn();
    return openSession(api, deps.now);
  },
};
