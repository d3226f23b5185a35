// The badge of a visit signed in at a kiosk (spec Print badge): the kiosk prints it through the
// tablet's print dialog and the print is recorded, so the print queue report shows it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionMapOf } from '@app/shared/access/permissions';
import { badgePrintSchema } from '@app/shared/visits/schemas';
import { queueBadgePrint } from '../visits/visits.service';
import { bearer, DEVICE_ROUTE } from './device-route';
import { deviceKiosk } from './device-kiosk';

const KIOSK_PERMISSIONS = permissionMapOf(['dashboard']);

export const kioskDeviceBadgeRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
