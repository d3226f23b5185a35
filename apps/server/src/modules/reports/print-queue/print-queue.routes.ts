import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@app/shared/http/paging';
import { printQueueListSchema, printQueueQuerySchema, printQueueRowSchema } from '@app/shared/reports/print-queue';
import { requireAccess } from '../../../plugins/auth';
import { cancelPrint, listPrintQueue, markPrinted, reprint } from './print-queue.service';

// Spec §7 GET print_queue_list/{entityId}, PUT cancel_print/{id}, PUT reprint/{id}; the company comes
// from the session or the API token.
const PRINTER = { access: { permission: 'show_printer_list' as const } };
const DASHBOARD = { access: { permission: 'dashboard' as const } };
const tags = ['reports'];

export const printQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/print-queue',
    {
      config: PRINTER,
      schema: {
        tags,
        summary: 'The print queue: badge prints, newest first, with their status',
        description:
          'Days on the company’s clock (both included; without them the last 30 days), status, site and kiosk. Pages by `cursor` (keyset) or `page`.',
        querystring: printQueueQuerySchema,
        response: { 200: printQueueListSchema },
      },
    },
    async (req) => listPrintQueue(app, requireAccess(req), req.query),
  );
  app.post(
    '/badge-prints/:id/cancel',
    {
      config: PRINTER,
      schema: {
        tags,
        summary: 'Cancel a queued print',
        description: 'Needs the dashboard permission too. A printed or cancelled print is refused with 422 on `id`.',
        params: idParam,
        response: { 200: printQueueRowSchema },
      },
    },
    async (req) => cancelPrint(app, requireAccess(req), req.params.id),
  );
  app.post(
    '/badge-prints/:id/reprint',
    {
      config: PRINTER,
      schema: {
        tags,
        summary: 'Print a badge again, exactly as first printed',
        description:
          'Needs the dashboard permission too. Answers the new queued print, linked to the one it reprints (which stays as it was).',
        params: idParam,
        response: { 201: printQueueRowSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await reprint(app, requireAccess(req), req.params.id)),
  );
  app.post(
    '/badge-prints/:id/printed',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'The dashboard’s print dialog printed a queued print',
        description: 'A printed print stays printed; a cancelled one is refused with 422 on `id`.',
        params: idParam,
        response: { 200: printQueueRowSchema },
      },
    },
    async (req) => markPrinted(app, requireAccess(req), req.params.id),
  );
};
