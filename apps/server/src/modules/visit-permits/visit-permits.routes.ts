import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@app/shared/http/paging';
import {
  assignmentStatusBodySchema,
  assignPeopleBodySchema,
  assignPermitBodySchema,
  assignResultSchema,
  assignUserTypesBodySchema,
  checkPermitQuerySchema,
  listPermitPeopleQuerySchema,
  listVisitPermitsQuerySchema,
  permitCheckSchema,
  permitParams,
  permitPeopleListSchema,
  permitUserTypesListSchema,
  personPermitSchema,
  personPermitsSchema,
  simpleVisitPermitListSchema,
  userTypePermitSchema,
  userTypePermitsSchema,
  visitPermitBodySchema,
  visitPermitListSchema,
  visitPermitSchema,
} from '@app/shared/visit-permits/schemas';
import { requireAccess } from '../../plugins/auth';
import {
  assignPeopleToPermit,
  assignPermitToPerson,
  assignPermitToUserType,
  assignUserTypesToPermit,
  getPersonPermits,
  getUserTypePermits,
  listPeopleOfPermit,
  listUserTypesOfPermit,
  setPersonPermitStatus,
  setUserTypePermitStatus,
  unassignPermitFromPerson,
  unassignPermitFromUserType,
} from './permit-assignments.service';
import { checkPermits } from './permit-check.service';
import { changePermit, createPermit, getPermit, listCompanyPermits, removePermit } from './visit-permits.service';

// Visit permits sit in the settings menu (spec §2 side menu: /visit-permits under user_settings).
const ACCESS = { access: { permission: 'user_settings' as const } };

export const visitPermitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['visit permits'];

  app.get(
    '/visit-permits',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Visit permits, paged, searched, filtered and sorted; `simple=1`: every permit, compact, for pickers',
        querystring: listVisitPermitsQuerySchema,
        response: { 200: z.union([visitPermitListSchema, simpleVisitPermitListSchema]) },
      },
    },
    async (req) => listCompanyPermits(app, requireAccess(req), req.query),
  );
  app.post(
    '/visit-permits',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Add a visit permit',
        body: visitPermitBodySchema,
        response: { 201: visitPermitSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createPermit(app, requireAccess(req), req.body)),
  );
  app.get(
    '/visit-permits/check',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Whether a person or a user type may visit at a moment (at a site), by which permit, and why not',
        querystring: checkPermitQuerySchema,
        response: { 200: permitCheckSchema },
      },
    },
    async (req) => checkPermits(app, requireAccess(req), req.query, req.lang),
  );
  app.get(
    '/visit-permits/:id',
    {
      config: ACCESS,
      schema: { tags, summary: 'One visit permit', params: idParam, response: { 200: visitPermitSchema } },
    },
    async (req) => getPermit(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/visit-permits/:id',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Change a visit permit (every field)',
        params: idParam,
        body: visitPermitBodySchema,
        response: { 200: visitPermitSchema },
      },
    },
    async (req) => changePermit(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/visit-permits/:id',
    { config: ACCESS, schema: { tags, summary: 'Delete a visit permit and its assignments', params: idParam } },
    async (req, reply) => {
      await removePermit(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );

  // ---- a permit's people and user types ----
  app.get(
    '/visit-permits/:id/people',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'The people a permit is assigned to (those the caller manages), paged',
        params: idParam,
        querystring: listPermitPeopleQuerySchema,
        response: { 200: permitPeopleListSchema },
      },
    },
    async (req) => listPeopleOfPermit(app, requireAccess(req), req.params.id, req.query),
  );
  app.post(
    '/visit-permits/:id/people',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Assign a permit to several people at once',
        params: idParam,
        body: assignPeopleBodySchema,
        response: { 200: assignResultSchema },
      },
    },
    async (req) => assignPeopleToPermit(app, requireAccess(req), req.params.id, req.body, req.lang),
  );
  app.get(
    '/visit-permits/:id/user-types',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'The user types a permit is assigned to (those the caller manages)',
        params: idParam,
        response: { 200: permitUserTypesListSchema },
      },
    },
    async (req) => listUserTypesOfPermit(app, requireAccess(req), req.params.id),
  );
  app.post(
    '/visit-permits/:id/user-types',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Assign a permit to several user types at once',
        params: idParam,
        body: assignUserTypesBodySchema,
        response: { 200: assignResultSchema },
      },
    },
    async (req) => assignUserTypesToPermit(app, requireAccess(req), req.params.id, req.body, req.lang),
  );

  // ---- a person's permits ----
  app.get(
    '/people/:id/visit-permits',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: "The permits that apply to a person: their own and their user types', with status and source",
        params: idParam,
        response: { 200: personPermitsSchema },
      },
    },
    async (req) => getPersonPermits(app, requireAccess(req), req.params.id),
  );
  app.post(
    '/people/:id/visit-permits',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Give a person a permit of their own',
        params: idParam,
        body: assignPermitBodySchema,
        response: { 201: personPermitSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await assignPermitToPerson(app, requireAccess(req), req.params.id, req.body)),
  );
  app.put(
    '/people/:id/visit-permits/:permitId/status',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: "A person's own status for a permit that applies to them (active or suspended)",
        params: permitParams,
        body: assignmentStatusBodySchema,
        response: { 200: personPermitSchema },
      },
    },
    async (req) => setPersonPermitStatus(app, requireAccess(req), req.params.id, req.params.permitId, req.body.status),
  );
  app.delete(
    '/people/:id/visit-permits/:permitId',
    {
      config: ACCESS,
      schema: { tags, summary: "Remove a person's own assignment of a permit", params: permitParams },
    },
    async (req, reply) => {
      await unassignPermitFromPerson(app, requireAccess(req), req.params.id, req.params.permitId);
      return reply.status(204).send();
    },
  );

  // ---- a user type's permits ----
  app.get(
    '/user-types/:id/visit-permits',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: "A user type's permits with their status",
        params: idParam,
        response: { 200: userTypePermitsSchema },
      },
    },
    async (req) => getUserTypePermits(app, requireAccess(req), req.params.id),
  );
  app.post(
    '/user-types/:id/visit-permits',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Assign a permit to a user type',
        params: idParam,
        body: assignPermitBodySchema,
        response: { 201: userTypePermitSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await assignPermitToUserType(app, requireAccess(req), req.params.id, req.body)),
  );
  app.put(
    '/user-types/:id/visit-permits/:permitId/status',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: "A user type's status for a permit (active or suspended)",
        params: permitParams,
        body: assignmentStatusBodySchema,
        response: { 200: userTypePermitSchema },
      },
    },
    async (req) =>
      setUserTypePermitStatus(app, requireAccess(req), req.params.id, req.params.permitId, req.body.status),
  );
  app.delete(
    '/user-types/:id/visit-permits/:permitId',
    {
      config: ACCESS,
      schema: { tags, summary: 'Remove a permit from a user type', params: permitParams },
    },
    async (req, reply) => {
      await unassignPermitFromUserType(app, requireAccess(req), req.params.id, req.params.permitId);
      return reply.status(204).send();
    },
  );
};
