import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@app/shared/http/paging';
import {
  kioskHostsQuerySchema,
  kioskHostsResultSchema,
  kioskPassportKeysSchema,
  kioskPeoplePageSchema,
  kioskPeopleQuerySchema,
  kioskPeopleSearchQuerySchema,
  kioskPeopleSearchResultSchema,
  kioskPersonSchema,
  kioskResolveBodySchema,
  kioskResolvedSchema,
  kioskSignInPreviewBodySchema,
  kioskVisitorBodySchema,
} from '@app/shared/kiosks/device-lookup';
import { signInPreviewSchema } from '@app/shared/visits/schemas';
import { sendStoredFile } from '../../lib/file-serving';
import { bearer, DEVICE_ROUTE } from './device-route';
import { kioskPeople, kioskPersonPhoto, resolveKioskCode, searchKioskPeople } from './kiosk-device-lookup.service';
import { kioskPassportKeys } from './kiosk-passport-keys.service';
import {
  kioskHosts,
  kioskSignInPreview,
  registerKioskVisitor,
  setKioskPersonPhoto,
} from './kiosk-device-register.service';
import { LIMITS } from '@app/shared/constants';
import { readSingleFile } from '../../lib/uploads';

const tags = ['kiosk device'];
const REACH =
  'Only active people of the kiosk’s company who have one of the user types its journey has flows for, and its site.';

/** How a kiosk finds people (decision 044), with its device token. */
export const kioskDeviceLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/kiosk-device/people',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags,
        summary: 'The people the kiosk keeps for offline use, a page at a time (in id order, after `cursor`)',
        description: `${REACH} Names, user types, a photo flag and salted hashes (hashKioskCode, the company’s \`salt\`) of their QR code, card number, today’s pass codes at the kiosk’s site, and the id of the active passport whose verified address is theirs (\`passport_hash\`, kind \`passport\`, else null); never contacts.`,
        querystring: kioskPeopleQuerySchema,
        response: { 200: kioskPeoplePageSchema },
      },
    },
    async (req) => kioskPeople(app, bearer(req.headers.authorization), req.query),
  );
  app.get(
    '/kiosk-device/passport-keys',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags,
        summary: 'The passport’s public keys and issuer, to check its QR identities while offline',
        description:
          'The keys the passport signs QR identities with now or did lately (as its JWKS publishes them) and its issuer (`iss`). A token matches a person of the people list by `passport_hash`.',
        response: { 200: kioskPassportKeysSchema },
      },
    },
    async (req) => kioskPassportKeys(app, bearer(req.headers.authorization)),
  );
  app.get(
    '/kiosk-device/people/search',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags,
        summary: 'Sign in by name: the first name and two letters of the second at least (a shorter `q` is a 400)',
        description: `${REACH} At most 10, by name, with whether each is on site at the kiosk’s area.`,
        querystring: kioskPeopleSearchQuerySchema,
        response: { 200: kioskPeopleSearchResultSchema },
      },
    },
    async (req) => searchKioskPeople(app, bearer(req.headers.authorization), req.query.q),
  );
  app.get(
    '/kiosk-device/people/:id/photo',
    {
      config: DEVICE_ROUTE,
      schema: { tags, summary: 'The photo of a person the kiosk reaches', description: REACH, params: idParam },
    },
    async (req, reply) => {
      const photo = await kioskPersonPhoto(app, bearer(req.headers.authorization), req.params.id);
      return sendStoredFile(reply, photo.data, { name: photo.name, cache: 'private, no-cache' });
    },
  );
  app.put(
    '/kiosk-device/people/:id/photo',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags,
        summary: `The photo the kiosk's camera took of a person without one (multipart field \`file\`; the profile photo's rules)`,
        description: `${REACH} A person who has a photo: 409 naming \`photo\` (a kiosk never replaces one).`,
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: kioskPersonSchema },
      },
    },
    async (req) => {
      const data = await readSingleFile(req, 'file', LIMITS.photo.maxBytes);
      return setKioskPersonPhoto(app, bearer(req.headers.authorization), req.params.id, data);
    },
  );
  app.post(
    '/kiosk-device/resolve',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags,
        summary: 'Whom a scanned QR code (own, QuickPass or today’s pass) or card number identifies at the kiosk',
        description: `${REACH} Any other code, another company’s included: 404 \`kiosk_scan_unknown\`.`,
        body: kioskResolveBodySchema,
        response: { 200: kioskResolvedSchema },
      },
    },
    async (req) => resolveKioskCode(app, bearer(req.headers.authorization), req.body),
  );
  app.get(
    '/kiosk-device/hosts',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags,
        summary: 'Hosts for the host step of a journey user type’s flow, by name (names only)',
        description: 'The first name and two letters of the second at least; at most 10.',
        querystring: kioskHostsQuerySchema,
        response: { 200: kioskHostsResultSchema },
      },
    },
    async (req) => kioskHosts(app, bearer(req.headers.authorization), req.query),
  );
  app.post(
    '/kiosk-device/sign-in/preview',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags,
        summary: 'What the flow asks of each person at the kiosk’s area now (POST /visits/sign-in/preview there)',
        description: `${REACH} Anyone else: 404 naming \`person_ids\`.`,
        body: kioskSignInPreviewBodySchema,
        response: { 200: signInPreviewSchema },
      },
    },
    async (req) => kioskSignInPreview(app, bearer(req.headers.authorization), req.body, req.lang),
  );
  app.post(
    '/kiosk-device/visitors',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags,
        summary: 'A visitor registering at the kiosk, of a journey user type that lets people register',
        description:
          'Registration methods registration_allowed and registration_not_required. The person gets the kiosk’s site, the user type and the visitor role; the people service’s checks apply (409 naming `email` or `phone` when taken).',
        body: kioskVisitorBodySchema,
        response: { 201: kioskPersonSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await registerKioskVisitor(app, bearer(req.headers.authorization), req.body)),
  );
};
