import { createHash, createHmac, randomBytes } from 'node:crypto';
import { bearerOf, json, type FakeAnswer, type FakeRequest } from './fake-server';

// The OAuth half of the Google fake (google-directory-fake.ts serves it), as Google's "OAuth 2.0 for Web
// Server Applications" describes it:
// - GET /o/oauth2/v2/auth, the consent page: the client id and a registered redirect_uri checked, PKCE
//   (S256 or plain) remembered with the code; "Allow" sends the browser to redirect_uri?code=…&scope=…&state=…,
//   "Deny" to redirect_uri?error=access_denied&state=…. Errors before a redirect URI is trusted are pages.
// - POST /token: authorization_code (client secret, the same redirect_uri, the PKCE verifier; a code is
//   used once and lasts 10 minutes) and refresh_token grants; access tokens last an hour; a refresh token is
//   given only for access_type=offline; errors as { error, error_description }.
// - GET /oauth2/v3/userinfo: the signed-in admin.

export const GOOGLE_FAKE_CLIENT = {
  clientId: '000000000000-fakeworkspace.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-fake-workspace-secret',
};

export type GoogleOAuthFakeOptions = {
  clientId: string;
  clientSecret: string;
  /** The redirect URIs registered on the OAuth client (any when null). */
  redirectUris: string[] | null;
  appName: string;
  domain: string;
  admin: { id: string; email: string; givenName: string; familyName: string };
  now: () => number;
};

export type GoogleGrant = { scope: string[]; expiresAt: number };

