import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, listResponse } from '@app/shared/http/paging';
import {
  kioskAppVersionSchema,
  kioskRequestBodySchema,
  kioskRequestSchema,
  kioskRoomDataSchema,
  listKioskRequestsQuerySchema,
} from '@app/shared/kiosks/requests';
import { contentDisposition, sendStoredFile, USER_FILE_CSP } from '../../lib/file-serving';
import { requireAccess } from '../../plugins/auth';
import {
  appVersions,
  cancelKioskRequest,
  getRequest,
  listRequests,
  placeKioskRequest,
  requestFile,
  roomData,
  watchKioskScreen,
} from './kiosk-requests.service';

const KIOSKS = { access: { permission: 'sites_devices' as const } };
const tags = ['kiosk requests'];

/** Remote actions on kiosks (decision 044; spec §7 "Kiosks"), for admins with the sites permission. */
export const kioskRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/kiosks/:id/requests',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: 'Ask a kiosk to do something (open door, restart, show screen, pull data, logging, update app…)',
        description:
          'Written placed, sent to the kiosk’s connection (pending) and delivered when the kiosk acknowledges it (within 10 s). No connection: failed, “Cannot find the kiosk’s connection.” The answer is the request; `error` says why it failed.',
        params: idParam,
        body: kioskRequestBodySchema,
        response: { 201: kioskRequestSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await placeKioskRequest(app, requireAccess(req), req.params.id, req.body, req.lang)),
  );
  app.get(
    '/kiosks/requests',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: 'Remote requests, newest first: the company’s, a kiosk’s, or only the reader’s own (`mine=true`)',
        querystring: listKioskRequestsQuerySchema,
        response: { 200: listResponse(kioskRequestSchema) },
      },
    },
    async (req) => listRequests(app, requireAccess(req), req.query, req.lang),
  );
  app.get(
    '/kiosks/requests/:id',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: 'One remote request with its history',
        params: idParam,
        response: { 200: kioskRequestSchema },
      },
    },
    async (req) => getRequest(app, requireAccess(req), req.params.id, req.lang),
  );
  app.post(
    '/kiosks/requests/:id/cancel',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: 'Cancel a request the kiosk has not begun, or close one it runs',
        description: 'A finished request answers 422 “Cannot find the running request.”',
        params: idParam,
        response: { 200: kioskRequestSchema },
      },
    },
    async (req) => cancelKioskRequest(app, requireAccess(req), req.params.id, req.lang),
  );
  for (const [edge, watching] of [
    ['start', true],
    ['end', false],
  ] as const) {
    app.post(
      `/kiosks/requests/:id/screen-share/${edge}`,
      {
        config: KIOSKS,
        schema: {
          tags,
          summary: watching
            ? 'The viewer of a shared screen opened it: the kiosk sends pictures while someone watches'
            : 'The viewer closed the shared screen: the request is closed',
          params: idParam,
          response: { 200: kioskRequestSchema },
        },
      },
      async (req) => watchKioskScreen(app, requireAccess(req), req.params.id, watching, req.lang),
    );
  }
  app.get(
    '/kiosks/requests/:id/screen',
    { config: KIOSKS, schema: { tags, summary: 'The latest picture of a shared kiosk screen', params: idParam } },
    async (req, reply) => {
      const { file, kioskName } = await requestFile(app, requireAccess(req), req.params.id, 'screen');
      return sendStoredFile(reply.header('x-screen-sequence', String(file.sequence)), file.content, {
        name: `${kioskName}-screen`,
        cache: 'no-store',
      });
    },
  );
  app.get(
    '/kiosks/requests/:id/data',
    {
      config: KIOSKS,
      schema: { tags, summary: 'The data a kiosk handed over (pull kiosk data), as JSON', params: idParam },
    },
    async (req, reply) => {
      const { file, kioskName, request } = await requestFile(app, requireAccess(req), req.params.id, 'data');
      const day = request.createdAt.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `${kioskName}-data-${day}.json`))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', USER_FILE_CSP)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
  app.get(
    '/kiosks/app-versions',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: 'The kiosk app versions the server serves, each with the key an update names',
        response: { 200: z.object({ data: z.array(kioskAppVersionSchema) }) },
      },
    },
    async (req) => ({ data: await appVersions(app, requireAccess(req)) }),
  );
  app.get(
    '/kiosks/:id/room-data',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: 'Who is signed in at the kiosk’s area now, newest first',
        params: idParam,
        response: { 200: kioskRoomDataSchema },
      },
    },
    async (req) => roomData(app, requireAccess(req), req.params.id),
  );
};
