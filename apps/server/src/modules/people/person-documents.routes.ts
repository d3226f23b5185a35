// A person's vaccine and test documents (spec §7 POST /user_document, GET /get_type_for_user_document,
// PUT /user_document/{id}): listed, added with their file, toggled, deleted, and the file read back.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@app/shared/http/paging';
import {
  documentStatusBodySchema,
  documentTypesSchema,
  PERSON_DOCUMENT_LIMITS,
  personDocumentFormSchema,
  personDocumentListSchema,
  personDocumentParams,
  personDocumentSchema,
} from '@app/shared/people/documents';
import { z } from 'zod';
import { sendStoredFile } from '../../lib/file-serving';
import { requireAccess } from '../../plugins/auth';
import { parseForm, readPublicForm } from '../pre-registration/public-form';
import {
  addDocument,
  changeDocumentStatus,
  listDocuments,
  listDocumentTypes,
  readDocumentFile,
} from './person-documents.service';

const USERS = { access: { permission: 'users' as const } };
const tags = ['people'];
// The multipart form: the file and a few short fields.
const FORM_BODY_LIMIT = PERSON_DOCUMENT_LIMITS.fileMaxBytes + 64 * 1024;

export const personDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/people/document-types',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'What a person’s document can be for: the company’s vaccine/PCR compliances and what each accepts',
        response: { 200: documentTypesSchema },
      },
    },
    async (req) => listDocumentTypes(app, requireAccess(req)),
  );
  app.get(
    '/people/:id/documents',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'A person’s vaccine and test documents (not deleted), newest first',
        params: idParam,
        response: { 200: personDocumentListSchema },
      },
    },
    async (req) => listDocuments(app, requireAccess(req), req.params.id),
  );
  app.post(
    '/people/:id/documents',
    {
      config: USERS,
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add a vaccination certificate or test result to a person; the answer it makes counts at sign-in',
        description: `multipart/form-data: file (a PDF without active content, or a PNG or JPG stored re-encoded; by content, at most ${PERSON_DOCUMENT_LIMITS.fileMaxBytes / (1024 * 1024)} MB), compliance_id (a vaccine/PCR compliance), type (covid_vaccine or test), protocol (vaccine), result (test), start_date, expiry_date, notes.`,
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 201: personDocumentSchema },
      },
    },
    async (req, reply) => {
      const ctx = requireAccess(req);
      const { fields, file } = await readPublicForm(req, 'file', PERSON_DOCUMENT_LIMITS.fileMaxBytes);
      const form = parseForm(personDocumentFormSchema, fields);
      return reply.status(201).send(await addDocument(app, ctx, req.params.id, form, file));
    },
  );
  app.put(
    '/people/:id/documents/:documentId',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'The vaccine toggle of a document (active or disabled), or delete it (deleted)',
        params: personDocumentParams,
        body: documentStatusBodySchema,
        response: { 200: z.object({ data: personDocumentSchema.nullable() }) },
      },
    },
    async (req) => ({
      data: await changeDocumentStatus(app, requireAccess(req), req.params.id, req.params.documentId, req.body.status),
    }),
  );
  app.get(
    '/people/:id/documents/:documentId/file',
    {
      config: USERS,
      schema: { tags, summary: 'The file of a person’s document', params: personDocumentParams },
    },
    async (req, reply) => {
      const file = await readDocumentFile(app, requireAccess(req), req.params.id, req.params.documentId);
      return sendStoredFile(reply, file.data, { name: file.name, cache: 'private, no-cache' });
    },
  );
};
