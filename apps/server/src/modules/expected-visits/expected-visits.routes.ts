import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@app/shared/http/paging';
import {
  expectedVisitBodySchema,
  expectedVisitDeletedSchema,
  expectedVisitResultSchema,
  expectedVisitSchema,
  validateExpectedVisitBodySchema,
  validateExpectedVisitResultSchema,
  visitDecisionBodySchema,
} from '@app/shared/expected-visits/schemas';
import {
  expectedVisitHostSearchBodySchema,
  expectedVisitHostSearchResultSchema,
  expectedVisitHostSettingsQuerySchema,
  expectedVisitHostSettingsSchema,
  expectedVisitOptionsSchema,
  expectedVisitPeopleSearchBodySchema,
  expectedVisitPeopleSearchResultSchema,
} from '@app/shared/expected-visits/form-options';
import { z } from 'zod';
import { requireAccess } from '../../plugins/auth';
import { resendInvitation } from './invitation.service';
import {
  getExpectedVisitHostSettings,
  getExpectedVisitOptions,
  searchExpectedVisitHosts,
  searchExpectedVisitors,
} from './expected-visit-form.service';
import {
  changeExpectedVisit,
  createExpectedVisit,
  decideVisit,
  getExpectedVisit,
  removeExpectedVisit,
  validateExpectedVisit,
} from './expected-visits.service';

// Spec §7 POST /expected-visit, /expected-visit-validate, PUT /edit-expected-visit, DELETE
// /delete-expected-visit, POST /approve-visit, /reject-visit, /approve-rejected-visit, /reject-approved-visit.
// The /add-expected-visitors page has no mapped permission and its visits show on the dashboard: the
// dashboard permission guards them; the admin's sites and user types limit which visits.
const DASHBOARD = { access: { permission: 'dashboard' as const } };

export const expectedVisitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['expected-visits'];
  app.post(
    '/expected-visits',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'Expect a person (known or a new visitor) at an area; the visitor is emailed the confirmation link',
        body: expectedVisitBodySchema,
        response: { 201: expectedVisitResultSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await createExpectedVisit(app, requireAccess(req), req.body, req.lang)),
  );
  app.post(
    '/expected-visits/validate',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary:
          'The add-visitor form’s live checks: broken rules by field, and the person an email or phone belongs to',
        body: validateExpectedVisitBodySchema,
        response: { 200: validateExpectedVisitResultSchema },
      },
    },
    async (req) => validateExpectedVisit(app, requireAccess(req), req.body, req.lang),
  );
  // The add form's own look-ups (spec /api/hosts/settings, /host/search, /users/search).
  app.get(
    '/expected-visits/options',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary:
          'The add form’s choices: the company’s time zone, sites with active areas, user types (caller’s scope)',
        response: { 200: expectedVisitOptionsSchema },
      },
    },
    async (req) => getExpectedVisitOptions(app, requireAccess(req)),
  );
  app.get(
    '/expected-visits/host-settings',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'Whether the flow of a user type at a site asks, requires or limits the host',
        querystring: expectedVisitHostSettingsQuerySchema,
        response: { 200: expectedVisitHostSettingsSchema },
      },
    },
    async (req) => getExpectedVisitHostSettings(app, requireAccess(req), req.query),
  );
  app.post(
    '/expected-visits/hosts/search',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary:
          'Hosts by name, after a first name and two letters of the second (the flow’s listed hosts when it has any)',
        body: expectedVisitHostSearchBodySchema,
        response: { 200: expectedVisitHostSearchResultSchema },
      },
    },
    async (req) => searchExpectedVisitHosts(app, requireAccess(req), req.body),
  );
  app.post(
    '/expected-visits/people/search',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'Active people the caller may expect, by name, email, phone or company, with their user types',
        body: expectedVisitPeopleSearchBodySchema,
        response: { 200: expectedVisitPeopleSearchResultSchema },
      },
    },
    async (req) => searchExpectedVisitors(app, requireAccess(req), req.body),
  );
  app.get(
    '/expected-visits/:id',
    {
      config: DASHBOARD,
      schema: { tags, summary: 'One expected visit', params: idParam, response: { 200: expectedVisitSchema } },
    },
    async (req) => getExpectedVisit(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/expected-visits/:id',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'Change an expected visit (every field); an admin’s decision stays with the same person and type',
        params: idParam,
        body: expectedVisitBodySchema,
        response: { 200: expectedVisitResultSchema },
      },
    },
    async (req) => changeExpectedVisit(app, requireAccess(req), req.params.id, req.body, req.lang),
  );
  app.delete(
    '/expected-visits/:id',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'Delete an expected visit: it is kept as cancelled, so its link says it was deleted',
        params: idParam,
        response: { 200: expectedVisitDeletedSchema },
      },
    },
    async (req) => removeExpectedVisit(app, requireAccess(req), req.params.id, req.lang),
  );
  app.post(
    '/expected-visits/:id/decisions',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'Approve, reject, approve a rejected or reject an approved visit; the hosts are emailed',
        description: '422 when the decision does not apply to the visit’s stage (see decisionsFor in the visit).',
        params: idParam,
        body: visitDecisionBodySchema,
        response: { 200: expectedVisitResultSchema },
      },
    },
    async (req) => decideVisit(app, requireAccess(req), req.params.id, req.body, req.lang),
  );
  app.post(
    '/expected-visits/:id/invitation',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'Email the visitor their confirmation link and code again (at most once a minute)',
        description:
          '422 when the link no longer works (deleted, arrived, rejected, time passed), the visitor has no email, or within a minute of the last one.',
        params: idParam,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => resendInvitation(app, requireAccess(req), req.params.id, req.lang),
  );
};
