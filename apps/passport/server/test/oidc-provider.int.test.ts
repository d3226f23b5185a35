import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createPassport, startPassportWorld, type PassportWorld } from './passport-world';

// The passport as any relying party sees it, driven with openid-client: discovery, keys, code + PKCE,
// refresh-token rotation, logout, and the refusals (wrong redirect URI, replayed code, no PKCE).

const CLIENT = {
  client_id: 'test-rp',
  client_secret: 'a-test-client-secret-that-is-long-enough',
  client_name: 'Test Application',
  redirect_uris: ['http://rp.example.test/cb'],
  post_logout_redirect_uris: ['http://rp.example.test/bye'],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code' as const],
  token_endpoint_auth_method: 'client_secret_basic' as const,
  id_token_signed_response_alg: 'ES256' as const,
};

let world: PassportWorld;
let config: oidc.Configuration;
beforeAll(async () => {
  world = await startPassportWorld({ clients: [CLIENT] });
  config = await oidc.discovery(
    new URL(world.passportUrl),
    CLIENT.client_id,
    { id_token_signed_response_alg: 'ES256' },
    oidc.ClientSecretBasic(CLIENT.client_secret),
    { execute: [oidc.allowInsecureRequests] },
  );
});
afterAll(() => world.close());

/** Starts a sign-in at the relying party and follows it through the passport to the callback address. */
async function authorize(browser: Browser, extra: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: CLIENT.redirect_uris[0]!,
    scope: 'openid email profile offline_access',
    prompt: 'consent',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  let res = await browser.get(url.href);
  for (let hops = 0; hops < 6 && res.location && !res.location.startsWith('http://rp.example.test'); hops++) {
    const next = new URL(res.location, world.passportUrl);
    const interaction = next.pathname.match(/^\/interaction\/([^/]+)$/)?.[1];
    if (interaction) {
      const done = await browser.post(`/interaction/${interaction}/api/continue`);
      if (done.status !== 200) return { refused: done, verifier, state, nonce };
      res = await browser.get(String(done.json.redirect_to));
    } else {
      res = await browser.get(next.href);
    }
  }
  return { callback: res.location ? new URL(res.location) : null, res, verifier, state, nonce };
}

describe('the passport as an OpenID Connect provider', () => {
  it('publishes discovery and its signing keys', async () => {
    const browser = new Browser(world.passportUrl);
    const discovery = await browser.get('/.well-known/openid-configuration');
    expect(discovery.status).toBe(200);
    expect(discovery.json).toMatchObject({
      issuer: world.passportUrl,
      authorization_endpoint: `${world.passportUrl}/oidc/auth`,
      token_endpoint: `${world.passportUrl}/oidc/token`,
      jwks_uri: `${world.passportUrl}/oidc/jwks`,
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = await browser.get('/oidc/jwks');
    const keys = jwks.json.keys as { kty: string; alg: string; d?: string }[];
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256' });
    expect(keys.every((k) => k.d === undefined)).toBe(true);
  });

  it('signs a person in with code + PKCE, gives verified claims, rotates the refresh token and refuses the old one', async () => {
    const { browser, email, id } = await createPassport(world);
    const flow = await authorize(browser);
    expect(flow.callback?.searchParams.get('code')).toBeTruthy();
    const tokens = await oidc.authorizationCodeGrant(config, flow.callback!, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    expect(tokens.claims()).toMatchObject({ sub: id, email, email_verified: true, given_name: 'Ada' });
    const info = await oidc.fetchUserInfo(config, tokens.access_token, id);
    expect(info.email).toBe(email);

    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });

    // Revoked: the rotated token stops working too.
    await oidc.tokenRevocation(config, refreshed.refresh_token!);
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('refuses a replayed authorization code', async () => {
    const { browser } = await createPassport(world);
    const flow = await authorize(browser);
    await oidc.authorizationCodeGrant(config, flow.callback!, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    await expect(
      oidc.authorizationCodeGrant(config, flow.callback!, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong PKCE verifier, a redirect URI not registered exactly, and a request without PKCE', async () => {
    const { browser } = await createPassport(world);
    const flow = await authorize(browser);
    await expect(
      oidc.authorizationCodeGrant(config, flow.callback!, {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });

    const base = { client_id: CLIENT.client_id, response_type: 'code', scope: 'openid', state: 's', nonce: 'n' };
    const challenge = {
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    };
    const wrongUri = await browser.get(
      `/oidc/auth?${new URLSearchParams({ ...base, ...challenge, redirect_uri: 'http://rp.example.test/cb/evil' }).toString()}`,
    );
    expect(wrongUri.status).toBe(400);
    expect(wrongUri.location).toBeNull();
    expect(wrongUri.text).toContain('redirect_uri');

    const noPkce = await browser.get(
      `/oidc/auth?${new URLSearchParams({ ...base, redirect_uri: CLIENT.redirect_uris[0]! }).toString()}`,
    );
    const back = new URL(noPkce.location!);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('asks a signed-out browser to sign in at the passport, and a browser signed out of the passport again', async () => {
    const stranger = new Browser(world.passportUrl);
    const flow = await authorize(stranger);
    expect(flow.refused?.status).toBe(401);

    const { browser } = await createPassport(world);
    expect((await authorize(browser)).callback?.searchParams.get('code')).toBeTruthy();
    await browser.post('/api/sign-out');
    expect((await authorize(browser)).refused?.status).toBe(401);
  });

  it('ends the session on RP-initiated logout and returns to the registered address', async () => {
    const { browser } = await createPassport(world);
    const flow = await authorize(browser);
    const tokens = await oidc.authorizationCodeGrant(config, flow.callback!, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    const end = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: CLIENT.post_logout_redirect_uris[0]!,
    });
    const page = await browser.get(end.href);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sign out of your Passport?');
    const xsrf = page.text.match(/name="xsrf" value="([^"]+)"/)?.[1];
    const confirmed = await browser.request(
      'POST',
      '/oidc/session/end/confirm',
      new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }),
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expect(confirmed.location).toMatch(/^http:\/\/rp\.example\.test\/bye/);
  });
});
