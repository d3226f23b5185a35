import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  timesheetCorrectionBodySchema,
  timesheetCorrectionSchema,
  timesheetListSchema,
  timesheetQuerySchema,
} from '@app/shared/reports/timesheet';
import { presenceOptionsSchema } from '@app/shared/reports/presence';
import { requireAccess } from '../../../plugins/auth';
import { presenceOptions } from '../presence/presence.service';
import { correctDay, getTimesheet } from './timesheet.service';

// Spec §7 GET and POST /time_sheet/{entityId}. A correction also needs the `users` permission, checked
// in the service (the role "employee with reporting" reads the report but cannot change it).
const READ = { access: { permission: 'show_time_sheet_list' as const } };

export const timesheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];

  app.get(
    '/reports/timesheet',
    {
      config: READ,
      schema: {
        tags,
        summary:
          'Per person and company day: first in, last out, time on site, reasons, expected hours; totals per person',
        querystring: timesheetQuerySchema,
        response: { 200: timesheetListSchema },
      },
    },
    async (req) => getTimesheet(app, requireAccess(req), req.query),
  );

  app.get(
    '/reports/timesheet/options',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The sites and user types within your scope that the timesheet filters by, and today',
        response: { 200: presenceOptionsSchema },
      },
    },
    async (req) => presenceOptions(app, requireAccess(req)),
  );

  app.post(
    '/reports/timesheet/corrections',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Correct a person’s day with a reason (needs the users permission too); audited, latest wins',
        body: timesheetCorrectionBodySchema,
        response: { 201: timesheetCorrectionSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await correctDay(app, requireAccess(req), req.body)),
  );
};
