import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  historyListSchema,
  historyOptionsSchema,
  historyQuerySchema,
  historyVisitSchema,
} from '@app/shared/reports/history';
import { REPORT_PERMISSIONS } from '@app/shared/reports/common';
import { requireAccess } from '../../../plugins/auth';
import { historyOptions, historyVisit, listHistory } from './history.service';

// Spec §2 /reporting/history; §7 get_history_data_grid (the filters' options), visit_list_refactor and
// report_list_history (the rows), and a visit's whole story.
const ACCESS = { access: { permission: REPORT_PERMISSIONS.history } };

export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];

  app.get(
    '/reports/history',
    {
      config: ACCESS,
      schema: {
        tags,
        summary:
          'Every visit whose activity falls in a range of company days (at most 366), filtered, sorted and paged (`cursor` for deep pages)',
        querystring: historyQuerySchema,
        response: { 200: historyListSchema },
      },
    },
    async (req) => listHistory(app, requireAccess(req), req.query),
  );

  app.get(
    '/reports/history/options',
    {
      config: ACCESS,
      schema: {
        tags,
        summary:
          'What the History filters offer within your scope: sites and areas, user types, reasons, profile fields',
        response: { 200: historyOptionsSchema },
      },
    },
    async (req) => historyOptions(app, requireAccess(req)),
  );

  app.get(
    '/reports/history/:visitId',
    {
      config: ACCESS,
      schema: {
        tags,
        summary:
          "A visit's whole story: times, place, hosts, checks, compliance answers, custom-field values, decisions, badge prints",
        params: z.object({ visitId: z.uuid() }),
        response: { 200: historyVisitSchema },
      },
    },
    async (req) => historyVisit(app, requireAccess(req), req.params.visitId),
  );
};
