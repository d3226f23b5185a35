import Provider, {
  interactionPolicy,
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Language } from '@app/shared/constants';
import {
  DASHBOARD_CLIENT_ID,
  dashboardClientSecret,
  passportCallbackUrl,
  pickLanguage,
  privateKeySet,
  type Executor,
  type Secrets,
} from '../../platform';
import { findAccount } from '../accounts/accounts.repository';
import { PASSPORT_COOKIE } from '../sessions/current-account';
import { sessionOfCookieValue } from '../sessions/session-of-cookie';
import { databaseAdapter } from './adapter';
import { errorPage, loggedOutPage, logoutPage } from './pages';

/** Where the provider's endpoints live on the passport's origin; discovery stays at the standard path. */
export const OIDC_PREFIX = '/oidc';

export type ProviderOptions = {
  issuer: string;
  appUrl: string;
  db: Executor;
  secrets: Secrets;
  /** Other relying parties the installation trusts (PASSPORT_CLIENTS, or a test's own client). */
  clients?: ClientMetadata[];
};

const langOf = (ctx: KoaContextWithOIDC): Language => pickLanguage(ctx.req.headers);

/** The dashboard: a confidential client, code + PKCE only, its one exact callback. */
function dashboardClient(appUrl: string, secrets: Secrets): ClientMetadata {
  return {
    client_id: DASHBOARD_CLIENT_ID,
    client_secret: dashboardClientSecret(secrets),
    client_name: 'Dashboard',
    redirect_uris: [passportCallbackUrl(appUrl)],
    post_logout_redirect_uris: [`${appUrl}/login`],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'ES256',
  };
}

/**
 * Sign-in is asked for again when the browser's passport session is not the provider's: signing out of
 * the passport (or into another account) is never undone by the provider's own cookie. And a client that
 * sends force_otp=1 gets no code until the person has two-step on and used it.
 */
function signInPolicy(db: Executor) {
  const policy = interactionPolicy.base();
  const login = policy.get('login')!;
  login.checks.add(
    new interactionPolicy.Check('passport_session', 'the passport session changed', async (ctx) => {
      const signedIn = await sessionOfCookieValue(db, ctx.cookies.get(PASSPORT_COOKIE, { signed: false }));
      return !signedIn || signedIn.account.id !== ctx.oidc.session?.accountId
        ? interactionPolicy.Check.REQUEST_PROMPT
        : interactionPolicy.Check.NO_NEED_TO_PROMPT;
    }),
  );
  login.checks.add(
    new interactionPolicy.Check('force_otp', 'two-step authentication is required', (ctx) =>
      ctx.oidc.params?.force_otp === '1' && !(ctx.oidc.session?.amr ?? []).includes('otp')
        ? interactionPolicy.Check.REQUEST_PROMPT
        : interactionPolicy.Check.NO_NEED_TO_PROMPT,
    ),
  );
  return policy;
}

const requestedScope = (params: Record<string, unknown> | undefined) =>
  typeof params?.scope === 'string' ? params.scope : 'openid';

export async function buildProvider(opts: ProviderOptions): Promise<Provider> {
  const keys = await privateKeySet(opts.db, opts.secrets);
  const configuration: Configuration = {
    adapter: databaseAdapter(opts.db),
    clients: [dashboardClient(opts.appUrl, opts.secrets), ...(opts.clients ?? [])],
    clientDefaults: {
      id_token_signed_response_alg: 'ES256',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
    jwks: { keys },
    cookies: { keys: [opts.secrets.derive('oidc-cookies')] },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    claims: {
      // amr says whether two-step was used (the dashboard's policy counts it).
      openid: ['sub', 'amr', 'auth_time'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'locale'],
    },
    conformIdTokenClaims: false,
    extraParams: ['force_otp'],
    routes: {
      authorization: `${OIDC_PREFIX}/auth`,
      end_session: `${OIDC_PREFIX}/session/end`,
      jwks: `${OIDC_PREFIX}/jwks`,
      revocation: `${OIDC_PREFIX}/token/revocation`,
      introspection: `${OIDC_PREFIX}/token/introspection`,
      token: `${OIDC_PREFIX}/token`,
      userinfo: `${OIDC_PREFIX}/me`,
      pushed_authorization_request: `${OIDC_PREFIX}/request`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(langOf(ctx), form);
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = loggedOutPage(langOf(ctx), '/sign-in');
        },
      },
    },
    interactions: {
      policy: signInPolicy(opts.db),
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(
        langOf(ctx),
        String(out.error),
        out.error_description ? String(out.error_description) : undefined,
      );
    },
    async findAccount(_ctx, sub) {
      const account = await findAccount(opts.db, sub);
      if (!account || !account.emailVerifiedAt) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: true,
          name: `${account.firstName} ${account.lastName}`.trim(),
          given_name: account.firstName,
          family_name: account.lastName,
          locale: account.lang,
        }),
      };
    },
    // The installation's clients are its own applications: what they ask for is granted without a
    // consent screen (scopes and claims of the request), recorded as a grant like any other.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
      const found = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (found) {
        found.addOIDCScope(requestedScope(oidc.params));
        await found.save();
        return found;
      }
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope(requestedScope(oidc.params));
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    // Every use of a refresh token gives a new one and spends the old.
    rotateRefreshToken: () => true,
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
  };
  const provider = new Provider(opts.issuer, configuration);
  // Behind a TLS-ending proxy the issuer is https while this process hears http.
  provider.proxy = opts.issuer.startsWith('https://');
  return provider;
}
