import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cursorListResponse, idParam } from '@app/shared/http/paging';
import {
  enrolCardBodySchema,
  kioskVerifyRfidBodySchema,
  kioskVerifyRfidResponseSchema,
  listRfidPeopleQuerySchema,
  publicRfidLinkSchema,
  rfidCodeParamSchema,
  rfidKioskSchema,
  rfidPersonSchema,
  rfidStatusQuerySchema,
  rfidStatusResponseSchema,
  sendRfidInstructionsBodySchema,
  sendRfidInstructionsResponseSchema,
} from '@app/shared/rfid/schemas';
import { requireAccess, PUBLIC_ROUTE } from '../../plugins/auth';
import { deviceRateLimit } from '../../plugins/rate-limits';
import {
  enrolByLink,
  getPublicLink,
  listRfidKiosks,
  listRfidPeople,
  removeRfidCard,
  rfidStatusOf,
  sendRfidInstructions,
  verifyAtKiosk,
} from './rfid.service';

const USERS = { access: { permission: 'users' as const } };
const PUBLIC = PUBLIC_ROUTE;
// The Bearer value is the kiosk's device token, checked by the service, not an API client token.
const DEVICE = {
  access: { auth: 'public' as const, deviceToken: true },
  rateLimit: deviceRateLimit(),
};

const bearer = (req: FastifyRequest) => req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];

export const rfidRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rfid'];
  app.get(
    '/rfid/people',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'People with their card state (enrolled, pending, none), paged and searched',
        querystring: listRfidPeopleQuerySchema,
        response: { 200: cursorListResponse(rfidPersonSchema) },
      },
    },
    async (req) => listRfidPeople(app, requireAccess(req), req.query),
  );
  app.get(
    '/rfid/kiosks',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Kiosks an enrolment can be sent for, with their site and area',
        response: { 200: z.array(rfidKioskSchema) },
      },
    },
    async (req) => listRfidKiosks(app, requireAccess(req)),
  );
  app.get(
    '/rfid/status',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Which of the given people have a card (get_users_have_rfid_enrollment)',
        description: '`user_ids` repeated or comma separated; ids that are not the company’s are left out.',
        querystring: rfidStatusQuerySchema,
        response: { 200: rfidStatusResponseSchema },
      },
    },
    async (req) => rfidStatusOf(app, requireAccess(req), req.query.user_ids),
  );
  app.post(
    '/rfid/instructions',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Email people a one-time enrolment link for a kiosk (send-rfid-instructions)',
        description:
          'Each link is valid 7 days and replaces the person’s older unused links. People without an email, archived or unknown are reported as skipped.',
        body: sendRfidInstructionsBodySchema,
        response: { 200: sendRfidInstructionsResponseSchema },
      },
    },
    async (req) => sendRfidInstructions(app, requireAccess(req), req.body, req.lang),
  );
  app.delete(
    '/rfid/people/:id/card',
    { config: USERS, schema: { tags, summary: 'Remove a person’s card', params: idParam } },
    async (req, reply) => {
      await removeRfidCard(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/public/rfid/:code',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'What an enrolment link shows: the person, the company, the kiosk and its code',
        params: rfidCodeParamSchema,
        response: { 200: publicRfidLinkSchema },
      },
    },
    async (req) => getPublicLink(app, req.params.code),
  );
  app.post(
    '/public/rfid/:code/card',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Enrol the number printed on the card through the link',
        params: rfidCodeParamSchema,
        body: enrolCardBodySchema,
        response: { 200: publicRfidLinkSchema },
      },
    },
    async (req) => enrolByLink(app, req.params.code, req.body.rfid),
  );
  app.post(
    '/kiosk-device/rfid/verify',
    {
      config: DEVICE,
      schema: {
        tags: ['kiosk device'],
        summary: 'A kiosk enrols a tapped card for a typed kiosk code (verify-rfid-code)',
        description:
          'Authorization: Bearer <device token>. `code` is the six-digit kiosk code from the enrolment page (or the link’s code); only links sent to this kiosk count.',
        body: kioskVerifyRfidBodySchema,
        response: { 200: kioskVerifyRfidResponseSchema },
      },
    },
    async (req) => verifyAtKiosk(app, bearer(req), req.body),
  );
};
