import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@app/shared/http/paging';
import {
  createExportBodySchema,
  exportLinkSchema,
  exportListSchema,
  listExportsQuerySchema,
  reportExportSchema,
} from '@app/shared/reports/exports';
import { contentDisposition } from '../../../lib/file-serving';
import { requireAccess } from '../../../plugins/auth';
import { createExport, createExportLink, getExport, listExports, openExportDownload } from './exports.service';

// Spec §7 POST export, GET/POST export_job, GET export_list/{entityId}; the company comes from the
// session. Exports belong to a person: a company's API token cannot ask for one.
const EXPORTS = { access: { permission: 'show_export_list' as const, noClientToken: true } };
const tags = ['reports'];

export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/exports',
    {
      config: EXPORTS,
      schema: {
        tags,
        summary: 'Export a report view as xlsx or csv (a background job)',
        description:
          'Takes the report, the view’s filters (as the report’s screen takes them; the period may be up to ten years) and its columns. Needs the report’s own permission too. Answers 202 with the queued export; its progress arrives as `reportExportProgress` events and its end as `reportExportDone`.',
        body: createExportBodySchema,
        response: { 202: reportExportSchema },
      },
    },
    async (req, reply) => reply.status(202).send(await createExport(app, requireAccess(req), req.lang, req.body)),
  );
  app.get(
    '/exports',
    {
      config: EXPORTS,
      schema: {
        tags,
        summary: 'The export list: past exports, newest first',
        description:
          'A member who sees the whole company sees every export of it; one limited to some sites or user types, their own. 100 a page; `cursor` is the previous page’s `next_cursor`.',
        querystring: listExportsQuerySchema,
        response: { 200: exportListSchema },
      },
    },
    async (req) => listExports(app, requireAccess(req), req.query),
  );
  app.get(
    '/exports/:id',
    {
      config: EXPORTS,
      schema: {
        tags,
        summary: 'An export’s status and progress',
        params: idParam,
        response: { 200: reportExportSchema },
      },
    },
    async (req) => getExport(app, requireAccess(req), req.params.id),
  );
  app.post(
    '/exports/:id/link',
    {
      config: EXPORTS,
      schema: {
        tags,
        summary: 'A download link for a finished export (its requester only; works for five minutes)',
        params: idParam,
        response: { 200: exportLinkSchema },
      },
    },
    async (req) => createExportLink(app, requireAccess(req), req.params.id),
  );
  app.get(
    '/exports/download/:token',
    {
      config: EXPORTS,
      schema: {
        tags,
        summary: 'Download an export’s file by its link',
        description: 'Only for the requester, signed in to the export’s company, while the link works.',
        params: z.strictObject({ token: z.string().max(120) }),
      },
    },
    async (req, reply) => {
      const file = await openExportDownload(app, requireAccess(req), req.params.token);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
