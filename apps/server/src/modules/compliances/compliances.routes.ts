import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  complianceResponseDetailsSchema,
  complianceResponseSchema,
  listResponsesQuerySchema,
  personResponseParams,
  recordResponsesBodySchema,
} from '@app/shared/compliances/responses';
import {
  complianceBodySchema,
  complianceCanEditSchema,
  complianceFileQuerySchema,
  complianceListItemSchema,
  complianceSchema,
  complianceVersionParams,
  complianceVersionSchema,
  listCompliancesQuerySchema,
  uploadedAgreementFileSchema,
} from '@app/shared/compliances/schemas';
import { idParam, listResponse } from '@app/shared/http/paging';
import { sendStoredFile } from '../../lib/file-serving';
import { requireAccess } from '../../plugins/auth';
import { readAgreementUpload } from './compliance-files';
import { getResponse, listResponses, recordResponses } from './compliance-responses.service';
import {
  canEditCompliance,
  changeCompliance,
  createCompliance,
  getCompliance,
  getComplianceVersion,
  listCompanyCompliances,
  readAgreementFile,
  removeCompliance,
  uploadAgreementFile,
} from './compliances.service';

const READ = { access: { permission: 'show_compliance_list' as const } };
const CREATE = { access: { permission: 'create_compliance' as const } };
const EDIT = { access: { permission: 'edit_compliance' as const } };
/** A file is uploaded for a compliance being made or changed: either permission. */
const CREATE_OR_EDIT = { access: { permission: ['create_compliance', 'edit_compliance'] as const } };
// Answers are recorded and read by whoever acts on people (the dashboard's sign-in, a person's page).
const PEOPLE = { access: { permission: 'users' as const } };

export const compliancesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['compliances'];
  app.get(
    '/compliances',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Compliances, paged, sorted, searched and filtered by format and frequency',
        querystring: listCompliancesQuerySchema,
        response: { 200: listResponse(complianceListItemSchema) },
      },
    },
    async (req) => listCompanyCompliances(app, requireAccess(req), req.query),
  );
  app.post(
    '/compliances',
    {
      config: CREATE,
      schema: { tags, summary: 'Add a compliance', body: complianceBodySchema, response: { 201: complianceSchema } },
    },
    async (req, reply) => reply.status(201).send(await createCompliance(app, requireAccess(req), req.body)),
  );
  app.post(
    '/compliances/files',
    {
      config: CREATE_OR_EDIT,
      schema: {
        tags,
        summary:
          'Upload an agreement file (a PDF without scripts, actions or attachments, or a PNG or JPG stored re-encoded; at most 5 MB) for a compliance to show',
        consumes: ['multipart/form-data'],
        response: { 201: uploadedAgreementFileSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await uploadAgreementFile(app, requireAccess(req), await readAgreementUpload(req))),
  );
  app.get(
    '/compliances/:id',
    { config: READ, schema: { tags, summary: 'One compliance', params: idParam, response: { 200: complianceSchema } } },
    async (req) => getCompliance(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/compliances/:id',
    {
      config: EDIT,
      schema: {
        tags,
        summary: 'Change a compliance; a change to what it asks makes a new version',
        params: idParam,
        body: complianceBodySchema,
        response: { 200: complianceSchema },
      },
    },
    async (req) => changeCompliance(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/compliances/:id',
    {
      config: EDIT,
      schema: { tags, summary: 'Delete a compliance no journey asks (its answers are kept)', params: idParam },
    },
    async (req, reply) => {
      await removeCompliance(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/compliances/:id/can-edit',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Whether it has been answered (a change then makes a new version) and its format may change',
        params: idParam,
        response: { 200: complianceCanEditSchema },
      },
    },
    async (req) => canEditCompliance(app, requireAccess(req), req.params.id),
  );
  app.get(
    '/compliances/:id/versions/:version',
    {
      config: READ,
      schema: {
        tags,
        summary: 'What a compliance asked at one version',
        params: complianceVersionParams,
        response: { 200: complianceVersionSchema },
      },
    },
    async (req) => getComplianceVersion(app, requireAccess(req), req.params.id, req.params.version),
  );
  app.get(
    '/compliances/:id/file',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The agreement file of a compliance, at its current version or the one asked for',
        params: idParam,
        querystring: complianceFileQuerySchema,
      },
    },
    async (req, reply) => {
      const file = await readAgreementFile(app, requireAccess(req), req.params.id, req.query.version);
      return sendStoredFile(reply, file.data, { name: file.name, cache: 'private, max-age=300' });
    },
  );

  const answerTags = ['compliance answers'];
  app.post(
    '/people/:id/compliance-responses',
    {
      config: PEOPLE,
      schema: {
        tags: answerTags,
        summary: "Record a person's answers to compliances, judged against the version answered",
        params: idParam,
        body: recordResponsesBodySchema,
        response: { 201: z.object({ data: z.array(complianceResponseSchema) }) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await recordResponses(app, requireAccess(req), req.params.id, req.body) }),
  );
  app.get(
    '/people/:id/compliance-responses',
    {
      config: PEOPLE,
      schema: {
        tags: answerTags,
        summary: "A person's answers to compliances, newest first",
        params: idParam,
        querystring: listResponsesQuerySchema,
        response: { 200: listResponse(complianceResponseSchema) },
      },
    },
    async (req) => listResponses(app, requireAccess(req), req.params.id, req.query),
  );
  app.get(
    '/people/:id/compliance-responses/:responseId',
    {
      config: PEOPLE,
      schema: {
        tags: answerTags,
        summary: 'One answer with what was asked at its version',
        params: personResponseParams,
        response: { 200: complianceResponseDetailsSchema },
      },
    },
    async (req) => getResponse(app, requireAccess(req), req.params.id, req.params.responseId),
  );
};
