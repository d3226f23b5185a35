import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPORT_PERMISSIONS } from '@app/shared/reports/common';
import {
  visitSummaryOptionsSchema,
  visitSummaryQuerySchema,
  visitSummarySchema,
} from '@app/shared/reports/visit-summary';
import { requireAccess } from '../../../plugins/auth';
import { getVisitSummary, visitSummaryOptions } from './visit-summary.service';

// Spec §7 GET /visit_summary/{entityId} (start, end): the company comes from the session or the API
// token; the period is `from`..`to` on the company's clock.
export const visitSummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: { permission: REPORT_PERMISSIONS.visit_summary } };

  app.get(
    '/reports/visit-summary/options',
    {
      config: access,
      schema: {
        tags: ['reports'],
        summary: "What the visit summary's filters offer within the reader's scope: sites with their areas, user types",
        response: { 200: visitSummaryOptionsSchema },
      },
    },
    async (req) => visitSummaryOptions(app, requireAccess(req)),
  );

  app.get(
    '/reports/visit-summary',
    {
      config: access,
      schema: {
        tags: ['reports'],
        summary:
          'Visits of a period on the company clock: totals, durations, per day, site, area, user type, weekday and hour, late and early reasons',
        querystring: visitSummaryQuerySchema,
        response: { 200: visitSummarySchema },
      },
    },
    async (req) => getVisitSummary(app, requireAccess(req), req.query),
  );
};
