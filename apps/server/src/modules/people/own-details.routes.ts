// The member's own details (spec §7 POST /update-user-details), for any member of the company.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownDetailsBodySchema, ownDetailsSchema } from '@app/shared/people/own-details';
import { requireAccess } from '../../plugins/auth';
import { changeOwnDetails, getOwnDetails } from './own-details.service';

const MEMBER = { access: { auth: 'entity' as const, noClientToken: true } };
const tags = ['auth'];

export const ownDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/details',
    {
      config: MEMBER,
      schema: { tags, summary: 'Own details: name, email, phone, organisation', response: { 200: ownDetailsSchema } },
    },
    async (req) => getOwnDetails(app, requireAccess(req)),
  );
  app.put(
    '/me/details',
    {
      config: MEMBER,
      schema: {
        tags,
        summary:
          'Change own name, phone and organisation (the email, role, sites and user types stay with people managers)',
        body: ownDetailsBodySchema,
        response: { 200: ownDetailsSchema },
      },
    },
    async (req) => changeOwnDetails(app, requireAccess(req), req.body),
  );
};
