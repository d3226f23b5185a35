import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@app/shared/http/paging';
import {
  moveUserTypeBodySchema,
  updateUserTypeBodySchema,
  userTypeBodySchema,
  userTypeQrSchema,
  userTypeSchema,
  userTypeTreeSchema,
} from '@app/shared/user-types/schemas';
import { areaIdParam, areaUserTypesSchema } from '@app/shared/user-types/by-area';
import { requireAccess } from '../../plugins/auth';
import { userTypesOfArea } from './user-types-by-area.service';
import {
  changeUserType,
  createUserType,
  getUserType,
  getUserTypeTree,
  listCompanyUserTypes,
  moveUserType,
  removeUserType,
  userTypeQr,
} from './user-types.service';

const READ = { access: { permission: 'show_user_types_list' as const } };
const WRITE = { access: { permission: 'add_new_user_type' as const } };

export const userTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user types'];
  app.get(
    '/user-types',
    {
      config: READ,
      schema: {
        tags,
        summary: 'User types, flat, by name',
        response: { 200: z.object({ data: z.array(userTypeSchema) }) },
      },
    },
    async (req) => ({
      data: await listCompanyUserTypes(app, requireAccess(req)),
    }),
  );
  app.get(
    '/user-types/tree',
    { config: READ, schema: { tags, summary: 'Parent and child user types', response: { 200: userTypeTreeSchema } } },
    async (req) => getUserTypeTree(app, requireAccess(req)),
  );
  app.get(
    '/user-types/by-area/:areaId',
    {
      // The front desk picks a user type for a sign-in at an area, as do user-type admins.
      config: { access: { permission: ['show_user_types_list', 'dashboard'] as const } },
      schema: {
        tags,
        summary: 'The user types that can be signed in at an area: those with a flow in a journey covering its site',
        params: areaIdParam,
        response: { 200: areaUserTypesSchema },
      },
    },
    async (req) => userTypesOfArea(app, requireAccess(req), req.params.areaId),
  );
  app.post(
    '/user-types',
    {
      config: WRITE,
      schema: { tags, summary: 'Add a user type', body: userTypeBodySchema, response: { 201: userTypeSchema } },
    },
    async (req, reply) => reply.status(201).send(await createUserType(app, requireAccess(req), req.body)),
  );
  app.get(
    '/user-types/:id',
    { config: READ, schema: { tags, summary: 'One user type', params: idParam, response: { 200: userTypeSchema } } },
    async (req) => getUserType(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/user-types/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Change a user type',
        params: idParam,
        body: updateUserTypeBodySchema,
        response: { 200: userTypeSchema },
      },
    },
    async (req) => changeUserType(app, requireAccess(req), req.params.id, req.body),
  );
  app.put(
    '/user-types/:id/parent',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Move a user type under another parent, or to the top',
        params: idParam,
        body: moveUserTypeBodySchema,
        response: { 200: userTypeSchema },
      },
    },
    async (req) => moveUserType(app, requireAccess(req), req.params.id, req.body.parent_id),
  );
  app.delete(
    '/user-types/:id',
    { config: WRITE, schema: { tags, summary: 'Delete an unused user type', params: idParam } },
    async (req, reply) => {
      await removeUserType(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/user-types/:id/qr',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Self-registration link and QR code',
        params: idParam,
        response: { 200: userTypeQrSchema },
      },
    },
    async (req) => userTypeQr(app, requireAccess(req), req.params.id),
  );
};
