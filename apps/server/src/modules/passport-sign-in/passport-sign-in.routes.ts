import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  passportCodeBody,
  passportExchangeResponse,
  passportStartQuery,
  passportStatusResponse,
} from '@app/shared/auth/passport';
import { PUBLIC_ROUTE, requireSession } from '../../plugins/auth';
import {
  exchangeOneTimeCode,
  finishPassportSignIn,
  passportStatus,
  startPassportSignIn,
} from './passport-sign-in.service';

const tags = ['auth'];

/** Signing in to the dashboard through the passport (decision 047). */
export const passportSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/passport/start',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags,
        summary: 'Go to the passport to sign in (authorization code with PKCE)',
        querystring: passportStartQuery,
      },
    },
    async (req, reply) => {
      const url = await startPassportSignIn(app, reply, {
        subdomain: req.query.subdomain,
        forceOtp: req.query.force_otp === '1',
        lang: req.lang,
      }).catch((err: unknown) => {
        // The passport did not answer its discovery: the sign-in page says so, in words.
        req.log.warn({ err }, 'passport unreachable');
        return '/login?passport=unavailable';
      });
      return reply.redirect(url, 303);
    },
  );

  app.get(
    '/auth/passport/callback',
    { config: PUBLIC_ROUTE, schema: { tags, summary: "The passport's answer: back to /sso with a one-time code" } },
    async (req, reply) => reply.redirect(await finishPassportSignIn(app, req, reply), 303),
  );

  app.post(
    '/auth/passport/exchange',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags,
        summary: 'Open a session with a one-time code (/sso, /login-one-time)',
        body: passportCodeBody,
        response: { 200: passportExchangeResponse },
      },
    },
    async (req, reply) => exchangeOneTimeCode(app, req, reply, req.body.code, { reactivate: false }),
  );

  app.post(
    '/auth/passport/reactivate',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags,
        summary: 'Reactivate a deactivated passport and open the session (reactivate-passport-account)',
        body: passportCodeBody,
        response: { 200: passportExchangeResponse },
      },
    },
    async (req, reply) => exchangeOneTimeCode(app, req, reply, req.body.code, { reactivate: true }),
  );

  app.get(
    '/auth/passport/status',
    {
      config: { access: { auth: 'user', allowWithoutOtp: true } },
      schema: {
        tags,
        summary: "The signed-in person's passport (check-activation-status)",
        response: { 200: passportStatusResponse },
      },
    },
    async (req) => passportStatus(app, requireSession(req)),
  );
};
