import type { FastifyInstance } from 'fastify';
import { scimDiscoveryRoutes } from './scim-discovery';
import { answerScimError, invalidValue, ScimError, SCIM_CONTENT_TYPE, sendScimError } from './scim-errors';
import { scimGroupsRoutes } from './scim-groups.routes';
import { authenticateScim } from './scim-token';
import { scimUsersRoutes } from './scim-users.routes';
import { findInputProblem } from '../../plugins/input-guard';

// SCIM 2.0 (RFC 7643, RFC 7644; decision 048) at /scim/v2: a company's identity provider (Okta,
// Microsoft Entra ID) pushes its users and groups with the connection's bearer token. Outside /api/v1:
// its own media type (application/scim+json, application/json accepted too), its own error bodies, its
// own authentication; the discovery documents answer without a token.

export async function scimRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.setErrorHandler(answerScimError);
  app.setNotFoundHandler((req, reply) =>
    sendScimError(reply, new ScimError(404, null, `No SCIM endpoint at ${req.method} ${req.url.split('?')[0]}`)),
  );
  app.addHook('onRequest', async (_req, reply) => {
    void reply.type(SCIM_CONTENT_TYPE);
  });
  // As the API's input guard: no string a database or screen cannot hold, no absurd nesting.
  app.addHook('preValidation', async (req) => {
    for (const part of [req.query, req.body]) {
      const problem = findInputProblem(part);
      if (problem) {
        throw invalidValue(
          problem.reason === 'depth'
            ? 'The request nests too deeply'
            : `The value at ${problem.path.join('.') || 'the top'} holds characters that cannot be kept`,
        );
      }
    }
  });

  await app.register(scimDiscoveryRoutes);
  await app.register(async (resources) => {
    authenticateScim(resources);
    await resources.register(scimUsersRoutes);
    await resources.register(scimGroupsRoutes);
  });
}
