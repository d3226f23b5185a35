import type { FastifyInstance } from 'fastify';
import { readAttributes, resourceIdOf, sendResource } from './scim-request';
import { scimBaseUrl } from './scim-connection';
import { SCIM_ROUTE, scimCallerOf } from './scim-token';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from './scim-users.service';

// /Users (RFC 7644 §3.3–3.6). Thin: the caller comes from the bearer token (scim-token.ts), the rules
// are the service's.

const OPTIONS = { config: SCIM_ROUTE, schema: { hide: true } };

export async function scimUsersRoutes(app: FastifyInstance) {
  app.get('/Users', OPTIONS, async (req) => listUsers(app, scimCallerOf(req), req.query));

  app.get('/Users/:id', OPTIONS, async (req, reply) => {
    const answer = await getUser(app, scimCallerOf(req), resourceIdOf(req, 'User'), readAttributes(req.query));
    return sendResource(req, reply, answer);
  });

  app.post('/Users', OPTIONS, async (req, reply) => {
    const answer = await createUser(app, scimCallerOf(req), req.body, readAttributes(req.query));
    return sendResource(req, reply, answer, { status: 201, location: `${scimBaseUrl(app)}/Users/${answer.id}` });
  });

  app.put('/Users/:id', OPTIONS, async (req, reply) => {
    const id = resourceIdOf(req, 'User');
    const answer = await replaceUser(
      app,
      scimCallerOf(req),
      id,
      req.body,
      req.headers['if-match'],
      readAttributes(req.query),
    );
    return sendResource(req, reply, answer);
  });

  app.patch('/Users/:id', OPTIONS, async (req, reply) => {
    const id = resourceIdOf(req, 'User');
    const answer = await patchUser(
      app,
      scimCallerOf(req),
      id,
      req.body,
      req.headers['if-match'],
      readAttributes(req.query),
    );
    return sendResource(req, reply, answer);
  });

  app.delete('/Users/:id', OPTIONS, async (req, reply) => {
    await deleteUser(app, scimCallerOf(req), resourceIdOf(req, 'User'), req.headers['if-match']);
    return reply.status(204).send();
  });
}
