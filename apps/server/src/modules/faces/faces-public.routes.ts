import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitTokenParam } from '@app/shared/pre-registration/schemas';
import { publicFaceStateSchema } from '@app/shared/people/faces';
import { PUBLIC_ROUTE } from '../../plugins/auth';
import { givePublicFaceConsent, publicFaceState, withdrawPublicFaceConsent } from './faces-public.service';

const tags = ['faces'];
const schema = (summary: string) => ({
  tags,
  summary,
  params: visitTokenParam,
  response: { 200: publicFaceStateSchema },
});

/** The visitor's own face sign-in consent on their visit's link (decision 050). */
export const facesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/visits/:token/face',
    { config: PUBLIC_ROUTE, schema: schema('Whether the company offers face sign-in, and the visitor’s consent') },
    async (req) => publicFaceState(app, req.params.token),
  );
  app.put(
    '/public/visits/:token/face-consent',
    {
      config: PUBLIC_ROUTE,
      schema: schema('The visitor consents to face sign-in: their face ID is made from their photo'),
    },
    async (req) => givePublicFaceConsent(app, req.params.token),
  );
  app.delete(
    '/public/visits/:token/face-consent',
    {
      config: PUBLIC_ROUTE,
      schema: schema('The visitor withdraws their consent: their face ID is deleted at once'),
    },
    async (req) => withdrawPublicFaceConsent(app, req.params.token),
  );
};
