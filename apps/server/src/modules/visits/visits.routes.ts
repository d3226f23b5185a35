import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@app/shared/http/errors';
import { idParam } from '@app/shared/http/paging';
import {
  badgePrintSchema,
  badgeSchema,
  dashboardQuerySchema,
  dashboardSchema,
  idempotencyKeySchema,
  listVisitsQuerySchema,
  logbookFilterOptionsSchema,
  signInBodySchema,
  signInCandidatesQuerySchema,
  signInCandidateSchema,
  signInPreviewBodySchema,
  signInPreviewSchema,
  signOutBodySchema,
  visitActionResultSchema,
  visitErrorsSchema,
  visitListSchema,
  visitNotesBodySchema,
  visitSchema,
} from '@app/shared/visits/schemas';
import { AppError } from '../../lib/app-error';
import { requireAccess } from '../../plugins/auth';
import { lastSignedInQuerySchema, lastSignedInSchema } from '@app/shared/visits/last-signed-in';
import { lastSignedInVisits } from './last-visits.service';
import { scanDataTypesQuerySchema, scanDataTypesSchema } from '@app/shared/visits/scan-data-types';
import { scanDataTypes } from './scan-data-types.service';
import { searchSignInCandidates } from './sign-in-candidates.service';
import { previewSignIn } from './sign-in-preview';
import { signIn } from './sign-in.service';
import { signOut } from './sign-out.service';
import { refusalBody, VisitRefusal } from './visit-refusal';
import {
  changeNotes,
  getBadge,
  getDashboard,
  getFilterOptions,
  getVisit,
  listVisits,
  queueBadgePrint,
} from './visits.service';

// Spec §7 "Dashboard, visits and reports": GET /dashboard/{entityId}, POST /mass-action-signin,
// /mass-action-apply-signin, /checkin_users, /user_action, user_visiting, PUT /visits/notes. The company
// comes from the session or the API token, never from the path. The dashboard permission covers the
// logbook and its actions (spec §2 "Dashboard: logbook grid, quick sign in, mass actions, visit notes,
// print badge").
const DASHBOARD = { access: { permission: 'dashboard' as const } };
/** A refusal naming each person, or one broken rule of the whole request (an inactive area). */
const refused = z.union([visitErrorsSchema, errorBodySchema]);

export const visitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['visits'];

  app.get(
    '/visits/people',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary:
          'Active people to sign in, searched by name, email, phone, id number or company (two characters at least)',
        querystring: signInCandidatesQuerySchema,
        response: { 200: z.object({ data: z.array(signInCandidateSchema) }) },
      },
    },
    async (req) => searchSignInCandidates(app, requireAccess(req), req.query),
  );

  app.get(
    '/dashboard',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: "Today's counts on the company's clock: on site, signed in, expected, checked in, per user type",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (req) => getDashboard(app, requireAccess(req), req.query),
  );

  app.get(
    '/visits',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'The logbook: visits of a range of days (today by default), filtered, sorted and paged',
        querystring: listVisitsQuerySchema,
        response: { 200: visitListSchema },
      },
    },
    async (req) => listVisits(app, requireAccess(req), req.query),
  );

  app.get(
    '/visits/last-signed-in',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'Each person’s latest signed-in visit, newest first (at an area, or of one person, when given)',
        querystring: lastSignedInQuerySchema,
        response: { 200: lastSignedInSchema },
      },
    },
    async (req) => lastSignedInVisits(app, requireAccess(req), req.query),
  );
  app.get(
    '/visits/scan-data-types',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'What a visit records (sacn_data_type, type=visit): its sources, built-in values and custom fields',
        description:
          'The sources of a sign-in and a sign-out (which end each can record), the built-in values with their kind and when they are taken, and the company’s custom fields asked at sign-in, sign-out or check-in; names in the caller’s language.',
        querystring: scanDataTypesQuerySchema,
        response: { 200: scanDataTypesSchema },
      },
    },
    async (req) => scanDataTypes(app, requireAccess(req), req.lang),
  );
  app.get(
    '/visits/filter-options',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'The sites (with their areas) and user types the logbook can be filtered by, within your scope',
        response: { 200: logbookFilterOptionsSchema },
      },
    },
    async (req) => getFilterOptions(app, requireAccess(req)),
  );

  app.post(
    '/visits/sign-in/preview',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'What the flow asks of each person at an area now (spec mass-action data)',
        body: signInPreviewBodySchema,
        response: { 200: signInPreviewSchema },
      },
    },
    async (req) => previewSignIn(app, requireAccess(req), req.body, req.lang),
  );

  app.post(
    '/visits/sign-in',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary:
          'Sign one or many people in at an area (check in for check-in-only areas); an Idempotency-Key header or idempotency_key makes a retry answer the first result',
        body: signInBodySchema,
        response: { 201: visitActionResultSchema, 200: visitActionResultSchema, 422: refused },
      },
    },
    async (req, reply) => {
      const header = req.headers['idempotency-key'];
      let idempotencyKey: string | undefined;
      if (header !== undefined) {
        const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
        if (!parsed.success) {
          throw new AppError('validation_failed', {
            field: 'idempotency-key',
            messageKey: 'visit_idempotency_key_format',
          });
        }
        idempotencyKey = parsed.data;
      }
      try {
        const result = await signIn(app, requireAccess(req), req.body, { lang: req.lang, idempotencyKey });
        return reply.status(result.replayed ? 200 : 201).send(result);
      } catch (error) {
        if (error instanceof VisitRefusal) return reply.status(422).send(refusalBody(req.lang, error));
        throw error;
      }
    },
  );

  app.post(
    '/visits/sign-out',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'Sign out visits, or people on site (in one area when given), with an early sign-out reason',
        body: signOutBodySchema,
        response: { 200: visitActionResultSchema, 422: refused },
      },
    },
    async (req, reply) => {
      try {
        return reply.send(await signOut(app, requireAccess(req), req.body, { lang: req.lang }));
      } catch (error) {
        if (error instanceof VisitRefusal) return reply.status(422).send(refusalBody(req.lang, error));
        throw error;
      }
    },
  );

  app.get(
    '/visits/:id',
    { config: DASHBOARD, schema: { tags, summary: 'One visit', params: idParam, response: { 200: visitSchema } } },
    async (req) => getVisit(app, requireAccess(req), req.params.id),
  );

  app.put(
    '/visits/:id/notes',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: 'Change the notes of a visit (at most 30 characters; empty clears)',
        params: idParam,
        body: visitNotesBodySchema,
        response: { 200: visitSchema },
      },
    },
    async (req) => changeNotes(app, requireAccess(req), req.params.id, req.body),
  );

  app.get(
    '/visits/:id/badge',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: "The visit's badge as its flow's checks allow (spec Print badge)",
        params: idParam,
        response: { 200: badgeSchema },
      },
    },
    async (req) => getBadge(app, requireAccess(req), req.params.id),
  );

  app.post(
    '/visits/:id/badge-prints',
    {
      config: DASHBOARD,
      schema: {
        tags,
        summary: "Send the visit's badge to the print queue",
        params: idParam,
        response: { 201: badgePrintSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await queueBadgePrint(app, requireAccess(req), req.params.id)),
  );
};
