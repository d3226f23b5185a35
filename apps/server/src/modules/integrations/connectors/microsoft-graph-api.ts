import { DirectoryHttpError, type HttpAnswer } from './http';
import { DirectoryAuthError, DirectoryUnavailableError, type ConnectorDeps } from './types';

// Microsoft Entra ID through Microsoft Graph v1.0, as an app registration of the tenant (client credentials,
// learn.microsoft.com/entra/identity-platform/v2-oauth2-client-creds-grant-flow): POST {login}/{tenant}
// /oauth2/v2.0/token with grant_type=client_credentials, client_id, client_secret and the scope
// https://graph.microsoft.com/.default answers { token_type, expires_in, access_token }, or an OAuth error
// { error, error_description ("AADSTSnnnn: …\r\nTrace ID: …"), error_codes, trace_id, … } as 400 or 401.
// Graph errors come as { error: { code, message, innerError } } (graph/errors); an expired token is
// 401 InvalidAuthenticationToken. There is no refresh token in this flow: a new token is asked for instead.

export const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
/** A token this close to its end is not used for a new call (a page of a slow read may outlive it). */
const EXPIRY_MARGIN_MS = 2 * 60_000;
/** A tenant's users in pages of ~100 to 999: a million users is far below this; past it, a link chain loops. */
const MAX_PAGES = 20_000;

export type GraphCredentials = { tenantId: string; clientId: string; clientSecret: string };

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Graph's error code and message (the innermost code too, where innerError nests one). */
export function graphError(json: unknown): { codes: string[]; message: string | null } {
  const codes: string[] = [];
  let error = isRecord(json) ? json.error : undefined;
  const message = isRecord(error) ? textOf(error.message) : null;
  for (let depth = 0; isRecord(error) && depth < 5; depth++) {
    if (typeof error.code === 'string') codes.push(error.code);
    error = error.innerError ?? error.innererror;
  }
  return { codes, message };
}

/** The AADSTS line of an error_description, without the trace and correlation IDs that only help Microsoft. */
function descriptionOf(json: unknown): string | null {
  const text = isRecord(json) ? textOf(json.error_description) : null;
  return text ? (text.split(/\r?\n/)[0]?.trim() ?? null) : null;
}

function aadstsOf(json: unknown): number | null {
  if (isRecord(json) && Array.isArray(json.error_codes) && typeof json.error_codes[0] === 'number')
    return json.error_codes[0];
  const match = /AADSTS(\d+)/.exec(descriptionOf(json) ?? '');
  return match ? Number(match[1]) : null;
}

/** Why the token endpoint refused, in words an admin can act on (the AADSTS line rides along). */
function tokenRefusal(answer: HttpAnswer, creds: GraphCredentials): Error {
  const json = answer.json;
  const error = isRecord(json) && typeof json.error === 'string' ? json.error : null;
  const said = descriptionOf(json);
  // Microsoft warns the AADSTS numbers may change: they only pick a clearer sentence, `error` decides the class.
  switch (aadstsOf(json)) {
    case 90002:
    case 900023:
      return new DirectoryAuthError(
        `Microsoft Entra knows no tenant ${creds.tenantId}: copy the Directory (tenant) ID from the app registration's overview`,
        said,
        'tenant_id',
      );
    case 700016:
      return new DirectoryAuthError(
        `Tenant ${creds.tenantId} has no application with client ID ${creds.clientId}: copy the Application (client) ID ` +
          'from the app registration, and check it was registered in this tenant',
        said,
        'client_id',
      );
    case 7000215:
      return new DirectoryAuthError(
        'Microsoft Entra refused the client secret: paste the secret’s Value (not its Secret ID), or create a new one',
        said,
      );
    case 7000222:
      return new DirectoryAuthError(
        'The app registration’s client secret has expired: create a new one under Certificates & secrets',
        said,
      );
  }
  if (error === 'invalid_client' || error === 'unauthorized_client' || error === 'invalid_request')
    return new DirectoryAuthError(
      'Microsoft Entra refused the tenant ID, client ID or client secret of the app registration',
      said,
    );
  if (answer.status === 400 || answer.status === 401)
    return new DirectoryAuthError('Microsoft Entra refused to issue a token to the app registration', said);
  return new DirectoryUnavailableError(
    `Microsoft Entra's token endpoint answered ${answer.status}${said ? `: ${said}` : ''}`,
    answer.status,
  );
}

/** The app's access token: asked for at connect, and again when it nears its end or Graph refuses it. */
export class GraphToken {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly deps: ConnectorDeps,
    private readonly creds: GraphCredentials,
  ) {}

  async current(): Promise<string> {
    if (this.token && this.deps.now().getTime() < this.token.expiresAt - EXPIRY_MARGIN_MS) return this.token.value;
    return this.renew();
  }

  async renew(): Promise<string> {
    const url = `${this.deps.endpoints.microsoftLogin}/${encodeURIComponent(this.creds.tenantId)}/oauth2/v2.0/token`;
    let answer: HttpAnswer;
    try {
      answer = await this.deps.http.request({
        method: 'POST',
        url,
        form: {
          grant_type: 'client_credentials',
          client_id: this.creds.clientId,
          client_secret: this.creds.clientSecret,
          scope: GRAPH_SCOPE,
        },
      });
    } catch (err) {
      throw unreachable('Microsoft Entra', err);
    }
    if (answer.status !== 200) throw tokenRefusal(answer, this.creds);
    const json = answer.json;
    const value = isRecord(json) ? textOf(json.access_token) : null;
    const lifetime = isRecord(json) ? Number(json.expires_in) : NaN;
    if (!value) throw new DirectoryUnavailableError('Microsoft Entra sent a token answer without an access token', 200);
    // expires_in is seconds (sent as a number; older endpoints sent it as text).
    const seconds = Number.isFinite(lifetime) && lifetime > 0 ? lifetime : 3599;
    this.token = { value, expiresAt: this.deps.now().getTime() + seconds * 1000 };
    return value;
  }
}

