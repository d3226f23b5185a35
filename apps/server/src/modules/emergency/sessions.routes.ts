import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  areasWithSessionSchema,
  emergencyListQuerySchema,
  emergencyListSchema,
  emergencyPlacesSchema,
  fireAlarmResultSchema,
  sessionDetailSchema,
  sessionPermissionsSchema,
  sessionStatsSchema,
  sessionSummarySchema,
  sessionsListSchema,
  sessionsQuerySchema,
  startSessionSchema,
} from '@app/shared/emergency/schemas';
import { idParam } from '@app/shared/http/paging';
import { requireAccess } from '../../plugins/auth';
import { bearer, DEVICE_ROUTE } from '../kiosks/device-route';
import { emergencyList, emergencyPlaces } from './emergency-list.service';
import { raiseFireAlarm } from './fire-alarm';
import {
  activeSessions,
  areasWithSession,
  endSession,
  getSession,
  listSessions,
  sessionPermissions,
  sessionStats,
  startSession,
} from './sessions.service';

// Spec §7 "Emergency": emergency_list, emergencies, check_active_sessions, areas_with_session,
// start_emergency, get_emergency, check_have_premissions_to_emergency_session / _end_session,
// end_emergency; and the kiosk's fire alarm. The company comes from the session, never from the path.
const LIST = 'show_emergency_list' as const;
const SESSIONS = 'show_emergency_sessions' as const;
const EITHER = [LIST, SESSIONS] as const;

export const emergencySessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['emergency'];

  app.get(
    '/emergency/list',
    {
      config: { access: { permission: LIST } },
      schema: {
        tags,
        summary: 'Everyone on site now in your sites (and the chosen sites and areas), by site and area, with counts',
        description: 'People whose visit is signed in and not signed out; check-in-only visits are not presence.',
        querystring: emergencyListQuerySchema,
        response: { 200: emergencyListSchema },
      },
    },
    async (req) => emergencyList(app, requireAccess(req), req.query),
  );

  app.get(
    '/emergency/places',
    {
      config: { access: { permission: EITHER } },
      schema: {
        tags,
        summary: 'Your sites and their areas, with how many people are on site in each now',
        response: { 200: emergencyPlacesSchema },
      },
    },
    async (req) => emergencyPlaces(app, requireAccess(req)),
  );

  app.get(
    '/emergency/sessions',
    {
      config: { access: { permission: SESSIONS } },
      schema: {
        tags,
        summary: 'Emergency sessions you may join, newest first; `status` and `drill` filter them',
        querystring: sessionsQuerySchema,
        response: { 200: sessionsListSchema },
      },
    },
    async (req) => listSessions(app, requireAccess(req), req.query),
  );

  app.get(
    '/emergency/sessions/active',
    {
      config: { access: { permission: EITHER } },
      schema: {
        tags,
        summary: 'The running sessions you may join',
        response: { 200: z.object({ data: z.array(sessionSummarySchema) }) },
      },
    },
    async (req) => activeSessions(app, requireAccess(req)),
  );

  app.get(
    '/emergency/sessions/stats',
    {
      config: { access: { permission: SESSIONS } },
      schema: {
        tags,
        summary:
          'Drills and real emergencies counted apart: how many, the last, the median minutes to all accounted for',
        response: { 200: sessionStatsSchema },
      },
    },
    async (req) => sessionStats(app, requireAccess(req)),
  );

  app.get(
    '/emergency/areas-with-session',
    {
      config: { access: { permission: EITHER } },
      schema: {
        tags,
        summary: 'The areas of your sites that a running session covers, with that session',
        response: { 200: areasWithSessionSchema },
      },
    },
    async (req) => areasWithSession(app, requireAccess(req)),
  );

  app.post(
    '/emergency/sessions',
    {
      config: { access: { permission: SESSIONS, noClientToken: true } },
      schema: {
        tags,
        summary:
          'Starts a session over sites and areas (none named: all of yours); its roll is everyone on site there now',
        description:
          'Each person on the roll with an email is sent "evacuate now" with their own "I am safe" link (a drill says so). Refused 409 on `area_ids` naming areas already in a running session, 422 when there is no area to cover.',
        body: startSessionSchema,
        response: { 201: sessionDetailSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await startSession(app, requireAccess(req), req.body, req.lang)),
  );

  app.get(
    '/emergency/sessions/:id',
    {
      config: { access: { permission: SESSIONS } },
      schema: {
        tags,
        summary: 'One session you may join, with the part of its roll in your sites',
        params: idParam,
        response: { 200: sessionDetailSchema },
      },
    },
    async (req) => getSession(app, requireAccess(req), req.params.id),
  );

  app.get(
    '/emergency/sessions/:id/permissions',
    {
      config: { access: { permission: SESSIONS } },
      schema: {
        tags,
        summary: 'Whether you may join the session and end it, and the areas that stop you ending it',
        params: idParam,
        response: { 200: sessionPermissionsSchema },
      },
    },
    async (req) => sessionPermissions(app, requireAccess(req), req.params.id),
  );

  app.post(
    '/emergency/sessions/:id/end',
    {
      config: { access: { permission: SESSIONS, noClientToken: true } },
      schema: {
        tags,
        summary: 'Ends a running session',
        description:
          'Refused 422 naming the areas outside your sites that still have people signed in, and 409 when it has ended already.',
        params: idParam,
        response: { 200: sessionSummarySchema },
      },
    },
    async (req) => endSession(app, requireAccess(req), req.params.id),
  );

  app.post(
    '/kiosk-device/fire-alarm',
    {
      config: DEVICE_ROUTE,
      schema: {
        tags: ['kiosk device'],
        summary: "A registered kiosk's fire-alarm input fired: a session over its area starts",
        description:
          "Authorization: Bearer <device token>. 201 with the new session; 200 with the running session that covers the kiosk's area already; 422 on `fire_alarm` when the kiosk's fire alarm setting is off.",
        response: { 201: fireAlarmResultSchema, 200: fireAlarmResultSchema },
      },
    },
    async (req, reply) => {
      const result = await raiseFireAlarm(app, bearer(req.headers.authorization), req.lang);
      return reply.status(result.started ? 201 : 200).send(result);
    },
  );
};
