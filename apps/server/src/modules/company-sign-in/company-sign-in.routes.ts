import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companySignInStartQuery } from '@app/shared/entity/identity-provider';
import { PUBLIC_ROUTE } from '../../plugins/auth';
import { finishCompanySignIn, startCompanySignIn } from './company-sign-in.service';

const tags = ['auth'];

/** Signing in to a company's dashboard with the company's own identity provider (decision 047). */
export const companySignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/company-sign-in/start',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags,
        summary: "Go to the company's own identity provider to sign in (authorization code with PKCE)",
        querystring: companySignInStartQuery,
      },
    },
    async (req, reply) => reply.redirect(await startCompanySignIn(app, req, reply, req.query.subdomain), 303),
  );

  app.get(
    '/auth/company-sign-in/callback',
    {
      config: PUBLIC_ROUTE,
      schema: { tags, summary: "The company's identity provider's answer: back to /sso with a one-time code" },
    },
    async (req, reply) => reply.redirect(await finishCompanySignIn(app, req, reply), 303),
  );
};
