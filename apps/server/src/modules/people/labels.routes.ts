import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { labelBodySchema, labelSchema } from '@app/shared/people/schemas';
import { requireAccess } from '../../plugins/auth';
import { createLabel, listCompanyLabels } from './labels.service';

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
};
