import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { interactionResponse, redirectResponse } from '@app/shared/passport/schemas';
import { AppError, DASHBOARD_CLIENT_ID, t } from '../../platform';
import { signedIn } from '../sessions/current-account';

// The passport's side of an OpenID Connect sign-in: the provider sends the browser to
// /interaction/<uid> (the web app's page); the page asks here what is needed and, once the person is
// signed in to the passport, finishes the interaction. These calls live under the interaction's own
// path because the provider's interaction cookie is sent only there.

const params = z.object({ uid: z.string().min(1).max(100) });

/** The interaction this browser is in (its cookie must match the address), or a 404 naming nothing. */
async function details(
  provider: Provider,
  req: Parameters<Provider['interactionDetails']>[0],
  res: Parameters<Provider['interactionDetails']>[1],
  uid: string,
) {
  const found = await provider.interactionDetails(req, res).catch(() => null);
  if (!found || found.uid !== uid) throw new AppError('not_found', { messageKey: 'interaction_expired' });
  return found;
}

/**
 * Consent asked for explicitly (prompt=consent, which offline_access needs): the installation's clients
 * are its own applications, so what they ask for is granted, and recorded as a grant.
 */
async function grantRequest(
  provider: Provider,
  found: Awaited<ReturnType<Provider['interactionDetails']>>,
  accountId: string,
) {
  const existing = found.grantId ? await provider.Grant.find(found.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId: String(found.params.client_id) });
  grant.addOIDCScope(typeof found.params.scope === 'string' ? found.params.scope : 'openid');
  return grant.save();
}

export function interactionRoutes(provider: () => Provider) {
  return async (app: FastifyInstance) => {
    app.get(
      '/interaction/:uid/api',
      { schema: { params, response: { 200: interactionResponse } } },
      async (req, reply) => {
        const { uid } = params.parse(req.params);
        const found = await details(provider(), req.raw, reply.raw, uid);
        const client = await provider().Client.find(String(found.params.client_id));
        const me = req.passport && !req.passport.session.otpPending ? req.passport : null;
        return {
          uid,
          // The dashboard is named in the person's language; other applications by their registered name.
          client_name:
            client?.clientId === DASHBOARD_CLIENT_ID
              ? t(req.lang, 'errors:oidc_page.dashboard_client')
              : (client?.clientName ?? String(found.params.client_id)),
          force_otp: found.params.force_otp === '1',
          signed_in: me !== null,
          two_step_enabled: me?.account.otpEnabledAt != null,
        };
      },
    );

    app.post(
      '/interaction/:uid/api/continue',
      { schema: { params, response: { 200: redirectResponse } } },
      async (req, reply) => {
        const { uid } = params.parse(req.params);
        const me = signedIn(req);
        const found = await details(provider(), req.raw, reply.raw, uid);
        const hasTwoStep = me.account.otpEnabledAt !== null;
        if (found.params.force_otp === '1' && !hasTwoStep) throw new AppError('two_step_required');
        const redirectTo = await provider().interactionResult(
          req.raw,
          reply.raw,
          found.prompt.name === 'consent' && found.session?.accountId === me.account.id
            ? { consent: { grantId: await grantRequest(provider(), found, me.account.id) } }
            : { login: { accountId: me.account.id, amr: hasTwoStep ? ['pwd', 'otp'] : ['pwd'], remember: true } },
          { mergeWithLastSubmission: false },
        );
        return { redirect_to: redirectTo };
      },
    );

    app.post(
      '/interaction/:uid/api/abort',
      { schema: { params, response: { 200: redirectResponse } } },
      async (req, reply) => {
        const { uid } = params.parse(req.params);
        await details(provider(), req.raw, reply.raw, uid);
        const redirectTo = await provider().interactionResult(
          req.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The person cancelled the sign-in' },
          { mergeWithLastSubmission: false },
        );
        return { redirect_to: redirectTo };
      },
    );
  };
}
