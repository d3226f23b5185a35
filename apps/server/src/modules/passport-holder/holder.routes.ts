import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  holderActionResponse,
  holderPlacesQuery,
  holderPlacesResponse,
  holderSignInBody,
  holderSignOutBody,
  holderVisitsResponse,
} from '@app/shared/passport/holder';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusalBody, VisitRefusal } from '../visits/visit-refusal';
import { holderCors, holderOf, HOLDER_ROUTE } from './holder-auth';
import { holderPlaces, holderSignIn, holderSignOut, holderVisits } from './holder.service';

const tags = ['passport'];

/**
 * A refusal of the front desk's rules, in the error shape the passport's pages read: the holder is the
 * only person, so their fields are the answer's.
 */
async function answerRefusal<T>(req: FastifyRequest, reply: FastifyReply, act: () => Promise<T>) {
  try {
    return await act();
  } catch (error) {
    if (!(error instanceof VisitRefusal)) throw error;
    const body = refusalBody(req.lang, error);
    return reply.status(422).send({ code: body.code, message: body.message, fields: body.people[0]?.fields ?? {} });
  }
}

/** A passport's holder on their own visits, from the passport's web app (decision 047). */
export const passportHolderRoutes: FastifyPluginAsyncZod = async (app) => {
  await holderCors(app);

  app.get(
    '/passport-holder/visits',
    {
      config: HOLDER_ROUTE,
      schema: { tags, summary: "The holder's visits across companies", response: { 200: holderVisitsResponse } },
    },
    async (req) => holderVisits(app, await holderOf(app, req)),
  );

  app.get(
    '/passport-holder/places',
    {
      config: HOLDER_ROUTE,
      schema: {
        tags,
        summary: "Sites with the holder's remote journeys, nearest first, inside their geofence or how far",
        querystring: holderPlacesQuery,
        response: { 200: holderPlacesResponse },
      },
    },
    async (req) => ({ places: await holderPlaces(app, await holderOf(app, req), req.query) }),
  );

  app.post(
    '/passport-holder/sign-in',
    {
      config: HOLDER_ROUTE,
      schema: {
        tags,
        summary: "Sign in from the phone inside the site's geofence (a remote journey)",
        body: holderSignInBody,
        response: { 200: holderActionResponse },
      },
    },
    async (req, reply) =>
      answerRefusal(req, reply, async () => holderSignIn(app, await holderOf(app, req), req.body, req.lang)),
  );

  app.post(
    '/passport-holder/sign-out',
    {
      config: HOLDER_ROUTE,
      schema: {
        tags,
        summary: "Sign out from the phone inside the site's geofence",
        body: holderSignOutBody,
        response: { 200: holderActionResponse },
      },
    },
    async (req, reply) =>
      answerRefusal(req, reply, async () => holderSignOut(app, await holderOf(app, req), req.body, req.lang)),
  );
};
