import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  presenceOptionsSchema,
  tracePeopleQuerySchema,
  tracePeopleSchema,
  trackTraceQuerySchema,
  trackTraceSchema,
  usersNotOnSiteListSchema,
  usersNotOnSiteQuerySchema,
} from '@app/shared/reports/presence';
import { REPORT_PERMISSIONS } from '@app/shared/reports/common';
import { requireAccess } from '../../../plugins/auth';
import { findTracePeople, listUsersNotOnSite, presenceOptions, traceContacts } from './presence.service';

// Spec §7 "Dashboard, visits and reports": GET get_users_not_on_site and GET track_and_trace/{entityId}
// (user_id, date). The company comes from the session or the API token, never from the path.
export const presenceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];

  app.get(
    '/reports/users-not-on-site',
    {
      config: { access: { permission: REPORT_PERMISSIONS.users_not_on_site } },
      schema: {
        tags,
        summary:
          'Active people of the chosen user types (and the types below them) not signed in now, or who did not arrive on `day`, with their last visit; paged by name',
        querystring: usersNotOnSiteQuerySchema,
        response: { 200: usersNotOnSiteListSchema },
      },
    },
    async (req) => listUsersNotOnSite(app, requireAccess(req), req.query),
  );

  app.get(
    '/reports/track-trace',
    {
      config: { access: { permission: REPORT_PERMISSIONS.track_trace } },
      schema: {
        tags,
        summary:
          'Everyone who was in the same area as a person at overlapping times on a company day, with the minutes together; `depth=2`: their contacts too',
        querystring: trackTraceQuerySchema,
        response: { 200: trackTraceSchema },
      },
    },
    async (req) => traceContacts(app, requireAccess(req), req.query),
  );

  app.get(
    '/reports/presence/options',
    {
      config: { access: { permission: [REPORT_PERMISSIONS.users_not_on_site, REPORT_PERMISSIONS.track_trace] } },
      schema: {
        tags,
        summary: 'The sites and user types within your scope that the presence reports filter by, and today',
        response: { 200: presenceOptionsSchema },
      },
    },
    async (req) => presenceOptions(app, requireAccess(req)),
  );

  app.get(
    '/reports/track-trace/people',
    {
      config: { access: { permission: REPORT_PERMISSIONS.track_trace } },
      schema: {
        tags,
        summary: 'People within your scope to trace, by name or company (two characters at least)',
        querystring: tracePeopleQuerySchema,
        response: { 200: tracePeopleSchema },
      },
    },
    async (req) => findTracePeople(app, requireAccess(req), req.query),
  );
};
