import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@app/shared/constants';
import { cursorListResponse, idParam } from '@app/shared/http/paging';
import {
  PHOTO_FIELD,
  assignableRoleSchema,
  availabilityQuerySchema,
  availabilitySchema,
  listPeopleQuerySchema,
  personBodySchema,
  personSchema,
} from '@app/shared/people/schemas';
import { contentDisposition, sendStoredFile } from '../../lib/file-serving';
import { readSingleFile } from '../../lib/uploads';
import { requireAccess } from '../../plugins/auth';
import { departmentsRoutes } from './departments.routes';
import { labelsRoutes } from './labels.routes';
import { peopleMassRoutes } from './people-mass.routes';
import { ownDetailsRoutes } from './own-details.routes';
import { personDocumentsRoutes } from './person-documents.routes';
import { exportPersonData } from './person-data-export';
import { readPhoto, removePhoto, setPhoto } from './people-photo.service';
import {
  changePerson,
  checkAvailability,
  createPerson,
  getPerson,
  listAssignableRoles,
  listCompanyPeople,
  removePerson,
} from './people.service';
import { userTypeHostsRoutes } from './user-type-hosts.routes';

const USERS = { access: { permission: 'users' as const } };

/** The company's people and everything the users screens need: labels, departments, hosts. */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(peopleMassRoutes);
  await app.register(personDocumentsRoutes);
  await app.register(ownDetailsRoutes);
  await app.register(labelsRoutes);
  await app.register(departmentsRoutes);
  await app.register(userTypeHostsRoutes);

  const tags = ['people'];
  app.get(
    '/people',
    {
      config: USERS,
      schema: {
        tags,
        summary: "The company's people (the spec's users), paged, sorted, searched and filtered",
        description: 'An admin with assigned sites and user types sees only the people inside them.',
        querystring: listPeopleQuerySchema,
        response: { 200: cursorListResponse(personSchema) },
      },
    },
    async (req) => listCompanyPeople(app, requireAccess(req), req.query),
  );
  app.get(
    '/people/availability',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Whether an email, phone or id number is still free in the company',
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
    },
    async (req) => checkAvailability(app, requireAccess(req), req.query, req.lang),
  );
  app.get(
    '/people/roles',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'The roles the caller may give (none allowing what the caller may not do)',
        response: { 200: z.array(assignableRoleSchema) },
      },
    },
    async (req) => listAssignableRoles(app, requireAccess(req)),
  );
  app.post(
    '/people',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Add a person',
        body: personBodySchema,
        response: { 201: personSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createPerson(app, requireAccess(req), req.body)),
  );
  app.get(
    '/people/:id',
    { config: USERS, schema: { tags, summary: 'One person', params: idParam, response: { 200: personSchema } } },
    async (req) => getPerson(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/people/:id',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Change a person',
        description:
          'Every field is replaced; label_ids and custom_fields, when left out, stay as they are. Sites the caller cannot see stay on the person.',
        params: idParam,
        body: personBodySchema,
        response: { 200: personSchema },
      },
    },
    async (req) => changePerson(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/people/:id',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Delete a person',
        description:
          "Refused (422) for the company's default people, the caller's own person and anyone whose dashboard access is not revoked.",
        params: idParam,
      },
    },
    async (req, reply) => {
      await removePerson(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/people/:id/photo',
    {
      config: USERS,
      schema: {
        tags,
        summary: `Upload the profile photo (multipart field ${PHOTO_FIELD}; png/jpg by content, ${LIMITS.photo.minWidth}×${LIMITS.photo.minHeight} to ${LIMITS.photo.maxWidth}×${LIMITS.photo.maxHeight}, at most 3 MB; stored re-encoded)`,
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: personSchema },
      },
    },
    async (req) => {
      const ctx = requireAccess(req);
      const data = await readSingleFile(req, PHOTO_FIELD, LIMITS.photo.maxBytes);
      return setPhoto(app, ctx, req.params.id, data);
    },
  );
  app.delete(
    '/people/:id/photo',
    {
      config: USERS,
      schema: { tags, summary: 'Remove the profile photo', params: idParam, response: { 200: personSchema } },
    },
    async (req) => removePhoto(app, requireAccess(req), req.params.id),
  );
  app.get(
    '/people/:id/data-export',
    {
      config: { access: { permission: 'users' as const, noClientToken: true } },
      schema: {
        tags,
        summary: 'Everything held about the person, as a zip (a subject-access request)',
        description:
          'JSON files (person, visits, compliance answers, documents, visit permits, QuickPasses, emergency rolls) and the files (the photo, each document’s upload). Audited.',
        params: idParam,
      },
    },
    async (req, reply) => {
      const { stream, fileName } = await exportPersonData(app, requireAccess(req), req.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
  app.get(
    '/people/:id/photo',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'The profile photo',
        params: idParam,
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (req, reply) => {
      const photo = await readPhoto(app, requireAccess(req), req.params.id);
      // The versioned URL never changes content; the bare one may.
      const cache = req.query.v === photo.version ? 'private, max-age=31536000, immutable' : 'private, no-cache';
      return sendStoredFile(reply, photo.data, { name: photo.name, cache });
    },
  );
};
