import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@app/shared/http/paging';
import { labelBodySchema, labelSchema } from '@app/shared/people/schemas';
import { requireAccess } from '../../plugins/auth';
import { createLabel, listCompanyLabels, removeLabel } from './labels.service';

const USERS = { access: { permission: 'users' as const } };

export const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['labels'];
  app.get(
    '/labels',
    {
      config: USERS,
      schema: { tags, summary: "The company's labels, by name", response: { 200: z.array(labelSchema) } },
    },
    async (req) => listCompanyLabels(app, requireAccess(req)),
  );
  app.post(
    '/labels',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Add a label (names are unique)',
        body: labelBodySchema,
        response: { 201: labelSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createLabel(app, requireAccess(req), req.body)),
  );
  app.delete(
    '/labels/:id',
    {
      config: USERS,
      schema: { tags, summary: 'Remove a label from the company and from everyone who has it', params: idParam },
    },
    async (req, reply) => {
      await removeLabel(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
