import { PUBLIC_ROUTE, publicRateLimit } from '../../plugins/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KIOSK_PAIRING_SECRET_HEADER,
  createPairingBodySchema,
  heartbeatBodySchema,
  heartbeatResponseSchema,
  pairingSchema,
  pairingStatusSchema,
} from '@app/shared/kiosks/schemas';
import { createPairing, heartbeat, pairingStatus } from './kiosk-device.service';

const tags = ['kiosk device'];
const PUBLIC = PUBLIC_ROUTE;
// The kiosks of a site often share one public address: heartbeats get ten times the public allowance
// per address, enough for hundreds of kiosks beating every 30 seconds.
const DEVICE = {
  access: { auth: 'public' as const, deviceToken: true },
  rateLimit: publicRateLimit(10),
};
// A kiosk waiting to be added asks every few seconds; several tablets set up at once behind one
// address must not lock each other out, so the status gets the heartbeat's allowance too. Asking
// for codes keeps the public allowance.
const POLLING = { access: { auth: 'public' as const }, rateLimit: DEVICE.rateLimit };

export const kioskDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/kiosk-pairings',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'A kiosk asks for a pairing code to show',
        description: `Answers a short code (valid 15 minutes) and a secret the kiosk keeps and sends as \`${KIOSK_PAIRING_SECRET_HEADER}\`.`,
        body: createPairingBodySchema,
        response: { 201: pairingSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createPairing(app, req.body)),
  );
  app.get(
    '/public/kiosk-pairings/status',
    {
      config: POLLING,
      schema: {
        tags,
        summary: 'Whether an admin has added the kiosk yet',
        description:
          'waiting, expired, or registered; the first registered answer carries the device token, later ones null.',
        headers: z.object({ [KIOSK_PAIRING_SECRET_HEADER]: z.string().min(1).max(200) }),
        response: { 200: pairingStatusSchema },
      },
    },
    async (req) => pairingStatus(app, req.headers[KIOSK_PAIRING_SECRET_HEADER]),
  );
  app.post(
    '/kiosk-device/heartbeat',
    {
      config: DEVICE,
      schema: {
        tags,
        summary: 'A registered kiosk reports that it is alive',
        description:
          'Authorization: Bearer <device token>. Updates last seen and the app version; answers where the kiosk stands and its settings.',
        body: heartbeatBodySchema,
        response: { 200: heartbeatResponseSchema },
      },
    },
    async (req) => heartbeat(app, req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1], req.body.app_version),
  );
};