function unreachable(service: string, err: unknown): DirectoryUnavailableError {
  const reason = err instanceof Error ? err.message : String(err);
  return new DirectoryUnavailableError(
    `Could not reach ${service} (${reason})`,
    err instanceof DirectoryHttpError ? err.status : null,
  );
}

export type GraphPage = { items: unknown[]; deltaLink: string | null };

/** Calls to Graph with the app's token; links Graph hands back (nextLink, deltaLink) are followed as given. */
export class GraphApi {
  /** {graph} origin and /v1.0 */
  readonly root: string;
  private readonly origin: string;

  constructor(
    baseUrl: string,
    private readonly token: GraphToken,
    private readonly deps: ConnectorDeps,
  ) {
    this.root = baseUrl.replace(/\/+$/, '') + '/v1.0';
    this.origin = new URL(this.root).origin;
  }

  /** A link from Graph (or from a stored cursor) is only followed on Graph's own origin: it carries the token. */
  isOwnLink(link: string): boolean {
    try {
      return new URL(link).origin === this.origin;
    } catch {
      return false;
    }
  }

  /** `pathOrLink`: a path under /v1.0 or a full link Graph gave. The answer as it came, once an expired token
   * was renewed (Graph answers 401 when a token ends mid-read) and throttling waited out by http.ts. */
  async send(pathOrLink: string): Promise<HttpAnswer> {
    const url = pathOrLink.startsWith('/') ? this.root + pathOrLink : pathOrLink;
    if (!this.isOwnLink(url)) throw new DirectoryUnavailableError('Microsoft Graph sent a link to another host', null);
    let renewed = false;
    for (;;) {
      const bearer = await this.token.current();
      let answer: HttpAnswer;
      try {
        answer = await this.deps.http.request({ url, headers: { authorization: `Bearer ${bearer}` } });
      } catch (err) {
        throw unreachable('Microsoft Graph', err);
      }
      if (answer.status === 401 && !renewed) {
        await this.token.renew();
        renewed = true;
        continue;
      }
      return answer;
    }
  }

  async get(pathOrLink: string): Promise<unknown> {
    const answer = await this.send(pathOrLink);
    if (answer.status >= 200 && answer.status < 300) return answer.json;
    throw this.failure(answer, pathOrLink);
  }

  failure(answer: HttpAnswer, pathOrLink: string): Error {
    const { codes, message } = graphError(answer.json);
    const path = pathOrLink.startsWith('/') ? pathOrLink.split('?')[0] : new URL(pathOrLink).pathname;
    if (answer.status === 401)
      return new DirectoryAuthError('Microsoft Graph refused the token Microsoft Entra had just issued', message);
    if (answer.status === 403)
      return new DirectoryAuthError(
        'The app registration may not read users and groups: grant it the Microsoft Graph application permissions ' +
          'User.Read.All and GroupMember.Read.All, with admin consent for the tenant',
        message,
      );
    if (answer.status === 429 || answer.status === 503)
      return new DirectoryUnavailableError(`Microsoft Graph kept throttling GET ${path}`, answer.status);
    const code = codes[0] ? ` ${codes[0]}` : '';
    return new DirectoryUnavailableError(
      `Microsoft Graph answered ${answer.status}${code} to GET ${path}${message ? `: ${message}` : ''}`,
      answer.status,
    );
  }

  /** A page's items and links; a page that is not a Graph collection fails the read. */
  readPage(json: unknown, what: string): { items: unknown[]; next: string | null; deltaLink: string | null } {
    if (!isRecord(json) || !Array.isArray(json.value))
      throw new DirectoryUnavailableError(`Microsoft Graph sent a page of ${what} in an unknown shape`, 200);
    return {
      items: json.value,
      next: textOf(json['@odata.nextLink']),
      deltaLink: textOf(json['@odata.deltaLink']),
    };
  }

  /**
   * Every page from `first` on (the first answer may be given when the caller already read it), following
   * @odata.nextLink; the last page carries the @odata.deltaLink of a delta round. A link met twice fails
   * the read: stopping early would make everyone unread look gone.
   */
  async *pages(first: string, what: string, firstJson?: unknown): AsyncGenerator<GraphPage> {
    const seen = new Set<string>();
    let json = firstJson ?? (await this.get(first));
    for (;;) {
      const { items, next, deltaLink } = this.readPage(json, what);
      if (!next) {
        yield { items, deltaLink };
        return;
      }
      if (seen.has(next) || seen.size >= MAX_PAGES)
        throw new DirectoryUnavailableError(`Microsoft Graph's pages of ${what} lead round in a loop`, 200);
      seen.add(next);
      yield { items, deltaLink: null };
      json = await this.get(next);
    }
  }
}
