import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { holderFaceConsentBodySchema, holderFaceSchema } from '@app/shared/people/faces';
import { allowPassportOrigin, holderOf, HOLDER_ROUTE } from '../passport-holder/holder-auth';
import { giveHolderFaceConsent, holderFace, withdrawHolderFaceConsent } from './faces-holder.service';

const tags = ['passport'];

/** A passport's holder's face sign-in consent in the companies that know them (decision 050). */
export const facesHolderRoutes: FastifyPluginAsyncZod = async (app) => {
  allowPassportOrigin(app);

  app.get(
    '/passport-holder/face',
    {
      config: HOLDER_ROUTE,
      schema: {
        tags,
        summary: 'The companies that offer face sign-in and know the holder, with their consent there',
        response: { 200: holderFaceSchema },
      },
    },
    async (req) => holderFace(app, await holderOf(app, req)),
  );
  app.put(
    '/passport-holder/face-consent',
    {
      config: HOLDER_ROUTE,
      schema: {
        tags,
        summary: 'The holder consents to face sign-in in a company: their face ID is made from their photo there',
        body: holderFaceConsentBodySchema,
        response: { 200: holderFaceSchema },
      },
    },
    async (req) => giveHolderFaceConsent(app, await holderOf(app, req), req.body.company_id),
  );
  app.delete(
    '/passport-holder/face-consent',
    {
      config: HOLDER_ROUTE,
      schema: {
        tags,
        summary: 'The holder withdraws their consent in a company: their face ID there is deleted at once',
        body: holderFaceConsentBodySchema,
        response: { 200: holderFaceSchema },
      },
    },
    async (req) => withdrawHolderFaceConsent(app, await holderOf(app, req), req.body.company_id),
  );
};
