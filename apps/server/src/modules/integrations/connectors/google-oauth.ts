import type { DirectoryHttp, HttpAnswer } from './http';
import { DirectoryAuthError, DirectoryUnavailableError, type DirectoryEndpoints } from './types';

// Google's OAuth 2.0 for web server applications (developers.google.com/identity/protocols/oauth2/web-server),
// with PKCE (S256): the admin consents at {googleAuth}/o/oauth2/v2/auth; the code comes back to our server,
// which exchanges it at {googleToken}/token with the installation's client secret and the PKCE verifier.
// access_type=offline gives a refresh token; prompt=consent makes Google give one again on a re-consent
// (it only sends one on the first consent otherwise). Access tokens last an hour (expires_in); a refresh
// token stops working when the admin or Google revokes it, which the token endpoint says as invalid_grant.

export const GOOGLE_USER_SCOPE = 'https://www.googleapis.com/auth/admin.directory.user.readonly';
export const GOOGLE_GROUP_SCOPE = 'https://www.googleapis.com/auth/admin.directory.group.readonly';
export const GOOGLE_SCOPES = ['openid', 'email', GOOGLE_USER_SCOPE, GOOGLE_GROUP_SCOPE] as const;

/** What an integration keeps sealed: access_expires_at is epoch milliseconds, as text. */
export type GoogleSecrets = { refresh_token: string; access_token: string; access_expires_at: string };

/** An access token is refreshed this long before Google says it expires, so no call carries a dying one. */
const EXPIRY_MARGIN_MS = 60_000;
const DEFAULT_LIFETIME_S = 3600;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

function clientOf(endpoints: DirectoryEndpoints) {
  if (!endpoints.googleClientId || !endpoints.googleClientSecret)
    throw new DirectoryAuthError(
      'Google Workspace is not set up on this installation: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are missing',
    );
  return { id: endpoints.googleClientId, secret: endpoints.googleClientSecret };
}

