import type { FastifyInstance } from 'fastify';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from './scim-groups.service';
import { readAttributes, resourceIdOf, sendResource } from './scim-request';
import { scimBaseUrl } from './scim-connection';
import { SCIM_ROUTE, scimCallerOf } from './scim-token';

// /Groups (RFC 7644 §3.3–3.6). A group's PATCH answers 204 No Content (§3.5.2 allows it: a group's
// members may be thousands), unless the caller asks for attributes.

const OPTIONS = { config: SCIM_ROUTE, schema: { hide: true } };

export async function scimGroupsRoutes(app: FastifyInstance) {
  app.get('/Groups', OPTIONS, async (req) => listGroups(app, scimCallerOf(req), req.query));

  app.get('/Groups/:id', OPTIONS, async (req, reply) => {
    const answer = await getGroup(app, scimCallerOf(req), resourceIdOf(req, 'Group'), readAttributes(req.query));
    return sendResource(req, reply, answer);
  });

  app.post('/Groups', OPTIONS, async (req, reply) => {
    const answer = await createGroup(app, scimCallerOf(req), req.body, readAttributes(req.query));
    return sendResource(req, reply, answer, { status: 201, location: `${scimBaseUrl(app)}/Groups/${answer.id}` });
  });

  app.put('/Groups/:id', OPTIONS, async (req, reply) => {
    const id = resourceIdOf(req, 'Group');
    const answer = await replaceGroup(
      app,
      scimCallerOf(req),
      id,
      req.body,
      req.headers['if-match'],
      readAttributes(req.query),
    );
    return sendResource(req, reply, answer!);
  });

  app.patch('/Groups/:id', OPTIONS, async (req, reply) => {
    const id = resourceIdOf(req, 'Group');
    const attributes = readAttributes(req.query);
    const asked = attributes.attributes !== null || attributes.excludedAttributes.length > 0;
    const answer = await patchGroup(
      app,
      scimCallerOf(req),
      id,
      req.body,
      req.headers['if-match'],
      asked ? attributes : null,
    );
    if (!answer) return reply.status(204).send();
    return sendResource(req, reply, answer);
  });

  app.delete('/Groups/:id', OPTIONS, async (req, reply) => {
    await deleteGroup(app, scimCallerOf(req), resourceIdOf(req, 'Group'), req.headers['if-match']);
    return reply.status(204).send();
  });
}
