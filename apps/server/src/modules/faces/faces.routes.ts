import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@app/shared/http/paging';
import {
  faceConsentBodySchema,
  faceIdsBodySchema,
  faceIdsQueuedSchema,
  faceSettingsBodySchema,
  faceSettingsSchema,
  faceStateSchema,
} from '@app/shared/people/faces';
import { requireAccess } from '../../plugins/auth';
import { runsHereEnded } from '../../plugins/jobs';
import {
  faceState,
  generateFaceId,
  readFaceSettings,
  recordConsent,
  setFaceSettings,
  withdrawFaceConsent,
} from './faces.service';
import { faceIdAfterChange, generateFaceIdsOfType } from './faces-mass.service';

// Face sign-in (decision 050). The company's setting is a company detail; a person's consent and face ID
// belong to the people list's permission. A company's API token makes no face IDs and records no consent:
// both are a person's or an admin's act.
const COMPANY = { access: { permission: 'company_details' as const, noClientToken: true } };
const USERS = { access: { permission: 'users' as const, noClientToken: true } };

export const facesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['faces'];
  // Face IDs being made in this process (the job runner off) end before the database closes.
  app.addHook('onClose', async () => runsHereEnded(app));

  app.get(
    '/face-settings',
    {
      // Whether face sign-in is on is no secret: every member's screens (the people list's mass action,
      // the drawer) follow it, as they follow the input methods. Changing it is a company detail.
      config: { access: { auth: 'entity' as const, noClientToken: true } },
      schema: { tags, summary: 'The company’s face sign-in setting', response: { 200: faceSettingsSchema } },
    },
    async (req) => readFaceSettings(app, requireAccess(req)),
  );

  app.put(
    '/face-settings',
    {
      config: COMPANY,
      schema: {
        tags,
        summary: 'Turn face sign-in on or off; its match threshold and gap',
        body: faceSettingsBodySchema,
        response: { 200: faceSettingsSchema },
      },
    },
    async (req) => setFaceSettings(app, requireAccess(req), req.body),
  );

  app.get(
    '/people/:id/face',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'A person’s face sign-in consent and whether a face ID exists (never the face ID itself)',
        params: idParam,
        response: { 200: faceStateSchema },
      },
    },
    async (req) => faceState(app, requireAccess(req), req.params.id, req.lang),
  );

  app.put(
    '/people/:id/face-consent',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Record the person’s signed paper consent to face sign-in',
        params: idParam,
        body: faceConsentBodySchema,
        response: { 200: faceStateSchema },
      },
    },
    async (req) => {
      const ctx = requireAccess(req);
      await recordConsent(app, ctx, req.params.id, req.body.source);
      await faceIdAfterChange(app, ctx.entityId, req.params.id);
      return faceState(app, ctx, req.params.id, req.lang);
    },
  );

  app.delete(
    '/people/:id/face-consent',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Withdraw the person’s consent: their face ID is deleted at once',
        params: idParam,
        response: { 200: faceStateSchema },
      },
    },
    async (req) => {
      const ctx = requireAccess(req);
      await withdrawFaceConsent(app, ctx, req.params.id);
      return faceState(app, ctx, req.params.id, req.lang);
    },
  );

  app.post(
    '/people/:id/face-id',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Make the person’s face ID from their profile photo (spec generate_faceId): one face, their consent',
        params: idParam,
        response: { 200: faceStateSchema },
      },
    },
    async (req) => {
      const ctx = requireAccess(req);
      await generateFaceId(app, ctx, req.params.id);
      return faceState(app, ctx, req.params.id, req.lang);
    },
  );

  app.post(
    '/people/face-ids',
    {
      config: USERS,
      schema: {
        tags,
        summary: 'Make the face IDs of a user type’s consenting people who have a photo, as a job',
        body: faceIdsBodySchema,
        response: { 202: faceIdsQueuedSchema },
      },
    },
    async (req, reply) =>
      reply.status(202).send(await generateFaceIdsOfType(app, requireAccess(req), req.body.user_type_id)),
  );
};
