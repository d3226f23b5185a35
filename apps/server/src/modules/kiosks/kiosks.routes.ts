import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, listResponse } from '@app/shared/http/paging';
import {
  addKioskBodySchema,
  kioskSchema,
  kioskSettingsSchema,
  kiosksSettingsBodySchema,
  listKiosksQuerySchema,
  moveKioskBodySchema,
  moveKiosksBodySchema,
  renameKioskBodySchema,
} from '@app/shared/kiosks/schemas';
import { requireAccess } from '../../plugins/auth';
import {
  addKiosk,
  changeKioskSettings,
  deregisterKiosk,
  getKiosk,
  listCompanyKiosks,
  moveKiosks,
  renameKiosk,
} from './kiosks.service';

const KIOSKS = { access: { permission: 'sites_devices' as const } };
const tags = ['kiosks'];
const kioskList = listResponse(kioskSchema);

export const kiosksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/kiosks',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: 'Kiosks, paged, filtered by site, area or online state, and searched by name or MAC address',
        querystring: listKiosksQuerySchema,
        response: { 200: kioskList },
      },
    },
    async (req) => listCompanyKiosks(app, requireAccess(req), req.query),
  );
  app.post(
    '/kiosks',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: 'Add the kiosk showing a pairing code to an area',
        description: 'Its MAC address and app version come from the pairing. Cloud package only.',
        body: addKioskBodySchema,
        response: { 201: kioskSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await addKiosk(app, requireAccess(req), req.body)),
  );
  // Routes for many kiosks come before the `:id` ones they resemble.
  app.put(
    '/kiosks/settings',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: 'Give many kiosks the same settings',
        body: kiosksSettingsBodySchema,
        response: { 200: kioskList },
      },
    },
    async (req) => {
      const data = await changeKioskSettings(app, requireAccess(req), req.body.ids, req.body.settings);
      return { data, count: data.length };
    },
  );
  app.put(
    '/kiosks/move',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: 'Move many kiosks to an area',
        body: moveKiosksBodySchema,
        response: { 200: kioskList },
      },
    },
    async (req) => {
      const data = await moveKiosks(app, requireAccess(req), req.body.ids, req.body, false);
      return { data, count: data.length };
    },
  );
  app.get(
    '/kiosks/:id',
    {
      config: KIOSKS,
      schema: { tags, summary: 'One kiosk with its settings', params: idParam, response: { 200: kioskSchema } },
    },
    async (req) => getKiosk(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/kiosks/:id/name',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: 'Rename a kiosk (allowed on every package)',
        params: idParam,
        body: renameKioskBodySchema,
        response: { 200: kioskSchema },
      },
    },
    async (req) => renameKiosk(app, requireAccess(req), req.params.id, req.body.name),
  );
  app.put(
    '/kiosks/:id/settings',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: "Change a kiosk's settings",
        params: idParam,
        body: kioskSettingsSchema,
        response: { 200: kioskSchema },
      },
    },
    async (req) => (await changeKioskSettings(app, requireAccess(req), [req.params.id], req.body))[0]!,
  );
  app.put(
    '/kiosks/:id/area',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: 'Move a kiosk to another area',
        params: idParam,
        body: moveKioskBodySchema,
        response: { 200: kioskSchema },
      },
    },
    async (req) => (await moveKiosks(app, requireAccess(req), [req.params.id], req.body, true))[0]!,
  );
  app.delete(
    '/kiosks/:id',
    {
      config: KIOSKS,
      schema: {
        tags,
        summary: 'Deregister a kiosk: it is deleted and its device token stops working',
        params: idParam,
      },
    },
    async (req, reply) => {
      await deregisterKiosk(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
