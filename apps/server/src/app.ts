import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import type { Database } from './db/client';
import { t } from './lib/i18n';
import { authRoutes } from './modules/auth/auth.routes';
import { scheduleAuthHousekeeping } from './modules/auth/housekeeping';
import { companyRoutes } from './modules/entities/company.routes';
import { customFieldsRoutes } from './modules/custom-fields/custom-fields.routes';
import { publicRoutes } from './modules/entities/public.routes';
import type { Mailer } from './modules/mail/mailer';
import { doorsRoutes } from './modules/doors/doors.routes';
import { kioskDeviceRoutes } from './modules/kiosks/kiosk-device.routes';
import { kiosksRoutes } from './modules/kiosks/kiosks.routes';
import { membersRoutes } from './modules/members/members.routes';
import { platformRoutes } from './modules/platform/platform.routes';
import { sitesRoutes } from './modules/sites/sites.routes';
import { tablePreferencesRoutes } from './modules/table-preferences/table-preferences.routes';
import { userTypesRoutes } from './modules/user-types/user-types.routes';
import { rfidRoutes } from './modules/rfid/rfid.routes';
import { quickPassesRoutes } from './modules/quick-passes/quick-passes.routes';
import { peopleRoutes } from './modules/people/people.routes';
import { announcementJobs } from './modules/announcements/announcements.jobs';
import { announcementsRoutes } from './modules/announcements/announcements.routes';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { compliancesRoutes } from './modules/compliances/compliances.routes';
import { journeysRoutes } from './modules/journeys/journeys.routes';
import { visitPermitsRoutes } from './modules/visit-permits/visit-permits.routes';
import { expectedVisitsRoutes } from './modules/expected-visits/expected-visits.routes';
import { preRegistrationRoutes } from './modules/pre-registration/pre-registration.routes';
import { visitJobs } from './modules/visits/visits.jobs';
import { visitsRoutes } from './modules/visits/visits.routes';
import { authPlugin } from './plugins/auth';
import { contextPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { jobsPlugin } from './plugins/jobs';
import { realtimePlugin } from './plugins/realtime';

export type AppOptions = {
  env: Env;
  db: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
};

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The whole app as one Fastify instance; server.ts listens, tests inject. */
export async function buildApp(opts: AppOptions) {
  const app = Fastify({
    logger: opts.logger ?? { level: opts.env.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // External plugins first, then ours, then the feature modules.
  await app.register(contextPlugin, { db: opts.db, env: opts.env, mailer: opts.mailer });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Announcement images are https addresses, videos YouTube embeds (modules/announcements/sanitize.ts).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        frameSrc: ['https://www.youtube-nocookie.com'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  // Per address, on the API only: the web app's assets are static files.
  await app.register(rateLimit, {
    global: true,
    max: opts.env.API_RATE_LIMIT,
    timeWindow: '1 minute',
    allowList: (req) => !req.url.startsWith('/api/'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Front Desk API', version: '1.0.0', description: 'Visitor and attendance management' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          clientToken: { type: 'http', scheme: 'bearer', description: "A company's API client token" },
        },
      },
      security: [{ session: [] }, { clientToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The document page keeps the app's own CSP: scripts from self only, inline styles allowed.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin, { redisUrl: opts.env.REDIS_URL });
  // Declared here, started by server.ts (or a test that asks for it): see plugins/jobs.ts.
  await app.register(jobsPlugin, { jobs: [...announcementJobs, ...visitJobs] });
  scheduleAuthHousekeeping(app);

  await app.register(
    async (api) => {
      await api.register(publicRoutes);
      await api.register(authRoutes);
      await api.register(companyRoutes);
      await api.register(membersRoutes);
      await api.register(platformRoutes);
      await api.register(sitesRoutes);
      await api.register(userTypesRoutes);
      await api.register(tablePreferencesRoutes);
      await api.register(rfidRoutes);
      await api.register(quickPassesRoutes);
      await api.register(peopleRoutes);
      await api.register(kiosksRoutes);
      await api.register(kioskDeviceRoutes);
      await api.register(doorsRoutes);
      await api.register(customFieldsRoutes);
      await api.register(journeysRoutes);
      await api.register(compliancesRoutes);
      await api.register(attendanceRoutes);
      await api.register(visitPermitsRoutes);
      await api.register(announcementsRoutes);
      await api.register(expectedVisitsRoutes);
      await api.register(preRegistrationRoutes);
      await api.register(visitsRoutes);
    },
    { prefix: '/api/v1' },
  );

  const webDist = opts.env.WEB_DIST ? path.resolve(opts.env.WEB_DIST) : DEFAULT_WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/socket.io');
    if (!isApi && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      // Every client route is answered by the single-page app; it shows its own 404.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: 'not_found', message: t(req.lang, 'errors:not_found') });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
