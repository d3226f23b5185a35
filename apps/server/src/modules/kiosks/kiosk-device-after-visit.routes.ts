// What a kiosk does after a sign-in or sign-out at its area: print the visit's badge (spec Print badge:
// through the tablet's print dialog, recorded so the print queue report shows it) and take the person's
// rating of their visit (the flow's "ask for a rating").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionMapOf } from '@app/shared/access/permissions';
import { badgePrintSchema, visitSchema } from '@app/shared/visits/schemas';
import { kioskRatingBodySchema } from '@app/shared/kiosks/device-visits';
import { rateKioskVisit } from './kiosk-device-rating.service';
import { queueBadgePrint } from '../visits/visits.service';
import { bearer, DEVICE_ROUTE } from './device-route';
import { deviceKiosk } from './device-kiosk';

const KIOSK_PERMISSIONS = permissionMapOf(['dashboard']);

export const kioskDeviceAfterVisitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/kiosk-device/visits/:id/badge-prints',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags: ['kiosk device'],
        summary: 'A kiosk prints the badge of a visit at its own area',
        description:
          'Authorization: Bearer <device token>. Answers the badge to lay out and records it as printed; a visit at another area, or of another company, is not found.',
        params: z.object({ id: z.uuid() }),
        response: { 201: badgePrintSchema },
      },
    },
    async (req, reply) => {
      const { ctx, kiosk } = await deviceKiosk(app, bearer(req.headers.authorization), KIOSK_PERMISSIONS);
      const printed = await queueBadgePrint(app, ctx, req.params.id, {
        printedBy: { kioskId: kiosk.kiosk.id, areaId: kiosk.kiosk.areaId },
      });
      return reply.status(201).send(printed);
    },
  );
  app.put(
    '/kiosk-device/visits/:id/rating',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags: ['kiosk device'],
        summary: 'The person who signed out at this kiosk rates their visit (1 to 5)',
        description:
          'Authorization: Bearer <device token>. Within 15 minutes of the sign-out at the kiosk’s area (later, or not signed out: 422 naming `id`); a later rating in that time replaces it. A visit at another area or of another company: 404.',
        params: z.object({ id: z.uuid() }),
        body: kioskRatingBodySchema,
        response: { 200: visitSchema },
      },
    },
    async (req) => {
      const { ctx, kiosk } = await deviceKiosk(app, bearer(req.headers.authorization), KIOSK_PERMISSIONS);
      return rateKioskVisit(
        app,
        ctx,
        { kioskId: kiosk.kiosk.id, areaId: kiosk.kiosk.areaId },
        req.params.id,
        req.body.score,
      );
    },
  );
};
