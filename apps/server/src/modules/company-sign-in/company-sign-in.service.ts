import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { companySignInCallbackUrl, type CompanySignInOutcome } from '@app/shared/entity/identity-provider';
import { withTenant } from '../../db/client';
import { randomToken, sha256 } from '../../lib/tokens';
import { findEntityBySubdomain } from '../entities/entities.repository';
import { beginSignIn, exchangeCode, takeCallback, type SignInFlow } from '../oidc-sign-in/relying-party';
import { insertOneTimeCode } from '../passport-sign-in/passport-sign-in.repository';
import { ONE_TIME_CODE_TTL_MS } from '../passport-sign-in/passport-sign-in.service';
import { findActiveMemberByEmail, findIdentityProvider } from './company-sign-in.repository';

// Signing in to a company's dashboard with the company's own identity provider (decision 047): the
// dashboard's OpenID Connect sign-in (oidc-sign-in) with the company's client, one callback for every
// company (the sign-in's state says which). The provider's verified email names the person, and only an
// active member of that company: a provider of company A never signs anyone into company B. The callback
// ends at /sso/<code>, whose one-time code opens that company's dashboard (passport-sign-in's exchange).

const COMPANY_FLOW: SignInFlow = {
  provider: 'company',
  cookie: 'company_sign_in_state',
  cookiePath: '/api/v1/auth/company-sign-in',
  callbackUrl: companySignInCallbackUrl,
};

const backToLogin = (outcome: CompanySignInOutcome) => `/login?company_sign_in=${outcome}`;

/** The company on this subdomain with its provider, when that provider is turned on. */
async function enabledProvider(app: FastifyInstance, subdomain: string | null | undefined) {
  const entity = subdomain ? await findEntityBySubdomain(app.db.db, subdomain) : null;
  if (!entity) return null;
  const row = await withTenant(app.db.db, entity.id, (tx) => findIdentityProvider(tx, entity.id));
  return row?.enabled ? { entity, row } : null;
}

/** Where the browser goes to sign in: the company's provider, or back to the sign-in page saying why not. */
export async function startCompanySignIn(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  subdomain: string | undefined,
): Promise<string> {
  const found = await enabledProvider(app, subdomain);
  if (!found) return backToLogin('unavailable');
  let config: oidc.Configuration;
  try {
    config = await app.companyProviderClients.config(found.row);
  } catch (err) {
    req.log.warn({ err, entityId: found.entity.id }, 'company identity provider unreachable');
    return backToLogin('unavailable');
  }
  return beginSignIn(app, reply, COMPANY_FLOW, config, {
    subdomain: found.entity.subdomain,
    params: { ui_locales: req.lang },
  });
}

/**
 * The email the provider vouches for. From the ID token; a provider that keeps its claims at the userinfo
 * endpoint (OpenID Connect's own default for the code flow) is asked there.
 */
async function vouchedEmail(config: oidc.Configuration, tokens: Awaited<ReturnType<typeof exchangeCode>>) {
  const claims = tokens.claims()!;
  const source =
    claims.email === undefined && tokens.access_token
      ? await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)
      : claims;
  return typeof source.email === 'string' && source.email_verified === true ? source.email : null;
}

/** The provider's answer: a one-time code for /sso/<code> that opens this company, or why not. */
export async function finishCompanySignIn(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const callback = await takeCallback(app, req, reply, COMPANY_FLOW);
  if (callback.kind === 'error') req.log.info({ error: callback.error }, 'company identity provider refused');
  if (callback.kind !== 'started') return backToLogin('failed');
  try {
    const found = await enabledProvider(app, callback.request.subdomain);
    if (!found) return backToLogin('unavailable');
    const entityId = found.entity.id;
    const config = await app.companyProviderClients.config(found.row);
    const email = await vouchedEmail(config, await exchangeCode(app, req, config, callback));
    if (!email) return backToLogin('unverified');
    const userId = await withTenant(app.db.db, entityId, (tx) => findActiveMemberByEmail(tx, entityId, email));
    if (!userId) {
      req.log.info({ entityId }, 'company sign-in: no active member with that email');
      return backToLogin('failed');
    }
    const code = randomToken();
    await insertOneTimeCode(app.db.db, {
      codeHash: sha256(code),
      userId,
      openEntityId: entityId,
      expiresAt: new Date(Date.now() + ONE_TIME_CODE_TTL_MS),
    });
    return `/sso/${encodeURIComponent(code)}`;
  } catch (err) {
    req.log.warn({ err }, 'company sign-in failed');
    return backToLogin('failed');
  }
}
