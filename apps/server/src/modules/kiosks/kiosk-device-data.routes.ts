import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kioskJourneyBundleSchema } from '@app/shared/kiosks/device-data';
import { sendStoredFile } from '../../lib/file-serving';
import { bearer, DEVICE_ROUTE } from './device-route';
import { kioskJourneyBundle, kioskLogo } from './kiosk-device-data.service';

const tags = ['kiosk device'];

/** What a kiosk fetches to run its journey (decision 044), with its device token. */
export const kioskDeviceDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/kiosk-device/journey',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags,
        summary: 'The kiosk, its place, its company, the journey its site runs with its flows, and the announcements',
        description:
          'Only the kiosk’s own company and journey. Announcements: the active ones for the journey’s user types or everyone, urgent first, then pinned, then newest.',
        response: { 200: kioskJourneyBundleSchema },
      },
    },
    async (req) => kioskJourneyBundle(app, bearer(req.headers.authorization)),
  );
  app.get(
    '/kiosk-device/logo',
    {
      config: DEVICE_ROUTE,
      schema: { tags, summary: 'The logo the kiosk shows: its journey’s, or else its company’s' },
    },
    async (req, reply) => {
      const { data, name } = await kioskLogo(app, bearer(req.headers.authorization));
      return sendStoredFile(reply, data, { name, cache: 'private, max-age=3600' });
    },
  );
};
