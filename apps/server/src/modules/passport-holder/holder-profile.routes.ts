import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { holderProfileResponse } from '@app/shared/passport/holder-profile';
import { sendStoredFile } from '../../lib/file-serving';
import { allowPassportOrigin, holderOf, HOLDER_ROUTE } from './holder-auth';
import { holderPhoto, holderProfile } from './holder-profile.service';

const tags = ['passport'];

/**
 * What a company's pre-registration form reads of the holder's passport, with the holder token the
 * passport's /share page gave it (decision 047). The preflight is holderCors' (holder.routes.ts); the
 * passport's origin is let through here too.
 */
export const passportHolderProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  allowPassportOrigin(app);

  app.get(
    '/passport-holder/profile',
    {
      config: HOLDER_ROUTE,
      schema: {
        tags,
        summary: "The holder's names, verified address and phone, to fill a pre-registration form",
        response: { 200: holderProfileResponse },
      },
    },
    async (req) => holderProfile(app, await holderOf(app, req, 'profile')),
  );

  app.get(
    '/passport-holder/photo',
    {
      config: HOLDER_ROUTE,
      schema: {
        tags,
        summary: "The holder's passport photo (PNG or JPEG, never cached); 404 when the passport has none",
      },
    },
    async (req, reply) => {
      const data = await holderPhoto(app, await holderOf(app, req, 'profile'));
      // The form turns it into the visitor's chosen photo at once: nothing keeps a copy.
      return sendStoredFile(reply, data, { name: 'passport-photo', cache: 'no-store' });
    },
  );
};
