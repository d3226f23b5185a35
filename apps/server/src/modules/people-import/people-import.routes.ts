import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@app/shared/http/paging';
import {
  IMPORT_LIMITS,
  IMPORT_SHEET_FIELD,
  IMPORT_ZIP_FIELD,
  importRowBodySchema,
  importRowParams,
  importRowSchema,
  importRowsQuerySchema,
  importRowsResponseSchema,
  importTaskSchema,
  importTasksQuerySchema,
  importTasksResponseSchema,
} from '@app/shared/people/import';
import { contentDisposition, sendStoredFile } from '../../lib/file-serving';
import { readSingleUpload } from '../../lib/uploads';
import { requireAccess } from '../../plugins/auth';
import { inTenant } from '../access/in-tenant';
import { attachPhotos } from './import-photos';
import { importRunsEnded, requestImportRun } from './import-run';
import {
  assertEditable,
  changeImportRow,
  deleteImport,
  downloadTemplate,
  dropImportRow,
  getImport,
  listImportRows,
  listImports,
  readRowPhoto,
  uploadImport,
  visibleTask,
} from './people-import.service';

// Spec §7 `POST /api/users/import`, `POST /users/import`, `POST /users/run_import`,
// `GET /users/import_tasks/{entityId}`, `GET /users/list_import_users/{entityId}/{taskId}`; the company
// comes from the session or the API token. The people permission (`users`): the company's API token
// may download the template, upload, run and read tasks (the spec's API import); changing the grid is
// the dashboard's.
const USERS = { access: { permission: 'users' as const } };
const GRID = { access: { permission: 'users' as const, noClientToken: true } };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const peopleImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['people import'];
  app.addHook('onClose', async () => importRunsEnded(app));

  app.get(
    '/people/import/template',
    {
      config: USERS,
      schema: {
        tags,
        summary:
          'The import template (xlsx): the columns of a person, the company’s user types, sites and profile custom fields',
        description:
          'Headers in the caller’s language (any language’s are read back); a second sheet lists the user types and sites the caller may give and each choice field’s choices, offered as drop-down lists. Several user types, sites or choices go in one cell separated by `;`.',
      },
    },
    async (req, reply) => {
      const data = await downloadTemplate(app, requireAccess(req), req.lang);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition('attachment', 'people-import.xlsx'))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );

  app.post(
    '/people/import',
    {
      config: USERS,
      schema: {
        tags,
        summary: `Upload a filled template: a multipart upload, field ${IMPORT_SHEET_FIELD} (xlsx by content, at most 2 MB)`,
        description: `Reads the first sheet (its first row is the header; formulas are read as their saved values, never run) into a task and checks every row: names, email, phone, id number, unique values in the file, the people they match (one: the row updates them; none: it creates one; two: a conflict), user types, sites, custom values, mandatory profile data. Answers 201 with the task (validated). Refused as a whole (400 naming \`file\`) when the file is no xlsx workbook, a required column is missing, a column appears twice or it has more than ${IMPORT_LIMITS.maxRows} rows; 413 when it is too large, packed or unpacked.`,
        consumes: ['multipart/form-data'],
        response: { 201: importTaskSchema },
      },
    },
    async (req, reply) => {
      const ctx = requireAccess(req);
      const upload = await readSingleUpload(req, IMPORT_SHEET_FIELD, IMPORT_LIMITS.maxBytes);
      return reply.status(201).send(await uploadImport(app, ctx, req.lang, upload));
    },
  );

  app.get(
    '/people/import',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'The import tasks (the queue), newest first',
        description:
          'A member who sees the whole company sees every task; one limited to some sites or user types, their own.',
        querystring: importTasksQuerySchema,
        response: { 200: importTasksResponseSchema },
      },
    },
    async (req) => listImports(app, requireAccess(req), req.lang, req.query),
  );

  app.get(
    '/people/import/:id',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'An import task: its status, counts and progress',
        params: idParam,
        response: { 200: importTaskSchema },
      },
    },
    async (req) => getImport(app, requireAccess(req), req.lang, req.params.id),
  );

  app.delete(
    '/people/import/:id',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Delete an import task with its rows and photos (the people it wrote stay)',
        description: 'Refused (422) while the task is queued or running.',
        params: idParam,
      },
    },
    async (req, reply) => {
      await deleteImport(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/people/import/:id/photos',
    {
      config: USERS,
      schema: {
        tags,
        summary: `Upload the task’s photos: a multipart upload, field ${IMPORT_ZIP_FIELD} (a zip of at most 50 MB)`,
        description:
          'Each photo is named by its row’s email or id number (`jane@example.com.jpg`), jpg or png by content, at most 500 KB, at least the profile photo’s size; no folders. A bomb, a folder, a `../` name, a link or a file that is no image refuses the whole zip (nothing is kept); a photo too small or too large is a problem of its row. Replaces the photos of an earlier zip.',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: importTaskSchema },
      },
    },
    async (req) => {
      const ctx = requireAccess(req);
      // The task first: another company's is not found before its upload is read.
      await inTenant(app, ctx, async (tx) => assertEditable(await visibleTask(tx, ctx, req.params.id)));
      const upload = await readSingleUpload(req, IMPORT_ZIP_FIELD, IMPORT_LIMITS.zipMaxBytes);
      return attachPhotos(app, ctx, req.lang, req.params.id, upload.data);
    },
  );

  app.post(
    '/people/import/:id/run',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Run the import (a background job): rows without problems create or update people',
        description:
          'Answers 202 with the queued task (the same task when it is already queued or running). Rows are imported in sheet order, 500 a batch, each batch one transaction; rows with problems are skipped with the reason. After a failure running it again resumes at the first row not yet imported, never writing anyone twice. Progress arrives as `peopleImportProgress` events to the runner, the end as `peopleImportDone`.',
        params: idParam,
        response: { 202: importTaskSchema },
      },
    },
    async (req, reply) =>
      reply.status(202).send(await requestImportRun(app, requireAccess(req), req.lang, req.params.id)),
  );

  app.get(
    '/people/import/:id/rows',
    {
      config: USERS,
      schema: {
        tags,
        summary:
          'The rows of an import task in sheet order: the grid, and afterwards what was created, updated or skipped and why',
        description:
          '`filter`: all, errors (rows to import with problems), valid, dropped, created, updated, skipped. Problems are translated, by column key.',
        params: idParam,
        querystring: importRowsQuerySchema,
        response: { 200: importRowsResponseSchema },
      },
    },
    async (req) => listImportRows(app, requireAccess(req), req.lang, req.params.id, req.query),
  );

  app.put(
    '/people/import/:id/rows/:rowId',
    {
      config: GRID,
      schema: {
        tags,
        summary: 'Change cells of a row in the grid; the row (and the rows it clashed with) are checked again',
        description:
          '`cells` by column key (`first_name` … `sites`, `custom_fields.<id>`); null or empty empties a cell.',
        params: importRowParams,
        body: importRowBodySchema,
        response: { 200: importRowSchema },
      },
    },
    async (req) => changeImportRow(app, requireAccess(req), req.lang, req.params.id, req.params.rowId, req.body),
  );

  app.delete(
    '/people/import/:id/rows/:rowId',
    {
      config: GRID,
      schema: {
        tags,
        summary: 'Drop a row from the import (the rows it clashed with are checked again)',
        params: importRowParams,
        response: { 200: importRowSchema },
      },
    },
    async (req) => dropImportRow(app, requireAccess(req), req.lang, req.params.id, req.params.rowId),
  );

  app.get(
    '/people/import/:id/rows/:rowId/photo',
    {
      config: GRID,
      schema: {
        tags,
        summary: 'The photo the zip gave a row still to import',
        params: importRowParams,
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (req, reply) => {
      const photo = await readRowPhoto(app, requireAccess(req), req.params.id, req.params.rowId);
      return sendStoredFile(reply, photo.data, { name: photo.name, cache: 'private, no-cache' });
    },
  );
};
