import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entitySummarySchema } from '@app/shared/auth/schemas';
import {
  changePackageBodySchema,
  createCompanyBodySchema,
  platformEntityListItemSchema,
} from '@app/shared/entity/schemas';
import { listResponse, pageQuery } from '@app/shared/http/paging';
import { requireSession } from '../../plugins/auth';
import { changePackage, createCompany, listCompanies } from './platform.service';

const tags = ['platform'];
const PLATFORM = { access: { auth: 'user' as const, platformAdmin: true } };

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/platform/entities',
    {
      config: PLATFORM,
      schema: {
        tags,
        summary: 'Every company (platform administrators)',
        querystring: pageQuery.extend({ search: z.string().max(100).optional() }),
        response: { 200: listResponse(platformEntityListItemSchema) },
      },
    },
    async (req) => listCompanies(app, req.query),
  );

  app.post(
    '/platform/entities',
    {
      config: PLATFORM,
      schema: {
        tags,
        summary: 'Open a company with its owner (the owner is emailed a link to set a password)',
        body: createCompanyBodySchema,
        response: { 201: entitySummarySchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createCompany(app, requireSession(req).user.id, req.body)),
  );

  app.put(
    '/platform/entities/:id/package',
    {
      config: PLATFORM,
      schema: {
        tags,
        summary: "Change a company's package and plan",
        params: z.object({ id: z.uuid() }),
        body: changePackageBodySchema,
        response: { 200: entitySummarySchema },
      },
    },
    async (req) => changePackage(app, requireSession(req).user.id, req.params.id, req.body),
  );
};
