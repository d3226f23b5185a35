import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createIntegrationBodySchema,
  createIntegrationResponseSchema,
  directoryOptionsSchema,
  directorySchema,
  googleAuthorizationSchema,
  googleAuthorizeBodySchema,
  googleAuthorizeResponseSchema,
  integrationAreaSchema,
  integrationChoicesSchema,
  integrationListSchema,
  integrationNameQuerySchema,
  integrationSchema,
  listIntegrationsQuerySchema,
  reauthBodySchema,
  settingsBodySchema,
  settingsResponseSchema,
  statusBodySchema,
} from '@app/shared/integrations/schemas';
import { nameAvailabilitySchema } from '@app/shared/attendance/schemas';
import { idParam, okResponse } from '@app/shared/http/paging';
import { requireAccess } from '../../plugins/auth';
import { integrationChoices } from './integration-choices.service';
import { finishGoogleConsent, getGoogleAuthorization, startGoogleConsent } from './google-consent';
import {
  changeStatus,
  checkName,
  createIntegration,
  directoryOptions,
  getIntegration,
  integrationAreas,
  listCompanyIntegrations,
  listDirectories,
  reauthenticate,
  removeIntegration,
  saveSettings,
} from './integrations.service';

// Spec §7 "Integrations": directories, grid data, get by id (with mapping), validate_name, create,
// auth and reAuth, status, settings, areas, delete; Google's consent. Runs, temporary users and scans
// are in integration-flow.routes.ts and integration-scans.routes.ts.

const ACCESS = { access: { permission: 'integration' as const } };

export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['integrations'];

  app.get(
    '/integrations/directories',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'The directories a company can connect, with the values each asks for',
        response: { 200: z.object({ data: z.array(directorySchema) }) },
      },
    },
    async () => ({ data: listDirectories(app) }),
  );
  app.get(
    '/integrations/choices',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'The sites and user types the caller may give an integration (settings, fixing a record)',
        response: { 200: integrationChoicesSchema },
      },
    },
    async (req) => integrationChoices(app, requireAccess(req)),
  );
  app.get(
    '/integrations',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'The company’s integrations the caller’s sites reach (spec §6)',
        querystring: listIntegrationsQuerySchema,
        response: { 200: integrationListSchema },
      },
    },
    async (req) => listCompanyIntegrations(app, requireAccess(req), req.query),
  );
  app.get(
    '/integrations/name-availability',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Whether an integration name is free in the company (spec §5: checked by a server call)',
        querystring: integrationNameQuerySchema,
        response: { 200: nameAvailabilitySchema },
      },
    },
    async (req) => checkName(app, requireAccess(req), req.lang, req.query.name, req.query.id),
  );
  app.post(
    '/integrations',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Connect a directory: its credentials are checked by connecting to it',
        description:
          'Google Workspace takes the authorization_id of a consent given through /integrations/google/authorize. SCIM answers its bearer token this once.',
        body: createIntegrationBodySchema,
        response: { 201: createIntegrationResponseSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createIntegration(app, requireAccess(req), req.body)),
  );
  app.post(
    '/integrations/google/authorize',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Start Google’s consent for a new integration or a re-authentication: the address to open',
        body: googleAuthorizeBodySchema,
        response: { 200: googleAuthorizeResponseSchema },
      },
    },
    async (req) => startGoogleConsent(app, requireAccess(req), req.body.integration_id ?? null),
  );
  app.get(
    '/integrations/google/callback',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Google’s answer: keeps the tokens sealed and opens /googleAD/auth/… with an opaque id',
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
          scope: z.string().max(2000).optional(),
        }),
      },
    },
    async (req, reply) => reply.redirect(await finishGoogleConsent(app, requireAccess(req), req.query), 303),
  );
  app.get(
    '/integrations/google/authorizations/:id',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'A consent Google answered, before it is used',
        params: idParam,
        response: { 200: googleAuthorizationSchema },
      },
    },
    async (req) => getGoogleAuthorization(app, requireAccess(req), req.params.id),
  );
  app.get(
    '/integrations/:id',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'One integration with its mapping (never its secrets)',
        params: idParam,
        response: { 200: integrationSchema },
      },
    },
    async (req) => getIntegration(app, requireAccess(req), req.params.id),
  );
  app.delete(
    '/integrations/:id',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Delete an integration; the people it made stay',
        params: idParam,
        response: { 200: okResponse },
      },
    },
    async (req) => removeIntegration(app, requireAccess(req), req.params.id),
  );
  app.post(
    '/integrations/:id/reauth',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Re-authenticate: new credentials (a secret left empty keeps the stored one), or a new Google consent',
        params: idParam,
        body: reauthBodySchema,
        response: { 200: integrationSchema },
      },
    },
    async (req) => reauthenticate(app, requireAccess(req), req.params.id, req.body),
  );
  app.put(
    '/integrations/:id/status',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Deactivate (stops automatic sync) or reactivate (resumes it); manual sync stays',
        params: idParam,
        body: statusBodySchema,
        response: { 200: integrationSchema },
      },
    },
    async (req) => changeStatus(app, requireAccess(req), req.params.id, req.body.status),
  );
  app.get(
    '/integrations/:id/directory-options',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'The directory’s groups to map and the fields it can fill, read live',
        params: idParam,
        response: { 200: directoryOptionsSchema },
      },
    },
    async (req) => directoryOptions(app, requireAccess(req), req.params.id),
  );
  app.get(
    '/integrations/:id/areas',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'The areas of the caller’s sites, for the write-back',
        params: idParam,
        response: { 200: z.object({ data: z.array(integrationAreaSchema) }) },
      },
    },
    async (req) => integrationAreas(app, requireAccess(req), req.params.id),
  );
  app.put(
    '/integrations/:id/settings',
    {
      config: ACCESS,
      schema: {
        tags,
        summary: 'Sites, groups mapped to user types, fields, sync frequency, write-back; sync: true saves and syncs',
        params: idParam,
        body: settingsBodySchema,
        response: { 200: settingsResponseSchema },
      },
    },
    async (req) => saveSettings(app, requireAccess(req), req.params.id, req.body),
  );
};