const HOUR_MS = 3_600_000;
const CODE_LIFETIME_MS = 10 * 60_000;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const page = (status: number, title: string, body: string): FakeAnswer => ({
  status,
  raw: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}</body></html>`,
});
const tokenError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description });

export function createGoogleOAuthFake(options: GoogleOAuthFakeOptions) {
  const { clientId, clientSecret, admin, now } = options;
  type Code = {
    redirectUri: string;
    challenge: string | null;
    method: string;
    scope: string[];
    offline: boolean;
    expiresAt: number;
  };
  const codes = new Map<string, Code>();
  const refreshTokens = new Map<string, { scope: string[]; revoked: boolean }>();
  const accessTokens = new Map<string, GoogleGrant>();

  function consent(req: FakeRequest): FakeAnswer {
    const q = req.query;
    if (q.get('client_id') !== clientId)
      return page(
        401,
        'Error 401: invalid_client',
        '<h1>Access blocked: Authorization Error</h1><p>Error 401: invalid_client. The OAuth client was not found.</p>',
      );
    const redirectUri = q.get('redirect_uri') ?? '';
    let target: URL | null = null;
    try {
      target = new URL(redirectUri);
    } catch {
      target = null;
    }
    if (!target || (options.redirectUris && !options.redirectUris.includes(redirectUri)))
      return page(
        400,
        'Error 400: redirect_uri_mismatch',
        `<h1>Access blocked: ${escape(options.appName)}’s request is invalid</h1><p>Error 400: redirect_uri_mismatch</p>`,
      );
    const invalid = (text: string) =>
      page(
        400,
        'Error 400: invalid_request',
        `<h1>Access blocked</h1><p>Error 400: invalid_request. ${escape(text)}</p>`,
      );
    const scope = (q.get('scope') ?? '').split(/\s+/).filter(Boolean);
    if (q.get('response_type') !== 'code') return invalid('Invalid response_type.');
    if (!scope.length) return invalid('Missing required parameter: scope');
    const challenge = q.get('code_challenge');
    const method = q.get('code_challenge_method') ?? 'plain';
    if (challenge && method !== 'S256' && method !== 'plain') return invalid('Invalid code_challenge_method.');
    const code = `4/0${randomBytes(24).toString('base64url')}`;
    codes.set(code, {
      redirectUri,
      challenge,
      method,
      scope,
      offline: q.get('access_type') === 'offline',
      expiresAt: now() + CODE_LIFETIME_MS,
    });
    const back = (params: Record<string, string>) => {
      const url = new URL(target);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      const state = q.get('state');
      if (state !== null) url.searchParams.set('state', state);
      return url.toString();
    };
    const allow = back({ code, scope: scope.join(' ') });
    const deny = back({ error: 'access_denied' });
    return page(
      200,
      'Sign in - Google Accounts',
      `<h1>${escape(options.appName)} wants to access your Google Account</h1><p>${escape(admin.email)}</p>` +
        `<ul>${scope.map((s) => `<li>${escape(s)}</li>`).join('')}</ul>` +
        `<a id="deny" href="${escape(deny)}">Deny</a> <a id="allow" href="${escape(allow)}">Allow</a>`,
    );
  }

  /** A JWT with Google's claims; signed with the client secret (HS256), as the fake has no Google keys. */
  function idToken(scope: string[]) {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const at = Math.floor(now() / 1000);
    const claims: Record<string, unknown> = {
      iss: 'https://accounts.google.com',
      azp: clientId,
      aud: clientId,
      sub: admin.id,
      hd: options.domain,
      iat: at,
      exp: at + 3600,
    };
    if (scope.includes('email')) Object.assign(claims, { email: admin.email, email_verified: true });
    const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
    return `${body}.${createHmac('sha256', clientSecret).update(body).digest('base64url')}`;
  }

  function issue(scope: string[], withRefresh: boolean) {
    const access = `ya29.${randomBytes(32).toString('base64url')}`;
    accessTokens.set(access, { scope, expiresAt: now() + HOUR_MS });
    const answer: Record<string, unknown> = {
      access_token: access,
      expires_in: 3599,
      scope: scope.join(' '),
      token_type: 'Bearer',
    };
    if (withRefresh) {
      const refresh = `1//0${randomBytes(32).toString('base64url')}`;
      refreshTokens.set(refresh, { scope, revoked: false });
      answer.refresh_token = refresh;
    }
    if (scope.includes('openid')) answer.id_token = idToken(scope);
    return answer;
  }

  function token(req: FakeRequest): FakeAnswer {
    if (req.method !== 'POST') return tokenError(405, 'invalid_request', 'Method not allowed');
    const body = (typeof req.body === 'object' && req.body ? req.body : {}) as Record<string, string | undefined>;
    if (body.client_id !== clientId) return tokenError(401, 'invalid_client', 'The OAuth client was not found.');
    if (body.client_secret !== clientSecret) return tokenError(401, 'invalid_client', 'Unauthorized');
    if (body.grant_type === 'authorization_code') {
      const grant = body.code ? codes.get(body.code) : undefined;
      if (!grant) return tokenError(400, 'invalid_grant', 'Malformed auth code.');
      codes.delete(body.code!); // a code is good for one exchange, whatever its outcome
      if (grant.expiresAt <= now()) return tokenError(400, 'invalid_grant', 'Bad Request');
      if (body.redirect_uri !== grant.redirectUri) return tokenError(400, 'redirect_uri_mismatch', 'Bad Request');
      if (grant.challenge) {
        if (!body.code_verifier) return tokenError(400, 'invalid_grant', 'Missing code verifier.');
        const computed =
          grant.method === 'S256'
            ? createHash('sha256').update(body.code_verifier).digest('base64url')
            : body.code_verifier;
        if (computed !== grant.challenge) return tokenError(400, 'invalid_grant', 'Invalid code verifier.');
      }
      return json(200, issue(grant.scope, grant.offline));
    }
    if (body.grant_type === 'refresh_token') {
      const grant = body.refresh_token ? refreshTokens.get(body.refresh_token) : undefined;
      if (!grant || grant.revoked) return tokenError(400, 'invalid_grant', 'Token has been expired or revoked.');
      return json(200, issue(grant.scope, false));
    }
    return tokenError(400, 'unsupported_grant_type', `Invalid grant_type: ${body.grant_type ?? ''}`);
  }

  /** The grant of a request's bearer token while it is valid, else null. */
  function grantOf(req: FakeRequest): GoogleGrant | null {
    const bearer = bearerOf(req);
    const grant = bearer ? accessTokens.get(bearer) : undefined;
    return grant && grant.expiresAt > now() ? grant : null;
  }

  function userinfo(req: FakeRequest): FakeAnswer {
    const grant = grantOf(req);
    if (!grant) return tokenError(401, 'invalid_request', 'Invalid Credentials');
    return json(200, {
      sub: admin.id,
      name: `${admin.givenName} ${admin.familyName}`,
      given_name: admin.givenName,
      family_name: admin.familyName,
      hd: options.domain,
      ...(grant.scope.includes('email') ? { email: admin.email, email_verified: true } : {}),
    });
  }

  return {
    /** Answers the OAuth paths; null for any other. */
    handle(req: FakeRequest): FakeAnswer | null {
      if (req.method === 'GET' && req.path === '/o/oauth2/v2/auth') return consent(req);
      if (req.path === '/token') return token(req);
      if (req.path === '/oauth2/v3/userinfo') return userinfo(req);
      return null;
    },
    grantOf,
    revokeRefreshTokens() {
      for (const grant of refreshTokens.values()) grant.revoked = true;
      // Revoking a grant ends the access tokens it gave too.
      accessTokens.clear();
    },
    expireAccessTokens() {
      for (const grant of accessTokens.values()) grant.expiresAt = 0;
    },
  };
}
