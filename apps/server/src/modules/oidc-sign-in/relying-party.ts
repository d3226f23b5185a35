import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { sha256 } from '../../lib/tokens';
import {
  insertSignInRequest,
  takeSignInRequest,
  type SignInProvider,
  type SignInRequestRow,
} from './sign-in-requests.repository';

// The dashboard as an OpenID Connect relying party (decision 047), the same for the passport and for a
// company's own identity provider: authorization code with PKCE (S256), `state` and `nonce`. The state
// is also kept in an httpOnly cookie of the browser that started the sign-in, so a callback started
// elsewhere is refused; the verifier and the nonce wait in a row found by the state's hash.

const SIGN_IN_TTL_MS = 10 * 60_000;

/** One way of signing in: whose rows it takes, its state cookie (scoped to its routes) and its callback. */
export type SignInFlow = {
  provider: SignInProvider;
  cookie: string;
  cookiePath: string;
  callbackUrl: (appUrl: string) => string;
};

/**
 * A provider's configuration for a confidential client, read from its discovery document (without a
 * secret: good for reading the document only). Plain http only for an issuer on http (the passport on one
 * machine, a local provider in a test).
 */
export function discoverProvider(
  issuer: string,
  client: { id: string; secret?: string; metadata?: Partial<oidc.ClientMetadata> },
  timeoutSeconds: number,
): Promise<oidc.Configuration> {
  const insecure = issuer.startsWith('http://');
  return oidc.discovery(
    new URL(issuer),
    client.id,
    client.secret === undefined ? client.metadata : { ...client.metadata, client_secret: client.secret },
    client.secret === undefined ? oidc.None() : oidc.ClientSecretBasic(client.secret),
    insecure ? { execute: [oidc.allowInsecureRequests], timeout: timeoutSeconds } : { timeout: timeoutSeconds },
  );
}

/** The provider's authorization address for this browser; the state cookie is set on `reply`. */
export async function beginSignIn(
  app: FastifyInstance,
  reply: FastifyReply,
  flow: SignInFlow,
  config: oidc.Configuration,
  opts: { subdomain: string | null; forceOtp?: boolean; params?: Record<string, string> },
): Promise<string> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await insertSignInRequest(app.db.db, {
    stateHash: sha256(state),
    provider: flow.provider,
    codeVerifier,
    nonce,
    subdomain: opts.subdomain,
    forceOtp: opts.forceOtp ?? false,
    expiresAt: new Date(Date.now() + SIGN_IN_TTL_MS),
  });
  void reply.setCookie(flow.cookie, state, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.env.COOKIE_SECURE || app.env.appUrl.startsWith('https://'),
    path: flow.cookiePath,
    maxAge: SIGN_IN_TTL_MS / 1000,
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: flow.callbackUrl(app.env.appUrl),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...opts.params,
  });
  return url.href;
}

/** What came back to a callback: the provider's error, a sign-in this browser did not start, or one it did. */
export type SignInCallback =
  | { kind: 'error'; error: string }
  | { kind: 'refused' }
  | { kind: 'started'; state: string; request: SignInRequestRow };

/** The provider's answer, checked: the state cookie is spent whatever happens; the sign-in is taken once. */
export async function takeCallback(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  flow: SignInFlow,
): Promise<SignInCallback> {
  const query = req.query as Record<string, unknown>;
  const state = typeof query.state === 'string' ? query.state : '';
  const cookieState = req.cookies[flow.cookie];
  void reply.clearCookie(flow.cookie, { path: flow.cookiePath });
  if (query.error) return { kind: 'error', error: typeof query.error === 'string' ? query.error : 'invalid_request' };
  if (!state || cookieState !== state) return { kind: 'refused' };
  const request = await takeSignInRequest(app.db.db, sha256(state), flow.provider);
  return request ? { kind: 'started', state, request } : { kind: 'refused' };
}

/** The code exchanged at the provider's token endpoint: PKCE, state and nonce checked, an ID token required. */
export function exchangeCode(
  app: FastifyInstance,
  req: FastifyRequest,
  config: oidc.Configuration,
  started: Extract<SignInCallback, { kind: 'started' }>,
) {
  return oidc.authorizationCodeGrant(config, new URL(req.url, app.env.appUrl), {
    pkceCodeVerifier: started.request.codeVerifier,
    expectedState: started.state,
    expectedNonce: started.request.nonce,
    idTokenExpected: true,
  });
}
