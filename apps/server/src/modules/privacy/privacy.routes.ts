import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@app/shared/http/paging';
import {
  deleteNowBodySchema,
  passwordBodySchema,
  privacyRunSchema,
  privacyRunsQuerySchema,
  privacyRunsResponseSchema,
  privacyViewSchema,
  retentionBodySchema,
} from '@app/shared/people/privacy';
import { requireAccess, requireSession } from '../../plugins/auth';
import {
  deleteNow,
  erasePerson,
  listPrivacyRuns,
  privacyView,
  setCompanyRetention,
  setUserTypeRetention,
} from './privacy.service';

// Spec §7 Privacy: `user-type_privacy_manager`, `entity_privacy_manager`, `delete_now_privacy_manager`,
// `cron_jobs` (decision 033), and a person's erasure on request. A dashboard tool of the privacy
// manager's permission: the company's API token is refused; what deletes asks for the password again.
const PRIVACY_MANAGER = { access: { permission: 'show_privacy_manager_list' as const, noClientToken: true } };

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['privacy'];

  app.get(
    '/privacy',
    {
      config: PRIVACY_MANAGER,
      schema: {
        tags,
        summary: 'The retention of personal data and scans: the company default and each user type',
        response: { 200: privacyViewSchema },
      },
    },
    async (req) => privacyView(app, requireAccess(req)),
  );

  app.put(
    '/privacy/company',
    {
      config: PRIVACY_MANAGER,
      schema: {
        tags,
        summary: 'Set the company default retention (both days required, positive)',
        body: retentionBodySchema,
        response: { 200: privacyViewSchema },
      },
    },
    async (req) => setCompanyRetention(app, requireAccess(req), req.body),
  );

  app.delete(
    '/privacy/company',
    {
      config: PRIVACY_MANAGER,
      schema: {
        tags,
        summary: 'No company default: what follows it is kept for ever',
        response: { 200: privacyViewSchema },
      },
    },
    async (req) => setCompanyRetention(app, requireAccess(req), null),
  );

  app.put(
    '/privacy/user-types/:id',
    {
      config: PRIVACY_MANAGER,
      schema: {
        tags,
        summary: 'Set a user type’s own retention (both days required, positive)',
        params: idParam,
        body: retentionBodySchema,
        response: { 200: privacyViewSchema },
      },
    },
    async (req) => setUserTypeRetention(app, requireAccess(req), req.params.id, req.body),
  );

  app.delete(
    '/privacy/user-types/:id',
    {
      config: PRIVACY_MANAGER,
      schema: {
        tags,
        summary: 'A user type follows the company default again',
        params: idParam,
        response: { 200: privacyViewSchema },
      },
    },
    async (req) => setUserTypeRetention(app, requireAccess(req), req.params.id, null),
  );

  app.post(
    '/privacy/user-types/:id/delete-now',
    {
      config: PRIVACY_MANAGER,
      schema: {
        tags,
        summary: 'Delete now what a user type’s retention makes due: its people’s data, its scans, or both',
        description:
          'The same work as the nightly job, for one user type, at once. `password` is the admin’s own, checked again (422 naming `password` when wrong, 429 after several).',
        params: idParam,
        body: deleteNowBodySchema,
        response: { 200: privacyRunSchema },
      },
    },
    async (req) => deleteNow(app, requireAccess(req), requireSession(req), req.params.id, req.body),
  );

  app.get(
    '/privacy/runs',
    {
      config: PRIVACY_MANAGER,
      schema: {
        tags,
        summary: 'The runs of the retention, newest first: when, what started it, how many',
        querystring: privacyRunsQuerySchema,
        response: { 200: privacyRunsResponseSchema },
      },
    },
    async (req) => listPrivacyRuns(app, requireAccess(req), req.query),
  );

  app.post(
    '/people/:id/erase',
    {
      config: PRIVACY_MANAGER,
      schema: {
        tags,
        summary: 'Erase one person on request: their personal data goes, their visits stay anonymised',
        description:
          'Refused (422 naming `id`) for people who can sign in to the dashboard and the company’s own record. `password` is the admin’s own, checked again.',
        params: idParam,
        body: passwordBodySchema,
        response: { 200: privacyRunSchema },
      },
    },
    async (req) => erasePerson(app, requireAccess(req), requireSession(req), req.params.id, req.body.password),
  );
};
