import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { publicRateLimit } from '../../plugins/rate-limits';
import { bearer } from '../kiosks/device-route';
import { checkHolderToken, type HolderScope } from '../passport-trust/holder-token';
import { activePassportEmail } from '../passport-trust/verified-passports';

// The calls of a passport's holder about their own visits (decision 047): public routes whose Bearer is
// a holder token the passport signed for this dashboard; the passport's web app calls them from its own
// origin, which alone is let through by CORS.
export const HOLDER_ROUTE = {
  access: { auth: 'public' as const, holderToken: true },
  rateLimit: publicRateLimit(),
};

export type Holder = { accountId: string; email: string };

const holderTokenRefused = () =>
  new AppError('unauthenticated', { field: 'authorization', messageKey: 'passport_holder_token' });

/**
 * The active passport with a verified address that the request's holder token names; 401 otherwise,
 * and for a token of the profile only where the route needs more (`need: 'all'`).
 */
export async function holderOf(app: FastifyInstance, req: FastifyRequest, need: HolderScope = 'all'): Promise<Holder> {
  const token = bearer(req.headers.authorization);
  const named = token ? await checkHolderToken(app.db.db, token, app.env.passportUrl, app.env.appUrl) : null;
  if (!named || (need === 'all' && named.scope !== 'all')) throw holderTokenRefused();
  const email = await activePassportEmail(app.db.db, named.accountId);
  if (!email) throw holderTokenRefused();
  return { accountId: named.accountId, email };
}

/**
 * Lets the passport's web app read the answers of the plugin it is called in: its origin only, no
 * cookies (the token is the credential). A hook holds for its own plugin only, so each plugin of
 * holder routes calls it.
 */
export function allowPassportOrigin(app: FastifyInstance) {
  const origin = new URL(app.env.passportUrl).origin;
  app.addHook('onRequest', async (req, reply) => {
    void reply.header('vary', 'Origin');
    if (req.headers.origin === origin) void reply.header('access-control-allow-origin', origin);
  });
}

/**
 * The passport's origin for these routes, and the preflight its Authorization header needs: one
 * OPTIONS route for every `/passport-holder/*` path, whichever plugin serves it.
 */
export async function holderCors(app: FastifyInstance) {
  allowPassportOrigin(app);
  app.route({
    method: 'OPTIONS',
    url: '/passport-holder/*',
    config: HOLDER_ROUTE,
    schema: { hide: true },
    handler: async (_req, reply) =>
      reply
        .header('access-control-allow-methods', 'GET, POST, PUT, DELETE')
        .header('access-control-allow-headers', 'authorization, content-type, accept-language, idempotency-key')
        .header('access-control-max-age', '600')
        .code(204)
        .send(),
  });
}
