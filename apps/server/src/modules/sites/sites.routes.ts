import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { idParam, listResponse } from '@app/shared/http/paging';
import {
  areaBodySchema,
  areaSchema,
  kioskSetupQuerySchema,
  listSitesQuerySchema,
  moveAreaBodySchema,
  siteBodySchema,
  siteSchema,
  siteTreeSchema,
  updateAreaBodySchema,
} from '@app/shared/sites/schemas';
import { contentDisposition } from '../../lib/file-serving';
import { requireAccess } from '../../plugins/auth';
import { kioskSetup } from './kiosk-setup.service';
import {
  changeArea,
  changeSite,
  createArea,
  createSite,
  getArea,
  getSite,
  getSiteTree,
  listCompanySites,
  moveArea,
  removeArea,
  removeSite,
} from './sites.service';

const SITES = { access: { permission: 'sites_devices' as const } };

export const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sites'];
  app.get(
    '/sites',
    {
      config: SITES,
      schema: {
        tags,
        summary: 'Sites, paged, sorted and searched',
        querystring: listSitesQuerySchema,
        response: { 200: listResponse(siteSchema) },
      },
    },
    async (req) => listCompanySites(app, requireAccess(req), req.query),
  );
  app.get(
    '/sites/tree',
    {
      // The dashboard's sign-in picks an area from it too (spec §2: quick sign in is part of the dashboard).
      config: { access: { permission: ['sites_devices', 'dashboard'] as const } },
      schema: { tags, summary: 'The site → area tree', response: { 200: siteTreeSchema } },
    },
    async (req) => getSiteTree(app, requireAccess(req)),
  );
  app.post(
    '/sites',
    { config: SITES, schema: { tags, summary: 'Add a site', body: siteBodySchema, response: { 201: siteSchema } } },
    async (req, reply) => reply.status(201).send(await createSite(app, requireAccess(req), req.body)),
  );
  app.get(
    '/sites/:id',
    { config: SITES, schema: { tags, summary: 'One site', params: idParam, response: { 200: siteSchema } } },
    async (req) => getSite(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/sites/:id',
    {
      config: SITES,
      schema: { tags, summary: 'Change a site', params: idParam, body: siteBodySchema, response: { 200: siteSchema } },
    },
    async (req) => changeSite(app, requireAccess(req), req.params.id, req.body),
  );
  app.delete(
    '/sites/:id',
    { config: SITES, schema: { tags, summary: 'Delete a site and its areas', params: idParam } },
    async (req, reply) => {
      await removeSite(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );

  const areaTags = ['areas'];
  app.post(
    '/areas',
    {
      config: SITES,
      schema: { tags: areaTags, summary: 'Add an area to a site', body: areaBodySchema, response: { 201: areaSchema } },
    },
    async (req, reply) => reply.status(201).send(await createArea(app, requireAccess(req), req.body)),
  );
  app.get(
    '/areas/:id',
    { config: SITES, schema: { tags: areaTags, summary: 'One area', params: idParam, response: { 200: areaSchema } } },
    async (req) => getArea(app, requireAccess(req), req.params.id),
  );
  app.get(
    '/areas/:id/kiosk-setup',
    {
      config: SITES,
      schema: {
        tags: areaTags,
        summary: 'The area’s kiosk setup sheet as a PDF: the kiosk link, its QR code and the steps (generate_exe)',
        description:
          'The kiosk is a web app, so there is no program to download: the sheet says how to open it on a tablet, install it full screen and pair it with this area. In `lang`, the caller’s language by default.',
        params: idParam,
        querystring: kioskSetupQuerySchema,
      },
    },
    async (req, reply) => {
      const sheet = await kioskSetup(app, requireAccess(req), req.params.id, req.query.lang ?? req.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', sheet.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(sheet.pdf);
    },
  );
  app.put(
    '/areas/:id',
    {
      config: SITES,
      schema: {
        tags: areaTags,
        summary: 'Change an area',
        params: idParam,
        body: updateAreaBodySchema,
        response: { 200: areaSchema },
      },
    },
    async (req) => changeArea(app, requireAccess(req), req.params.id, req.body),
  );
  app.put(
    '/areas/:id/site',
    {
      config: SITES,
      schema: {
        tags: areaTags,
        summary: 'Move an area to another site',
        params: idParam,
        body: moveAreaBodySchema,
        response: { 200: areaSchema },
      },
    },
    async (req) => moveArea(app, requireAccess(req), req.params.id, req.body.site_id),
  );
  app.delete(
    '/areas/:id',
    { config: SITES, schema: { tags: areaTags, summary: 'Delete an area', params: idParam } },
    async (req, reply) => {
      await removeArea(app, requireAccess(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
