import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { departmentBodySchema, departmentSchema } from '@app/shared/people/schemas';
import { requireAccess } from '../../plugins/auth';
import { createDepartment, listCompanyDepartments } from './departments.service';

const USERS = { access: { permission: 'users' as const } };

export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['departments'];
  app.get(
    '/departments',
    {
      config: USERS,
      schema: { tags, summary: "The company's departments, by name", response: { 200: z.array(departmentSchema) } },
    },
    async (req) => listCompanyDepartments(app, requireAccess(req)),
  );
  app.post(
    '/departments',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Add a department (names are unique)',
        body: departmentBodySchema,
        response: { 201: departmentSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createDepartment(app, requireAccess(req), req.body)),
  );
};
