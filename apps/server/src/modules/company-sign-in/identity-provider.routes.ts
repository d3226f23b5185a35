import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  identityProviderBodySchema,
  identityProviderResponseSchema,
  identityProviderSchema,
} from '@app/shared/entity/identity-provider';
import { requireAccess } from '../../plugins/auth';
import { getIdentityProvider, removeIdentityProvider, saveIdentityProviderSettings } from './identity-provider.service';

const tags = ['company'];
// Who signs in to the company is the company's people's business: never the API token's, not even to read.
const COMPANY_PEOPLE_ONLY = { access: { permission: 'company_details' as const, noClientToken: true } };

/** The company page's own identity provider for its staff's dashboard sign-in. */
export const identityProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company/identity-provider',
    {
      config: COMPANY_PEOPLE_ONLY,
      schema: {
        tags,
        summary: "The company's own identity provider (null when none); never its secret",
        response: { 200: identityProviderResponseSchema },
      },
    },
    async (req) => getIdentityProvider(app, requireAccess(req)),
  );

  app.put(
    '/company/identity-provider',
    {
      config: COMPANY_PEOPLE_ONLY,
      schema: {
        tags,
        summary: 'Set the identity provider (its discovery document is read first; the secret kept when left out)',
        body: identityProviderBodySchema,
        response: { 200: identityProviderSchema },
      },
    },
    async (req) => saveIdentityProviderSettings(app, requireAccess(req), req.body),
  );

  app.delete(
    '/company/identity-provider',
    { config: COMPANY_PEOPLE_ONLY, schema: { tags, summary: 'Remove the identity provider' } },
    async (req, reply) => {
      await removeIdentityProvider(app, requireAccess(req));
      return reply.status(204).send();
    },
  );
};
