import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { doorBodySchema, doorSchema, listDoorsQuerySchema, updateDoorBodySchema } from '@app/shared/doors/schemas';
import { idParam } from '@app/shared/http/paging';
import { z } from 'zod';
import { requireAccess } from '../../plugins/auth';
import { changeDoor, createDoor, getDoor, listCompanyDoors, removeDoor } from './doors.service';

const SITES = { access: { permission: 'sites_devices' as const } };

export const doorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['doors'];
  app.get(
    '/doors',
    {
      config: SITES,
      schema: {
        tags,
        summary: 'Doors of an area or a site, with the kiosk that opens each',
        querystring: listDoorsQuerySchema,
        response: { 200: z.array(doorSchema) },
      },
    },
    async (req) => listCompanyDoors(app, requireAccess(req), req.query),
  );
  app.post(
    '/doors',
    {
      config: SITES,
      schema: { tags, summary: 'Add a door to an area', body: doorBodySchema, response: { 201: doorSchema } },
    },
    async (req, reply) => reply.status(201).send(await createDoor(app, requireAccess(req), req.body)),
  );
  app.get(
    '/doors/:id',
    { config: SITES, schema: { tags, summary: 'One door', params: idParam, response: { 200: doorSchema } } },
    async (req) => getDoor(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/doors/:id',
    {
      config: SITES,
      schema: {
        tags,
        summary: 'Rename a door or change the kiosk that opens it',
        params: idParam,
        body: updateDoorBodySchema,
        response: { 200: doorSchema },
      },
    },
    async (req) => changeDoor(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/doors/:id',
    { config: SITES, schema: { tags, summary: 'Remove a door', params: idParam } },
    async (req, reply) => {
      await removeDoor(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
