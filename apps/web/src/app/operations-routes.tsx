// Pages in the app layout (spec §2), second part: reports, expected visitors, sites, journeys,
// compliances, integrations and their webhooks, emergencies and attendance modes.
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { TIMINGS } from '@app/shared/constants';
import { paths } from '@/config/paths';
import { visitSummaryRootKey } from '@/features/reports/visit-summary/api/get-visit-summary';
import { queryClient } from '@/lib/query-client';
import { appPage, appRoute } from './route-shells';

// Spec §2: the integration's error, duplicate and valid-users pages wait before they show (loaded with
// the page, so the start files carry none of it).
const integrationPages = () => import('@/features/integrations/pages');
const webhookPages = () => import('@/features/webhooks/pages');
const integrationDelay = (page: 'errorPageDelay' | 'duplicatePageDelay' | 'validPageDelay') => () =>
  integrationPages().then((pages) => pages[page]());

const visitSummaryDelay = async () => {
  queryClient.removeQueries({ queryKey: visitSummaryRootKey });
  await new Promise<void>((resolve) => setTimeout(resolve, TIMINGS.visitSummaryRouteDelayMs));
};

export const operationsRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: paths.reportingTime,
    beforeLoad: () => redirect({ to: paths.reportingTimesheet, replace: true, throw: true }),
  }),
  appPage(
    paths.reportingHistory,
    lazyRouteComponent(() => import('@/features/reports/history/components/history-page'), 'HistoryPage'),
    ['reports', 'grid', 'visits'],
  ),
  appPage(
    paths.reportingVisitSummary,
    lazyRouteComponent(
      () => import('@/features/reports/visit-summary/components/visit-summary-page'),
      'VisitSummaryPage',
    ),
    ['reports', 'grid'],
    visitSummaryDelay,
  ),
  appPage(
    paths.reportingUsersNotOnSite,
    lazyRouteComponent(
      () => import('@/features/reports/presence/components/users-not-on-site-page'),
      'UsersNotOnSitePage',
    ),
    ['reports', 'grid'],
  ),
  appPage(
    paths.reportingPrinter,
    lazyRouteComponent(() => import('@/features/reports/devices/components/print-queue-page'), 'PrintQueuePage'),
    ['reports', 'grid'],
  ),
  appPage(
    paths.reportingKioskLogs,
    lazyRouteComponent(() => import('@/features/reports/devices/components/kiosk-logs-page'), 'KioskLogsPage'),
    ['reports', 'grid'],
  ),
  appPage(
    paths.auditLog,
    lazyRouteComponent(() => import('@/features/reports/audit-log/components/audit-log-page'), 'AuditLogPage'),
    ['reports', 'grid'],
  ),
  appPage(
    paths.watchlist,
    lazyRouteComponent(() => import('@/features/watchlist/components/watchlist-page'), 'WatchlistEntriesPage'),
    ['watchlist'],
  ),
  appPage(
    paths.watchlistScreenings,
    lazyRouteComponent(() => import('@/features/watchlist/components/watchlist-page'), 'WatchlistScreeningsPage'),
    ['watchlist'],
  ),
  appPage(
    paths.reportingTimesheet,
    lazyRouteComponent(() => import('@/features/reports/timesheet/components/timesheet-page'), 'TimesheetPage'),
    ['reports', 'grid'],
  ),
  appPage(
    paths.reportingTrackTrace,
    lazyRouteComponent(() => import('@/features/reports/presence/components/track-trace-page'), 'TrackTracePage'),
    ['reports', 'grid'],
  ),
  appPage(
    paths.reportingExportList,
    lazyRouteComponent(() => import('@/features/reports/exports/components/export-list-page'), 'ExportListPage'),
    ['reports', 'grid'],
  ),
  appPage(
    paths.addExpectedVisitors,
    lazyRouteComponent(
      () => import('@/features/expected-visits/components/add-expected-visitors-page'),
      'AddExpectedVisitorsPage',
    ),
    ['expected-visits', 'grid'],
  ),
  appPage(
    paths.sites,
    lazyRouteComponent(() => import('./routes/sites-page'), 'SitesRoutePage'),
    ['sites', 'kiosks', 'grid', 'capacity'],
  ),
  appPage(
    paths.journeys,
    lazyRouteComponent(() => import('@/features/journeys/components/journeys-page'), 'JourneysPage'),
    ['journeys', 'grid'],
  ),
  appPage(
    paths.addJourney,
    lazyRouteComponent(() => import('@/features/journeys/components/add-journey-page'), 'AddJourneyPage'),
    ['journeys'],
  ),
  appPage(
    paths.updateJourney,
    lazyRouteComponent(() => import('@/features/journeys/components/update-journey-page'), 'UpdateJourneyPage'),
    ['journeys'],
  ),
  appPage(
    paths.addFlow,
    lazyRouteComponent(() => import('@/features/journeys/components/flow-editor-page'), 'FlowEditorPage'),
    ['journeys'],
  ),
  appPage(
    paths.addJourneyFlow,
    lazyRouteComponent(() => import('@/features/journeys/components/flow-editor-page'), 'FlowEditorPage'),
    ['journeys'],
  ),
  appPage(
    paths.updateJourneyFlow,
    lazyRouteComponent(() => import('@/features/journeys/components/flow-editor-page'), 'FlowEditorPage'),
    ['journeys'],
  ),
  appPage(
    paths.compliances,
    lazyRouteComponent(() => import('@/features/compliances/components/compliances-page'), 'CompliancesPage'),
    ['compliances', 'grid'],
  ),
  appPage(
    paths.complianceNew,
    lazyRouteComponent(() => import('@/features/compliances/components/compliance-form-page'), 'ComplianceFormPage'),
    ['compliances'],
  ),
  appPage(
    paths.complianceUpdate,
    lazyRouteComponent(() => import('@/features/compliances/components/compliance-form-page'), 'ComplianceFormPage'),
    ['compliances'],
  ),
  appPage(paths.integration, lazyRouteComponent(integrationPages, 'IntegrationsPage'), ['integrations', 'grid']),
  appPage(
    paths.integrationSettings,
    lazyRouteComponent(
      () => import('@/features/integrations/components/integration-settings-page'),
      'IntegrationSettingsPage',
    ),
    ['integrations'],
  ),
  appPage(
    paths.syncIntegration,
    lazyRouteComponent(
      () => import('@/features/integrations/components/connect-directory-page'),
      'ConnectDirectoryPage',
    ),
    ['integrations'],
  ),
  appPage(paths.syncStatus, lazyRouteComponent(integrationPages, 'SyncStatusPage'), ['integrations']),
  appPage(
    paths.integrationError,
    lazyRouteComponent(
      () => import('@/features/integrations/components/integration-errors-page'),
      'IntegrationErrorsPage',
    ),
    ['integrations', 'grid'],
    integrationDelay('errorPageDelay'),
  ),
  appPage(
    paths.integrationDuplicate,
    lazyRouteComponent(
      () => import('@/features/integrations/components/integration-duplicates-page'),
      'IntegrationDuplicatesPage',
    ),
    ['integrations'],
    integrationDelay('duplicatePageDelay'),
  ),
  appPage(
    paths.integrationValid,
    lazyRouteComponent(
      () => import('@/features/integrations/components/integration-valid-page'),
      'IntegrationValidPage',
    ),
    ['integrations'],
    integrationDelay('validPageDelay'),
  ),
  appPage(paths.writeBack, lazyRouteComponent(integrationPages, 'WriteBackPage'), ['integrations']),
  appPage(paths.attendanceCodes, lazyRouteComponent(integrationPages, 'AttendanceCodesPage'), ['integrations']),
  appPage(paths.viewIntegration, lazyRouteComponent(integrationPages, 'ViewIntegrationPage'), ['integrations']),
  appPage(paths.googleAdAuth, lazyRouteComponent(integrationPages, 'GoogleReturnPage'), ['integrations']),
  appPage(paths.webhooks, lazyRouteComponent(webhookPages, 'WebhooksPage'), ['webhooks']),
  appPage(paths.webhookLog, lazyRouteComponent(webhookPages, 'WebhookDeliveriesPage'), ['webhooks']),
  appPage(
    paths.emergencyList,
    lazyRouteComponent(() => import('@/features/emergency/list/components/emergency-list-page'), 'EmergencyListPage'),
    ['emergency'],
  ),
  appPage(
    paths.emergencySessions,
    lazyRouteComponent(
      () => import('@/features/emergency/sessions/components/emergency-sessions-page'),
      'EmergencySessionsPage',
    ),
    ['emergency', 'grid'],
  ),
  appPage(
    paths.emergencySession,
    lazyRouteComponent(() => import('@/features/emergency/session/components/session-page'), 'EmergencySessionPage'),
    ['emergency'],
  ),
  appPage(
    paths.emergencySessionReport,
    lazyRouteComponent(() => import('@/features/emergency/report/components/report-page'), 'RollCallReportPage'),
    ['emergency'],
  ),
  appPage(
    paths.attendanceModes,
    lazyRouteComponent(() => import('@/features/attendance/components/attendance-modes-page'), 'AttendanceModesPage'),
    ['attendance', 'grid'],
  ),
  appPage(
    paths.addAttendanceMode,
    lazyRouteComponent(
      () => import('@/features/attendance/components/add-attendance-mode-page'),
      'AddAttendanceModePage',
    ),
    ['attendance'],
  ),
  appPage(
    paths.addReason,
    lazyRouteComponent(() => import('@/features/attendance/components/add-reason-page'), 'AddReasonPage'),
    ['attendance'],
  ),
] as const;
