import { PUBLIC_ROUTE } from '../../plugins/auth';
import { publicRateLimit } from '../../plugins/rate-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KIOSK_PAIRING_SECRET_HEADER,
  createPairingBodySchema,
  heartbeatBodySchema,
  heartbeatResponseSchema,
  pairingSchema,
  pairingStatusSchema,
} from '@app/shared/kiosks/schemas';
import {
  kioskReplayBodySchema,
  kioskReplayResponseSchema,
  kioskSignInBodySchema,
  kioskSignOutBodySchema,
} from '@app/shared/kiosks/device-visits';
import { errorBodySchema } from '@app/shared/http/errors';
import { visitActionResultSchema, visitErrorsSchema } from '@app/shared/visits/schemas';
import { refusalBody, VisitRefusal } from '../visits/visit-refusal';
import { bearer, DEVICE_ROUTE } from './device-route';
import { kioskReplay, kioskSignIn, kioskSignOut } from './kiosk-device-visits.service';
import { createPairing, heartbeat, pairingStatus } from './kiosk-device.service';

const tags = ['kiosk device'];
const PUBLIC = PUBLIC_ROUTE;
const DEVICE = DEVICE_ROUTE;
// A kiosk waiting to be added asks every few seconds and has no token yet; several tablets set up at
// once behind one address must not lock each other out, so the status gets ten times the public
// allowance per address. Asking for codes keeps the public allowance.
const POLLING = { access: { auth: 'public' as const }, rateLimit: publicRateLimit(10) };
const refused = z.union([visitErrorsSchema, errorBodySchema]);

export const kioskDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/kiosk-pairings',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'A kiosk asks for a pairing code to show',
        description: `Answers a short code (valid 15 minutes) and a secret the kiosk keeps and sends as \`${KIOSK_PAIRING_SECRET_HEADER}\`.`,
        body: createPairingBodySchema,
        response: { 201: pairingSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createPairing(app, req.body)),
  );
  app.get(
    '/public/kiosk-pairings/status',
    {
      config: POLLING,
      schema: {
        tags,
        summary: 'Whether an admin has added the kiosk yet',
        description:
          'waiting, expired, or registered; the first registered answer carries the device token, later ones null.',
        headers: z.object({ [KIOSK_PAIRING_SECRET_HEADER]: z.string().min(1).max(200) }),
        response: { 200: pairingStatusSchema },
      },
    },
    async (req) => pairingStatus(app, req.headers[KIOSK_PAIRING_SECRET_HEADER]),
  );
  app.post(
    '/kiosk-device/heartbeat',
    {
      config: DEVICE,
      schema: {
        tags,
        summary: 'A registered kiosk reports that it is alive',
        description:
          'Authorization: Bearer <device token>. Updates last seen and the app version; answers where the kiosk stands and its settings.',
        body: heartbeatBodySchema,
        response: { 200: heartbeatResponseSchema },
      },
    },
    async (req) => heartbeat(app, bearer(req.headers.authorization), req.body.app_version),
  );
  app.post(
    '/kiosk-device/sign-in',
    {
      config: DEVICE,
      schema: {
        tags,
        summary: 'A registered kiosk signs people in (or checks them in) at its own area',
        description:
          'Authorization: Bearer <device token>. Refused with 422 on `sign_mode` when the kiosk is set to sign people out only; otherwise the rules of POST /visits/sign-in at the kiosk’s area, at `occurred_at` when given (at most two minutes ahead, not older than the kiosk’s offline window and an hour). With `offline: true` (and then `idempotency_key` and `occurred_at`), one queued action under the rules of POST /kiosk-device/replay: never refused for the visit’s rules, answered with the visit it made, met or accepted for review.',
        body: kioskSignInBodySchema,
        response: { 201: visitActionResultSchema, 200: visitActionResultSchema, 422: refused },
      },
    },
    async (req, reply) => {
      try {
        const result = await kioskSignIn(app, bearer(req.headers.authorization), req.body, { lang: req.lang });
        return reply.status(result.replayed ? 200 : 201).send(result);
      } catch (error) {
        if (error instanceof VisitRefusal) return reply.status(422).send(refusalBody(req.lang, error));
        throw error;
      }
    },
  );
  app.post(
    '/kiosk-device/sign-out',
    {
      config: DEVICE,
      schema: {
        tags,
        summary: 'A registered kiosk signs people out at its own area',
        description:
          'Authorization: Bearer <device token>. Refused with 422 on `sign_mode` when the kiosk is set to sign people in only; otherwise the rules of POST /visits/sign-out at the kiosk’s area, at `occurred_at` when given. With `offline: true` (and then `idempotency_key` and `occurred_at`), one queued action under the rules of POST /kiosk-device/replay.',
        body: kioskSignOutBodySchema,
        response: { 200: visitActionResultSchema, 422: refused },
      },
    },
    async (req, reply) => {
      try {
        return reply.send(await kioskSignOut(app, bearer(req.headers.authorization), req.body, { lang: req.lang }));
      } catch (error) {
        if (error instanceof VisitRefusal) return reply.status(422).send(refusalBody(req.lang, error));
        throw error;
      }
    },
  );
  app.post(
    '/kiosk-device/replay',
    {
      config: DEVICE,
      schema: {
        tags,
        summary: 'A kiosk back online replays the sign-ins and sign-outs it queued while offline',
        description:
          'Authorization: Bearer <device token>. `items` in the order they were made (at most 1,000), each `{ kind: "sign_in", idempotency_key, occurred_at, people }` or `{ kind: "sign_out", idempotency_key, occurred_at, person_ids, reason_id? }`. Each is answered on its own, in `results[index]`: done, replayed (its key was applied before), merged (the person was on site then: the same visit), already_left (a sign-out of someone not on site), needs_review (the server would have refused it: recorded and listed for an admin), refused (bad input, with `error`; drop it) or retry (not processed; send it again). See decision 045.',
        body: kioskReplayBodySchema,
        response: { 200: kioskReplayResponseSchema },
      },
    },
    async (req) => kioskReplay(app, bearer(req.headers.authorization), req.body, { lang: req.lang }),
  );
};
