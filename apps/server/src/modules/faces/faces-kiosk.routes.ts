import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  kioskFaceLibrarySchema,
  kioskFaceMatchBodySchema,
  kioskFaceMatchSchema,
} from '@app/shared/kiosks/face-library';
import { bearer, DEVICE_ROUTE } from '../kiosks/device-route';
import { kioskFaceLibrary, kioskFaceMatch } from './faces-library.service';

const tags = ['kiosk device'];

/** A kiosk's face library and the server's look at its matches (decision 050), with its device token. */
export const facesKioskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/kiosk-device/face-library',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags,
        summary: 'The face IDs of the consenting people of the kiosk’s journey’s user types, first names only',
        description: 'Empty while the company has face sign-in off. The kiosk keeps it in memory only.',
        response: { 200: kioskFaceLibrarySchema },
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      return kioskFaceLibrary(app, bearer(req.headers.authorization));
    },
  );
  app.post(
    '/kiosk-device/face-match',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags,
        summary: 'The server’s own match of a face the kiosk matched: the person, or null',
        body: kioskFaceMatchBodySchema,
        response: { 200: kioskFaceMatchSchema },
      },
    },
    async (req) => kioskFaceMatch(app, bearer(req.headers.authorization), req.body.descriptor),
  );
};
