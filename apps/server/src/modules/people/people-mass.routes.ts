import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inviteCandidateSchema,
  inviteCandidatesQuerySchema,
  massIdsSchema,
  massLabelsBodySchema,
  massResultSchema,
  massUserTypesBodySchema,
} from '@app/shared/people/schemas';
import { requireAccess } from '../../plugins/auth';
import { invitePeople, listInviteCandidates, revokePeople } from './dashboard-access.service';
import { addPeopleLabels, setPeopleStatus, setPeopleUserTypes } from './people-mass.service';

const USERS = { access: { permission: 'users' as const } };
/** Dashboard access is given and taken by people, never by the API token (decision 017). */
const DASHBOARD_ACCESS = { access: { permission: 'users' as const, noClientToken: true } };
const SKIPS =
  'People the caller cannot act on, and those the action does not apply to, are listed in `skipped` with the reason.';

/** The users list's mass actions (spec §3) and dashboard invitations (spec §3 "Invited user"). */
export const peopleMassRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['people'];
  const mass = (summary: string, description: string, config: typeof USERS | typeof DASHBOARD_ACCESS = USERS) => ({
    config,
    schema: {
      tags,
      summary,
      description: `${description} ${SKIPS}`,
      body: massIdsSchema,
      response: { 200: massResultSchema },
    },
  });

  app.post(
    '/people/archive',
    mass('Archive people', "The company's default people and the caller's own person are never archived."),
    async (req) => setPeopleStatus(app, requireAccess(req), req.body.person_ids, 'archived', req.lang),
  );
  app.post(
    '/people/activate',
    mass('Activate archived people', "The company's default people and the caller's own person are left out."),
    async (req) => setPeopleStatus(app, requireAccess(req), req.body.person_ids, 'active', req.lang),
  );
  app.put(
    '/people/user-types',
    {
      config: USERS,
      schema: {
        tags,
        summary: "Replace people's user types",
        description: `People without the profile data the new types make mandatory are left out. ${SKIPS}`,
        body: massUserTypesBodySchema,
        response: { 200: massResultSchema },
      },
    },
    async (req) => setPeopleUserTypes(app, requireAccess(req), req.body, req.lang),
  );
  app.post(
    '/people/labels',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Add labels to people',
        description: SKIPS,
        body: massLabelsBodySchema,
        response: { 200: massResultSchema },
      },
    },
    async (req) => addPeopleLabels(app, requireAccess(req), req.body, req.lang),
  );

  app.get(
    '/people/invite-candidates',
    {
      config: DASHBOARD_ACCESS,
      schema: {
        tags,
        summary: 'The chosen people for the invite page, each with why it cannot be invited (or null)',
        querystring: inviteCandidatesQuerySchema,
        response: { 200: z.array(inviteCandidateSchema) },
      },
    },
    async (req) => listInviteCandidates(app, requireAccess(req), req.query.person_ids, req.lang),
  );
  app.post(
    '/people/invite',
    mass(
      'Invite people to the dashboard',
      "Creates or reuses the login of each person's email, gives it a membership with the person's role and mails a link to set a password (or to sign in).",
      DASHBOARD_ACCESS,
    ),
    async (req) => invitePeople(app, requireAccess(req), req.body.person_ids, req.lang),
  );
  app.post(
    '/people/revoke',
    mass(
      "Revoke people's dashboard access",
      "Closes each person's membership in the company and ends their sessions here; never the owner's or the caller's own.",
      DASHBOARD_ACCESS,
    ),
    async (req) => revokePeople(app, requireAccess(req), req.body.person_ids, req.lang),
  );
};
