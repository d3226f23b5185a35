import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '@app/shared/constants';
import {
  addToRollSchema,
  marksResultSchema,
  marksSchema,
  rollCallReportSchema,
  rollEntrySchema,
  rollPeopleQuerySchema,
  rollPeopleSchema,
  safeLinkSchema,
} from '@app/shared/emergency/schemas';
import { idParam } from '@app/shared/http/paging';
import { contentDisposition } from '../../lib/file-serving';
import { PUBLIC_ROUTE, requireAccess } from '../../plugins/auth';
import { companyZone } from '../access/company-zone';
import { rollCallPdf } from './roll-call-pdf';
import { rollCallReport } from './roll-call-report';
import { addToRoll, markRoll, searchMusterPeople } from './roll.service';
import { confirmSafe, getSafeLink } from './safe-link.service';

// Spec §7 "Emergency": PUT /action_emergency/{id} (the wardens' marks), with the muster point (adding
// someone not on the roll, finding them), the roll-call report and its PDF, and the public "I am safe"
// link each person on the roll is mailed. The company comes from the session (or the link), never the path.
const ACCESS = { access: { permission: 'show_emergency_sessions' as const } };
const safeTokenParam = z.object({ token: z.string().min(16).max(128) });
const pdfQuery = z.strictObject({ lang: z.enum(LANGUAGES).optional() });

export const rollRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['emergency'];

  app.post(
    '/emergency/sessions/:id/marks',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Mark people on a running session’s roll (present, missing, out): one tap or a phone’s queued marks',
        description:
          'Each mark carries a client id (the same mark sent again counts once: `repeated`) and the time it was made (clamped to the session’s start and now). An entry takes the mark made last, whichever arrives last; every mark is kept in the session’s history. 409 once the session ended; a roll entry not on this session or outside your sites is refused on `marks.N.roll_id`.',
        params: idParam,
        body: marksSchema,
        response: { 200: marksResultSchema },
      },
    },
    async (req) => markRoll(app, requireAccess(req), req.params.id, req.body),
  );

  app.post(
    '/emergency/sessions/:id/roll',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Add someone at the muster point who is not on the roll (a person of your sites, or a name), present',
        description:
          '201 with the new entry; a person already on the roll is marked present instead (200); the same client id again answers the same entry (200).',
        params: idParam,
        body: addToRollSchema,
        response: { 200: rollEntrySchema, 201: rollEntrySchema },
      },
    },
    async (req, reply) => {
      const { entry, created } = await addToRoll(app, requireAccess(req), req.params.id, req.body);
      return reply.status(created ? 201 : 200).send(entry);
    },
  );

  app.get(
    '/emergency/sessions/:id/people',
    {
      config: ACCESS,
      schema: {
        tags,
        summary:
          'People of your sites who are not on the session’s roll, by name or company (the muster point’s search)',
        params: idParam,
        querystring: rollPeopleQuerySchema,
        response: { 200: rollPeopleSchema },
      },
    },
    async (req) => searchMusterPeople(app, requireAccess(req), req.params.id, req.query),
  );

  app.get(
    '/emergency/sessions/:id/report',
    {
      config: ACCESS,
      schema: {
        tags,
        summary:
          'The roll-call report: times to 50, 90 and 100 % accounted for, every mark with who made it, the unaccounted',
        params: idParam,
        response: { 200: rollCallReportSchema },
      },
    },
    async (req) => rollCallReport(app, requireAccess(req), req.params.id),
  );

  app.get(
    '/emergency/sessions/:id/report.pdf',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'The roll-call report as a PDF, in `lang` (the caller’s language by default; Arabic right to left)',
        params: idParam,
        querystring: pdfQuery,
      },
    },
    async (req, reply) => {
      const ctx = requireAccess(req);
      const report = await rollCallReport(app, ctx, req.params.id);
      const pdf = await rollCallPdf(report, req.query.lang ?? req.lang, companyZone(ctx));
      const day = report.session.started_at.local.slice(0, 10);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('inline', `roll-call-${day}-${report.session.name}.pdf`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/public/emergency/safe/:token',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags,
        summary: 'An “I am safe” link: the person’s company and session, and whether the link still works',
        description:
          'Public, by the person’s own link (mailed when the session started). Once the session ended it answers only `{ active: false }`: no name, company or session. An unknown token answers 404.',
        params: safeTokenParam,
        response: { 200: safeLinkSchema },
      },
    },
    async (req) => getSafeLink(app, req.params.token),
  );

  app.post(
    '/public/emergency/safe/:token',
    {
      config: PUBLIC_ROUTE,
      schema: {
        tags,
        summary: '“I am safe”: marks the link’s own person present on the session’s roll while the session runs',
        description: '409 once the session ended; an unknown token answers 404.',
        params: safeTokenParam,
        response: { 200: safeLinkSchema },
      },
    },
    async (req) => confirmSafe(app, req.params.token),
  );
};
