import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@app/shared/http/paging';
import { kioskLogLinesBodySchema } from '@app/shared/kiosks/device-logs';
import {
  KIOSK_REQUEST_LIMITS,
  deviceKioskRequestSchema,
  kioskRequestProgressBodySchema,
} from '@app/shared/kiosks/requests';
import { readSingleFile } from '../../lib/uploads';
import { bearer, DEVICE_ROUTE } from './device-route';
import {
  openDeviceRequests,
  postLogLines,
  putData,
  putScreen,
  reportRequestProgress,
} from './kiosk-device-requests.service';

const tags = ['kiosk device'];
const DEVICE = DEVICE_ROUTE;

/** The kiosk's side of remote requests (decision 044), with its device token. */
export const kioskDeviceRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/kiosk-device/requests',
    {
      config: DEVICE,
      schema: {
        tags,
        summary: 'The kiosk’s requests not finished yet (after a restart it picks up what it was doing)',
        response: { 200: z.object({ data: z.array(deviceKioskRequestSchema) }) },
      },
    },
    async (req) => openDeviceRequests(app, bearer(req.headers.authorization)),
  );
  app.post(
    '/kiosk-device/requests/:id/progress',
    {
      config: DEVICE,
      schema: {
        tags,
        summary: 'The kiosk moves its request on: running, succeeded, or failed with its reason',
        description: 'A finished request answers 422 “Cannot find the running request.”; another kiosk’s, 404.',
        params: idParam,
        body: kioskRequestProgressBodySchema,
        response: { 200: deviceKioskRequestSchema },
      },
    },
    async (req) => reportRequestProgress(app, bearer(req.headers.authorization), req.params.id, req.body),
  );
  app.put(
    '/kiosk-device/requests/:id/screen',
    {
      config: DEVICE,
      schema: {
        tags,
        summary:
          'A picture of what the kiosk shows (multipart field file; png/jpg by content, at most 1 MB; stored re-encoded)',
        params: idParam,
        response: { 200: z.object({ sequence: z.number().int() }) },
      },
    },
    async (req) =>
      putScreen(
        app,
        bearer(req.headers.authorization),
        req.params.id,
        await readSingleFile(req, 'file', KIOSK_REQUEST_LIMITS.screenBytesMax),
      ),
  );
  app.put(
    '/kiosk-device/requests/:id/data',
    {
      config: DEVICE,
      schema: {
        tags,
        summary: 'What the kiosk holds, for support (multipart field file; one JSON document, at most 5 MB)',
        params: idParam,
        response: { 200: z.object({ size: z.number().int() }) },
      },
    },
    async (req) =>
      putData(
        app,
        bearer(req.headers.authorization),
        req.params.id,
        await readSingleFile(req, 'file', KIOSK_REQUEST_LIMITS.dataBytesMax),
      ),
  );
  app.post(
    '/kiosk-device/logs',
    {
      config: DEVICE,
      schema: {
        tags,
        summary: 'Lines of the kiosk’s own log, kept in the kiosk logs while its logging is on',
        body: kioskLogLinesBodySchema,
        response: { 200: z.object({ accepted: z.number().int() }) },
      },
    },
    async (req) => postLogLines(app, bearer(req.headers.authorization), req.body),
  );
};