export function googleAuthorizationUrl(options: {
  endpoints: DirectoryEndpoints;
  state: string;
  codeChallenge: string;
  redirectUri: string;
}): string {
  const url = new URL(`${options.endpoints.googleAuth.replace(/\/+$/, '')}/o/oauth2/v2/auth`);
  const params: Record<string, string> = {
    client_id: clientOf(options.endpoints).id,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: GOOGLE_SCOPES.join(' '),
    access_type: 'offline',
    prompt: 'consent',
    state: options.state,
    code_challenge: options.codeChallenge,
    code_challenge_method: 'S256',
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

async function postToken(http: DirectoryHttp, endpoints: DirectoryEndpoints, form: Record<string, string>) {
  try {
    return await http.request({ method: 'POST', url: `${endpoints.googleToken.replace(/\/+$/, '')}/token`, form });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new DirectoryUnavailableError(`Could not reach Google's token endpoint (${reason})`, null);
  }
}

/** The token endpoint's refusal ({ error, error_description }, RFC 6749 §5.2) as our error. */
function tokenFailure(answer: HttpAnswer, doing: 'exchange' | 'refresh'): Error {
  const body = isRecord(answer.json) ? answer.json : {};
  const code = textOf(body.error);
  const said = [code, textOf(body.error_description)].filter(Boolean).join(': ') || null;
  if (code === 'invalid_grant')
    return new DirectoryAuthError(
      doing === 'refresh'
        ? 'Google no longer accepts this integration’s authorization (revoked or expired): an admin must sign in with Google again'
        : 'Google refused the authorization code (used, expired, or the PKCE verifier does not match)',
      said,
    );
  if (code === 'invalid_client' || code === 'unauthorized_client')
    return new DirectoryAuthError(
      'Google refused this installation’s OAuth client: check GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
      said,
    );
  if (code === 'redirect_uri_mismatch')
    return new DirectoryAuthError('Google refused the redirect URI: it must be registered on the OAuth client', said);
  if (answer.status >= 400 && answer.status < 500 && code)
    return new DirectoryAuthError(`Google's token endpoint refused the ${doing}`, said);
  return new DirectoryUnavailableError(
    `Google's token endpoint answered ${answer.status} to the ${doing}${said ? `: ${said}` : ''}`,
    answer.status,
  );
}

/** A token response's secrets; a refresh answer carries no refresh token, so the one we hold is kept. */
function secretsOf(answer: HttpAnswer, refreshToken: string | null, now: () => Date): GoogleSecrets {
  const body = isRecord(answer.json) ? answer.json : {};
  const access = textOf(body.access_token);
  const refresh = textOf(body.refresh_token) ?? refreshToken;
  if (!access) throw new DirectoryUnavailableError('Google’s token endpoint sent no access token', answer.status);
  if (!refresh)
    throw new DirectoryAuthError(
      'Google sent no refresh token: remove this app’s access in the Google account and consent again',
    );
  const lifetime = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : DEFAULT_LIFETIME_S;
  return {
    refresh_token: refresh,
    access_token: access,
    access_expires_at: String(now().getTime() + lifetime * 1000),
  };
}

/** The email claim of an ID token, read without checking its signature (see accountOf). */
function emailOfIdToken(idToken: unknown): string | null {
  const payload = typeof idToken === 'string' ? idToken.split('.')[1] : undefined;
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isRecord(claims) ? textOf(claims.email) : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in admin's email: the userinfo endpoint ({googleApi}/oauth2/v3/userinfo) with the fresh
 * access token. When it can't be read, the ID token's email claim: that token came straight from the token
 * endpoint over TLS in answer to our client secret, so OpenID Connect lets us use it without checking the
 * signature. The label is only shown to admins; nothing is authorised by it.
 */
async function accountOf(http: DirectoryHttp, endpoints: DirectoryEndpoints, accessToken: string, idToken: unknown) {
  try {
    const answer = await http.request({
      url: `${endpoints.googleApi.replace(/\/+$/, '')}/oauth2/v3/userinfo`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const email = answer.status === 200 && isRecord(answer.json) ? textOf(answer.json.email) : null;
    if (email) return email;
  } catch {
    // The ID token below still names the account.
  }
  return emailOfIdToken(idToken) ?? '';
}

export async function exchangeGoogleCode(options: {
  http: DirectoryHttp;
  endpoints: DirectoryEndpoints;
  code: string;
  codeVerifier: string;
  redirectUri: string;
  now: () => Date;
}): Promise<{ secrets: Record<string, string>; account: string }> {
  const client = clientOf(options.endpoints);
  const answer = await postToken(options.http, options.endpoints, {
    code: options.code,
    client_id: client.id,
    client_secret: client.secret,
    redirect_uri: options.redirectUri,
    grant_type: 'authorization_code',
    code_verifier: options.codeVerifier,
  });
  if (answer.status !== 200) throw tokenFailure(answer, 'exchange');
  const body = isRecord(answer.json) ? answer.json : {};
  // Google's granular consent lets the admin untick a scope; without both the sync could not read.
  const granted = typeof body.scope === 'string' ? body.scope.split(/\s+/) : null;
  if (granted && !(granted.includes(GOOGLE_USER_SCOPE) && granted.includes(GOOGLE_GROUP_SCOPE)))
    throw new DirectoryAuthError(
      'Google did not grant read access to both users and groups: consent again and allow both',
      `granted: ${granted.join(' ')}`,
    );
  const secrets = secretsOf(answer, null, options.now);
  return { secrets, account: await accountOf(options.http, options.endpoints, secrets.access_token, body.id_token) };
}

export async function refreshGoogleToken(options: {
  http: DirectoryHttp;
  endpoints: DirectoryEndpoints;
  refreshToken: string;
  now: () => Date;
}): Promise<GoogleSecrets> {
  const client = clientOf(options.endpoints);
  const answer = await postToken(options.http, options.endpoints, {
    client_id: client.id,
    client_secret: client.secret,
    grant_type: 'refresh_token',
    refresh_token: options.refreshToken,
  });
  if (answer.status !== 200) throw tokenFailure(answer, 'refresh');
  return secretsOf(answer, options.refreshToken, options.now);
}

/**
 * The tokens of one session: the stored access token while it is valid, a refresh when it has expired,
 * and one refresh at a time however many calls find it expired together.
 */
export class GoogleTokens {
  private refreshing: Promise<void> | null = null;
  private refreshed = false;

  constructor(
    private readonly deps: { http: DirectoryHttp; endpoints: DirectoryEndpoints; now: () => Date },
    private secrets: GoogleSecrets,
  ) {}

  expired(): boolean {
    const at = Number(this.secrets.access_expires_at);
    return !this.secrets.access_token || !Number.isFinite(at) || at - EXPIRY_MARGIN_MS <= this.deps.now().getTime();
  }

  async accessToken(): Promise<string> {
    if (this.expired()) await this.refresh();
    return this.secrets.access_token;
  }

  async refresh(): Promise<void> {
    this.refreshing ??= refreshGoogleToken({ ...this.deps, refreshToken: this.secrets.refresh_token })
      .then((secrets) => {
        this.secrets = secrets;
        this.refreshed = true;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** The secrets to store again when a refresh happened in this session, else null. */
  refreshedSecrets(): Record<string, string> | null {
    return this.refreshed ? { ...this.secrets } : null;
  }
}
