import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_TOKEN_PERMISSIONS } from '@app/shared/access/permissions';
import type { Env } from './config/env';
import type { Database } from './db/client';
import { baseFastify } from './lib/fastify-base';
import { buildSecurityHeaders } from './plugins/security-headers';
import { authRoutes } from './modules/auth/auth.routes';
import { scheduleAuthHousekeeping } from './modules/auth/housekeeping';
import { companyRoutes } from './modules/entities/company.routes';
import { customFieldsRoutes } from './modules/custom-fields/custom-fields.routes';
import { publicRoutes } from './modules/entities/public.routes';
import type { Mailer } from './modules/mail/mailer';
import { doorsRoutes } from './modules/doors/doors.routes';
import { kioskDeviceRoutes } from './modules/kiosks/kiosk-device.routes';
import { kiosksRoutes } from './modules/kiosks/kiosks.routes';
import { kioskRequestsRoutes } from './modules/kiosks/kiosk-requests.routes';
import { kioskReviewsRoutes } from './modules/kiosks/kiosk-reviews.routes';
import { kioskDeviceRequestsRoutes } from './modules/kiosks/kiosk-device-requests.routes';
import { kioskDeviceDataRoutes } from './modules/kiosks/kiosk-device-data.routes';
import { kioskDeviceAfterVisitRoutes } from './modules/kiosks/kiosk-device-after-visit.routes';
import { kioskDeviceLookupRoutes } from './modules/kiosks/kiosk-device-lookup.routes';
import { membersRoutes } from './modules/members/members.routes';
import { platformRoutes } from './modules/platform/platform.routes';
import { sitesRoutes } from './modules/sites/sites.routes';
import { tablePreferencesRoutes } from './modules/table-preferences/table-preferences.routes';
import { userTypesRoutes } from './modules/user-types/user-types.routes';
import { rfidRoutes } from './modules/rfid/rfid.routes';
import { quickPassesRoutes } from './modules/quick-passes/quick-passes.routes';
import { peopleRoutes } from './modules/people/people.routes';
import { announcementJobs } from './modules/announcements/announcements.jobs';
import { complianceMailJobs } from './modules/compliance-mails/compliance-mails.jobs';
import { announcementsRoutes } from './modules/announcements/announcements.routes';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { compliancesRoutes } from './modules/compliances/compliances.routes';
import { journeysRoutes } from './modules/journeys/journeys.routes';
import { visitPermitsRoutes } from './modules/visit-permits/visit-permits.routes';
import { expectedVisitsRoutes } from './modules/expected-visits/expected-visits.routes';
import { preRegistrationRoutes } from './modules/pre-registration/pre-registration.routes';
import { validateUserUpdateRoutes } from './modules/pre-registration/validate-user-update.routes';
import { visitJobs } from './modules/visits/visits.jobs';
import { exportsRoutes } from './modules/reports/exports/exports.routes';
import { reportExportJobs } from './modules/reports/exports/exports.jobs';
import { kioskJobs } from './modules/kiosks/kiosks.jobs';
import { printQueueRoutes } from './modules/reports/print-queue/print-queue.routes';
import { kioskLogsRoutes } from './modules/reports/kiosk-logs/kiosk-logs.routes';
import { auditLogRoutes } from './modules/audit/audit-log.routes';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { capacityRoutes } from './modules/capacity/capacity.routes';
import { hostApprovalsRoutes } from './modules/host-alerts/host-approvals.routes';
import { visitsRoutes } from './modules/visits/visits.routes';
import { timesheetRoutes } from './modules/reports/timesheet/timesheet.routes';
import { historyRoutes } from './modules/reports/history/history.routes';
import { visitSummaryRoutes } from './modules/reports/visit-summary/visit-summary.routes';
import { presenceReportRoutes } from './modules/reports/presence/presence.routes';
import { authPlugin } from './plugins/auth';
import { contextPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { jobsPlugin } from './plugins/jobs';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { realtimePlugin } from './plugins/realtime';
import { realtimeKiosksPlugin } from './plugins/realtime-kiosks';
import { kioskAppPlugin } from './plugins/kiosk-app';
import { warmUpPlugin } from './plugins/warm-up';
import { webAppPlugin } from './plugins/web-app';
import { createLiveFeed } from './modules/visits/live-feed';
import { createEmergencyFeed } from './modules/emergency/signed-out-feed';
import { rollRoutes } from './modules/emergency/roll.routes';
import { emergencySessionRoutes } from './modules/emergency/sessions.routes';
import { duplicateScanJob } from './modules/duplicates/duplicate-scan';
import { duplicatesRoutes } from './modules/duplicates/duplicates.routes';
import { expirePeopleImportsJob } from './modules/people-import/import-expiry';
import { peopleImportJob } from './modules/people-import/import-run';
import { peopleImportRoutes } from './modules/people-import/people-import.routes';
import { privacyRetentionJob } from './modules/privacy/privacy.jobs';
import { visitStatsFoldJob } from './modules/reports/visit-summary/visit-summary.jobs';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { facesRoutes } from './modules/faces/faces.routes';
import { facesKioskRoutes } from './modules/faces/faces-kiosk.routes';
import { facesPublicRoutes } from './modules/faces/faces-public.routes';
import { facesHolderRoutes } from './modules/faces/faces-holder.routes';
import { loadSecrets, type Secrets } from './lib/secrets';
import { createPassportClient } from './modules/passport-sign-in/passport-client';
import { passportSignInRoutes } from './modules/passport-sign-in/passport-sign-in.routes';
import { passportTwoStepNotice } from './modules/passport-sign-in/two-step-notice';
import { createCompanyProviderClients } from './modules/company-sign-in/company-client';
import { companySignInRoutes } from './modules/company-sign-in/company-sign-in.routes';
import { passportHolderRoutes } from './modules/passport-holder/holder.routes';
import { passportHolderProfileRoutes } from './modules/passport-holder/holder-profile.routes';
import { identityProviderRoutes } from './modules/company-sign-in/identity-provider.routes';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import { integrationFlowRoutes } from './modules/integrations/integration-flow.routes';
import { integrationRunJob, integrationScheduleJob } from './modules/integrations/integration-runs';
import { createDirectoryHttp, type DirectoryHttp } from './modules/integrations/connectors/http';
import { integrationScansRoutes } from './modules/integrations/integration-scans.routes';
import { integrationWriteBackJob } from './modules/integrations/write-back';
import { faceIdsJob } from './modules/faces/faces.jobs';
import { webhookJobs } from './modules/webhooks/webhooks.jobs';
import { hostAlertJobs } from './modules/host-alerts/host-alerts.jobs';
import { webhookRunnerPlugin } from './modules/webhooks/webhook-runner';
import { scimRoutes } from './modules/scim/scim.routes';

export type AppOptions = {
  env: Env;
  db: Database;
  /** The installation's secret (lib/secrets.ts); read from SECRETS_KEY or DATA_DIR when not given. */
  secrets?: Secrets;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Tests give a client that records a Retry-After instead of waiting it out. */
  directoryHttp?: DirectoryHttp;
};

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const DEFAULT_KIOSK_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../kiosk/dist');

/** The whole app as one Fastify instance; server.ts listens, tests inject. */
export async function buildApp(opts: AppOptions) {
  const app = baseFastify(opts.env, opts.logger);

  // External plugins first, then ours, then the feature modules.
  await app.register(contextPlugin, { db: opts.db, env: opts.env, mailer: opts.mailer });
  const secrets = opts.secrets ?? loadSecrets(opts.env.SECRETS_KEY, opts.env.dataDir);
  app.decorate('secrets', secrets);
  app.decorate('passportClient', createPassportClient(opts.env, secrets));
  app.decorate('companyProviderClients', createCompanyProviderClients(secrets));
  app.decorate('directoryHttp', opts.directoryHttp ?? createDirectoryHttp());
  // Security headers (helmet), built once (decision 024).
  const securityHeaders = buildSecurityHeaders();
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  // Per session, API token or kiosk, else per address; on the API only (decision 037).
  await app.register(rateLimitsPlugin, { env: opts.env });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Front Desk API', version: '1.0.0', description: 'Visitor and attendance management' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          clientToken: {
            type: 'http',
            scheme: 'bearer',
            description: `A company's API client token (made on the company page, shown once). It acts in its company with exactly these permissions: ${API_TOKEN_PERMISSIONS.join(', ')}. It never manages the company, roles or dashboard access, and never changes people who use the dashboard; operations it may not call list only the session scheme and answer 403 to it.`,
          },
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
  await app.register(inputGuardPlugin);
  // GET /api/health/ready, and the warm-up server.ts runs before it answers 200 (decision 037).
  await app.register(warmUpPlugin);
  await app.register(realtimePlugin, { redisUrl: opts.env.REDIS_URL });
  // The kiosks' own namespace of the gateway, opened with a device token (decision 044).
  await app.register(realtimeKiosksPlugin);
  await app.register(kioskAppPlugin, { root: opts.env.KIOSK_DIST || DEFAULT_KIOSK_DIST });
  // Sign-outs during an emergency session reach the session's watchers (decision 031).
  const emergencyFeed = createEmergencyFeed(app);
  app.decorate('emergencyFeed', emergencyFeed);
  app.addHook('onClose', async () => emergencyFeed.close());
  // Open dashboards told what visits changed, as the database announces it (decisions 023, 056); the
  // emergency feed hears the sign-outs from it.
  const liveFeed = createLiveFeed(app, {
    signedOut: (entityId, visitIds) => emergencyFeed.visitsLeft(entityId, visitIds),
  });
  app.decorate('liveFeed', liveFeed);
  await liveFeed.start();
  app.addHook('onClose', async () => liveFeed.close());
  // Declared here, started by server.ts (or a test that asks for it): see plugins/jobs.ts.
  await app.register(jobsPlugin, {
    jobs: [
      ...announcementJobs,
      ...visitJobs,
      ...complianceMailJobs,
      ...kioskJobs,
      ...reportExportJobs,
      duplicateScanJob,
      peopleImportJob,
      expirePeopleImportsJob,
      privacyRetentionJob,
      visitStatsFoldJob,
      integrationRunJob,
      integrationScheduleJob,
      integrationWriteBackJob,
      faceIdsJob,
      ...webhookJobs,
      ...hostAlertJobs,
    ],
  });
  // Webhook deliveries start on the nodes that run jobs, when queued (decision 052).
  await app.register(webhookRunnerPlugin);
  scheduleAuthHousekeeping(app);
  // A person who turns two-step on in their passport is signed out of the dashboard (decision 047).
  await app.register(passportTwoStepNotice);

  await app.register(
    async (api) => {
      await api.register(publicRoutes);
      await api.register(authRoutes);
      await api.register(passportSignInRoutes);
      await api.register(companySignInRoutes);
      await api.register(passportHolderRoutes);
      await api.register(passportHolderProfileRoutes);
      await api.register(facesHolderRoutes);
      await api.register(companyRoutes);
      await api.register(identityProviderRoutes);
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
      await api.register(kioskRequestsRoutes);
      await api.register(kioskReviewsRoutes);
      await api.register(kioskDeviceRequestsRoutes);
      await api.register(kioskDeviceDataRoutes);
      await api.register(kioskDeviceAfterVisitRoutes);
      await api.register(kioskDeviceLookupRoutes);
      await api.register(doorsRoutes);
      await api.register(customFieldsRoutes);
      await api.register(journeysRoutes);
      await api.register(compliancesRoutes);
      await api.register(attendanceRoutes);
      await api.register(visitPermitsRoutes);
      await api.register(announcementsRoutes);
      await api.register(expectedVisitsRoutes);
      await api.register(preRegistrationRoutes);
      await api.register(validateUserUpdateRoutes);
      await api.register(visitsRoutes);
      await api.register(timesheetRoutes);
      await api.register(historyRoutes);
      await api.register(visitSummaryRoutes);
      await api.register(presenceReportRoutes);
      await api.register(printQueueRoutes);
      await api.register(kioskLogsRoutes);
      await api.register(auditLogRoutes);
      await api.register(watchlistRoutes);
      await api.register(webhooksRoutes);
      await api.register(capacityRoutes);
      await api.register(hostApprovalsRoutes);
      await api.register(exportsRoutes);
      await api.register(emergencySessionRoutes);
      await api.register(duplicatesRoutes);
      await api.register(peopleImportRoutes);
      await api.register(privacyRoutes);
      await api.register(facesRoutes);
      await api.register(facesKioskRoutes);
      await api.register(facesPublicRoutes);
      await api.register(rollRoutes);
      await api.register(integrationsRoutes);
      await api.register(integrationFlowRoutes);
      await api.register(integrationScansRoutes);
    },
    { prefix: '/api/v1' },
  );

  // SCIM 2.0 for a company's identity provider: its own media type, errors and bearer tokens (decision 048).
  await app.register(scimRoutes, { prefix: '/scim/v2' });

  // Last: its not-found handler answers every path the API and the files above did not.
  await app.register(webAppPlugin, { root: opts.env.WEB_DIST || DEFAULT_WEB_DIST });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
