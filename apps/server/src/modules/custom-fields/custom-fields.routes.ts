import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badgeUsageSchema,
  customFieldBodySchema,
  listCustomFieldsQuerySchema,
  listedCustomFieldSchema,
  sectionAvailabilityQuerySchema,
  sectionAvailabilitySchema,
  sectionBodySchema,
  sectionSchema,
} from '@app/shared/custom-fields/schemas';
import { idParam } from '@app/shared/http/paging';
import { requireAccess } from '../../plugins/auth';
import {
  assertCustomFieldsPlan,
  changeField,
  changeSection,
  checkSectionName,
  createField,
  createSection,
  getBadgeUsage,
  getField,
  getSection,
  listCompanyFields,
  listSectionsWithFields,
  removeField,
  removeSection,
} from './custom-fields.service';

const READ = { access: { permission: 'show_custom_fields' as const } };
const WRITE = { access: { permission: 'add_custom_field_to_new_section' as const } };
// What a person or visit form asks: anyone who may edit people reads the fields.
const FORM = { access: { permission: 'users' as const } };

export const customFieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec §6: only professional and enterprise companies have custom fields. After the access hook
  // (which signs the caller in and checks the permission) and before the input is read.
  app.addHook('preValidation', async (req) => assertCustomFieldsPlan(requireAccess(req)));

  const sectionTags = ['custom fields'];
  app.get(
    '/custom-field-sections',
    {
      config: READ,
      schema: {
        tags: sectionTags,
        summary: 'Sections with their fields, in order',
        response: { 200: z.array(sectionSchema) },
      },
    },
    async (req) => listSectionsWithFields(app, requireAccess(req)),
  );
  app.get(
    '/custom-field-sections/availability',
    {
      config: READ,
      schema: {
        tags: sectionTags,
        summary: 'Whether a section name is free (checked while it is typed)',
        querystring: sectionAvailabilityQuerySchema,
        response: { 200: sectionAvailabilitySchema },
      },
    },
    async (req) => checkSectionName(app, requireAccess(req), req.lang, req.query),
  );
  app.get(
    '/custom-field-sections/:id',
    {
      config: READ,
      schema: {
        tags: sectionTags,
        summary: 'One section with its fields',
        params: idParam,
        response: { 200: sectionSchema },
      },
    },
    async (req) => getSection(app, requireAccess(req), req.params.id),
  );
  app.post(
    '/custom-field-sections',
    {
      config: WRITE,
      schema: {
        tags: sectionTags,
        summary: 'Add a section',
        body: sectionBodySchema,
        response: { 201: sectionSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createSection(app, requireAccess(req), req.body)),
  );
  app.put(
    '/custom-field-sections/:id',
    {
      config: WRITE,
      schema: {
        tags: sectionTags,
        summary: 'Rename a section',
        params: idParam,
        body: sectionBodySchema,
        response: { 200: sectionSchema },
      },
    },
    async (req) => changeSection(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/custom-field-sections/:id',
    {
      config: WRITE,
      schema: {
        tags: sectionTags,
        summary: 'Delete a section with its fields and their stored values',
        params: idParam,
      },
    },
    async (req, reply) => {
      await removeSection(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );

  const fieldTags = ['custom fields'];
  app.get(
    '/custom-fields',
    {
      config: FORM,
      schema: {
        tags: fieldTags,
        summary: 'Fields in section order, optionally only those asked at one moment (binding)',
        querystring: listCustomFieldsQuerySchema,
        response: { 200: z.array(listedCustomFieldSchema) },
      },
    },
    async (req) => listCompanyFields(app, requireAccess(req), req.query),
  );
  app.get(
    '/custom-fields/badge-usage',
    {
      config: READ,
      schema: {
        tags: fieldTags,
        summary: 'How many fields print on the badge, of at most four',
        response: { 200: badgeUsageSchema },
      },
    },
    async (req) => getBadgeUsage(app, requireAccess(req)),
  );
  app.post(
    '/custom-fields',
    {
      config: WRITE,
      schema: {
        tags: fieldTags,
        summary: 'Add a field to a section',
        body: customFieldBodySchema,
        response: { 201: listedCustomFieldSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createField(app, requireAccess(req), req.body)),
  );
  app.get(
    '/custom-fields/:id',
    {
      config: READ,
      schema: { tags: fieldTags, summary: 'One field', params: idParam, response: { 200: listedCustomFieldSchema } },
    },
    async (req) => getField(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/custom-fields/:id',
    {
      config: WRITE,
      schema: {
        tags: fieldTags,
        summary: 'Change a field',
        params: idParam,
        body: customFieldBodySchema,
        response: { 200: listedCustomFieldSchema },
      },
    },
    async (req) => changeField(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/custom-fields/:id',
    {
      config: WRITE,
      schema: { tags: fieldTags, summary: 'Delete a field and its stored values', params: idParam },
    },
    async (req, reply) => {
      await removeField(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
