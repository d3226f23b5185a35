// The route tree (spec §2), built from the route table in config/paths. Public routes render without
// the app layout; signed-in routes sit under one layout route whose guard implements "Route guards".
// Areas not built yet render a page that says so (config/paths comingSoonPaths).
import { Center, Loader } from '@mantine/core';
import {
  Navigate,
  Outlet,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouteComponent,
} from '@tanstack/react-router';
import { TIMINGS } from '@app/shared/constants';
import { hrefFor, paths } from '@/config/paths';
import { visitSummaryRootKey } from '@/features/reports/visit-summary/api/get-visit-summary';
import { loadCatalogues } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { requestModals, requestNotifications } from '@/lib/overlays';
import { registerNavigator, reloadToOrigin } from '@/lib/navigation';
import { checkRecordIdParam } from '@/lib/record-id';
import { getStoredUser } from '@/lib/session';
import { ErrorScreen } from '@/components/ui/error-screen';
import { decideRoute } from './route-guard';

const notFoundPage = lazyRouteComponent(() => import('./routes/not-found-page'), 'NotFoundPage');
// Areas not built yet (config/paths comingSoonPaths) say so plainly.
const comingSoonPage = lazyRouteComponent(() => import('./routes/not-found-page'), 'ComingSoonPage');
const comingSoonContent = lazyRouteComponent(() => import('./routes/not-found-page'), 'ComingSoonContent');

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: () => <Navigate to={paths.notFound} replace />,
});

/** A page without the app layout; it renders once its module and the namespaces it shows have loaded. */
const publicPage = <TPath extends string>(
  path: TPath,
  component: RouteComponent = notFoundPage,
  namespaces: readonly string[] = [],
) => createRoute({ getParentRoute: () => rootRoute, path, component, loader: () => loadCatalogues(namespaces) });

const publicRoutes = [
  publicPage(
    paths.login,
    lazyRouteComponent(() => import('@/features/auth/components/login-page'), 'LoginPage'),
    ['auth', 'layout'],
  ),
  publicPage(
    paths.forgotPassword,
    lazyRouteComponent(() => import('@/features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
    ['auth', 'layout'],
  ),
  publicPage(
    paths.resetPassword,
    lazyRouteComponent(() => import('@/features/auth/components/reset-password-page'), 'ResetPasswordPage'),
    ['auth', 'layout'],
  ),
  publicPage(
    paths.unlockSignIn,
    lazyRouteComponent(() => import('@/features/auth/components/unlock-sign-in-page'), 'UnlockSignInPage'),
    ['auth', 'layout'],
  ),
  publicPage(paths.sso),
  publicPage(paths.notFound),
  publicPage(
    paths.error,
    lazyRouteComponent(() => import('./routes/error-page'), 'ErrorPage'),
  ),
  publicPage(
    paths.otpError,
    lazyRouteComponent(() => import('./routes/otp-error-page'), 'OtpErrorPage'),
  ),
  publicPage(
    paths.linkExpired,
    lazyRouteComponent(() => import('./routes/link-expired-page'), 'LinkExpiredPage'),
  ),
  publicPage(
    paths.kioskRegister,
    lazyRouteComponent(() => import('@/features/kiosk-register/components/kiosk-register-page'), 'KioskRegisterPage'),
    ['kiosk-register', 'layout'],
  ),
  publicPage(
    paths.preRegistration,
    lazyRouteComponent(
      () => import('@/features/pre-registration/components/pre-registration-page'),
      'PreRegistrationPage',
    ),
    ['pre-registration', 'custom-fields', 'layout'],
  ),
  publicPage(
    paths.preRegistrationSuccess,
    lazyRouteComponent(
      () => import('@/features/pre-registration/components/pre-registration-success-page'),
      'PreRegistrationSuccessPage',
    ),
    ['pre-registration', 'layout'],
  ),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.expressRegistration,
    beforeLoad: ({ params }) =>
      redirect({
        href: hrefFor(paths.preRegistration, { id: params.id }, { add_visitor: true }),
        replace: true,
        throw: true,
      }),
  }),
  publicPage(
    paths.onlineCompliance,
    lazyRouteComponent(
      () => import('@/features/pre-registration/components/online-compliance-page'),
      'OnlineCompliancePage',
    ),
    ['pre-registration', 'compliances', 'layout'],
  ),
  publicPage(
    paths.complianceLink,
    lazyRouteComponent(
      () => import('@/features/pre-registration/components/compliance-link-page'),
      'ComplianceLinkPage',
    ),
    ['pre-registration', 'compliances', 'layout'],
  ),
  publicPage(
    paths.rfidCode,
    lazyRouteComponent(() => import('@/features/rfid-public/components/rfid-public-page'), 'RfidPublicPage'),
    ['rfid', 'layout'],
  ),
  publicPage(
    paths.iAmSafe,
    lazyRouteComponent(() => import('@/features/emergency/safe/components/safe-page'), 'SafePage'),
    ['safe-link', 'layout'],
  ),
  publicPage(paths.loginOneTime),
  publicPage(paths.passport, comingSoonPage),
  publicPage(
    paths.logout,
    lazyRouteComponent(() => import('./routes/logout-page'), 'LogoutPage'),
  ),
] as const;

/** Spec "Route guards": every signed-in route sits under this one, with or without the app layout. */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: ({ matches, location, preload }) => {
    const decision = decideRoute(matches.at(-1)?.fullPath ?? location.pathname, getStoredUser());
    if (decision.kind === 'redirect') redirect({ to: decision.to, replace: true, throw: true });
    if (decision.kind === 'reload-origin' && !preload) {
      reloadToOrigin();
      // Nothing of the refused route renders while the page reloads.
      return new Promise<never>(() => undefined);
    }
  },
  // The signed-in app opens modals and toasts anywhere: they load once, with its first page.
  loader: () => Promise.all([requestModals(), requestNotifications()]).then(() => undefined),
  component: Outlet,
});

/** What the app layout (menu, top bar, real-time notices) shows besides the start namespaces. */
const LAYOUT_NAMESPACES = ['layout', 'events'];

const appRoute = createRoute({
  getParentRoute: () => signedInRoute,
  id: 'app',
  component: lazyRouteComponent(() => import('./routes/authenticated-layout'), 'AuthenticatedLayout'),
  loader: () => loadCatalogues(LAYOUT_NAMESPACES),
});

const errorInLayout = () => <ErrorScreen standalone={false} />;

/** Spec "Route guards": dashboard routes wait 0.5 s for Cloud. */
const dashboardDelay = async () => {
  if (getStoredUser()?.entity.package === 'Cloud')
    await new Promise<void>((resolve) => setTimeout(resolve, TIMINGS.cloudDashboardRouteDelayMs));
};

/**
 * A page in the app layout; it renders once its module and the namespaces it shows (besides the
 * layout's) have loaded, and after `wait` when given.
 */
const appPage = <TPath extends string>(
  path: TPath,
  component: RouteComponent = comingSoonContent,
  namespaces: readonly string[] = [],
  wait?: () => Promise<void>,
) =>
  createRoute({
    getParentRoute: () => appRoute,
    path,
    component,
    // A malformed id in the address (/update/journey/1) names nothing: the not-found page.
    beforeLoad: checkRecordIdParam,
    loader: () => Promise.all([loadCatalogues(namespaces), wait?.()]).then(() => undefined),
    errorComponent: errorInLayout,
  });

/** Spec §2: /visit_summary clears its figures and waits 0.5 s. */
const visitSummaryDelay = async () => {
  queryClient.removeQueries({ queryKey: visitSummaryRootKey });
  await new Promise<void>((resolve) => setTimeout(resolve, TIMINGS.visitSummaryRouteDelayMs));
};

const DASHBOARD_NAMESPACES = ['visits', 'sign-in', 'custom-fields', 'compliances', 'grid'];

const appRoutes = [
  appPage(
    paths.home,
    lazyRouteComponent(() => import('./routes/home-page'), 'HomePage'),
    DASHBOARD_NAMESPACES,
    dashboardDelay,
  ),
  appPage(
    paths.filtered,
    lazyRouteComponent(() => import('./routes/home-page'), 'FilteredPage'),
    DASHBOARD_NAMESPACES,
    dashboardDelay,
  ),
  appPage(
    paths.company,
    lazyRouteComponent(() => import('@/features/company/components/company-page'), 'CompanyPage'),
    ['company'],
  ),
  appPage(
    paths.twoStep,
    lazyRouteComponent(() => import('@/features/account/components/two-step-page'), 'TwoStepPage'),
    ['account'],
  ),
  appPage(
    paths.accountDetails,
    lazyRouteComponent(() => import('@/features/account/components/own-details-page'), 'OwnDetailsPage'),
    ['account'],
  ),
  appPage(
    paths.systemCompanies,
    lazyRouteComponent(() => import('@/features/system/components/system-companies-page'), 'SystemCompaniesPage'),
    ['system', 'grid'],
  ),
  createRoute({
    getParentRoute: () => appRoute,
    path: paths.oldUserTypes,
    beforeLoad: () => redirect({ to: paths.userTypes, replace: true, throw: true }),
  }),
  appPage(
    paths.users,
    lazyRouteComponent(() => import('@/features/users/components/users-page'), 'UsersPage'),
    ['users', 'visit-permits', 'grid', 'custom-fields', 'compliances', 'people-import'],
  ),
  appPage(
    paths.usersImport,
    lazyRouteComponent(() => import('@/features/people-import/components/people-import-page'), 'PeopleImportPage'),
    ['people-import'],
  ),
  appPage(
    paths.usersImportGrid,
    lazyRouteComponent(() => import('@/features/people-import/components/import-grid-page'), 'ImportGridPage'),
    ['people-import', 'grid'],
  ),
  appPage(
    paths.usersImportQueue,
    lazyRouteComponent(() => import('@/features/people-import/components/import-queue-page'), 'ImportQueuePage'),
    ['people-import', 'grid'],
  ),
  appPage(
    paths.usersImportDetails,
    lazyRouteComponent(() => import('@/features/people-import/components/import-details-page'), 'ImportDetailsPage'),
    ['people-import', 'grid'],
  ),
  appPage(
    paths.duplicationControlBoard,
    lazyRouteComponent(() => import('@/features/duplicates/components/duplication-board-page'), 'DuplicationBoardPage'),
    ['duplicates'],
  ),
  appPage(
    paths.multipleSignIn,
    lazyRouteComponent(() => import('@/features/sign-in/components/multiple-sign-in-page'), 'MultipleSignInPage'),
    ['sign-in', 'grid', 'custom-fields', 'compliances'],
  ),
  appPage(
    paths.inviteUsers,
    lazyRouteComponent(() => import('@/features/users/components/invite-users-page'), 'InviteUsersPage'),
    ['users'],
  ),
  appPage(
    paths.rfidEnrollment,
    lazyRouteComponent(
      () => import('@/features/rfid-enrollment/components/rfid-enrollment-page'),
      'RfidEnrollmentPage',
    ),
    ['rfid', 'grid'],
  ),
  appPage(
    paths.userTypes,
    lazyRouteComponent(() => import('@/features/user-types/components/user-types-page'), 'UserTypesPage'),
    ['user-types', 'visit-permits'],
  ),
  appPage(
    paths.addUserType,
    lazyRouteComponent(() => import('@/features/user-types/components/add-user-type-page'), 'AddUserTypePage'),
    ['user-types'],
  ),
  appPage(
    paths.privacyManager,
    lazyRouteComponent(() => import('@/features/privacy/components/privacy-manager-page'), 'PrivacyManagerPage'),
    ['privacy'],
  ),
  appPage(
    paths.customFields,
    lazyRouteComponent(() => import('@/features/custom-fields/components/custom-fields-page'), 'CustomFieldsPage'),
    ['custom-fields'],
  ),
  appPage(
    paths.addCustomField,
    lazyRouteComponent(() => import('@/features/custom-fields/components/add-custom-field-page'), 'AddCustomFieldPage'),
    ['custom-fields'],
  ),
  appPage(paths.settings),
  appPage(
    paths.announcements,
    lazyRouteComponent(() => import('@/features/announcements/components/announcements-page'), 'AnnouncementsPage'),
    ['announcements', 'grid'],
  ),
  appPage(
    paths.addAnnouncement,
    lazyRouteComponent(
      () => import('@/features/announcements/components/add-announcement-page'),
      'AddAnnouncementPage',
    ),
    ['announcements'],
  ),
  appPage(
    paths.announcementDetails,
    lazyRouteComponent(
      () => import('@/features/announcements/components/announcement-details-page'),
      'AnnouncementDetailsPage',
    ),
    ['announcements'],
  ),
  appPage(
    paths.visitPermits,
    lazyRouteComponent(() => import('@/features/visit-permits/components/visit-permits-page'), 'VisitPermitsPage'),
    ['visit-permits', 'grid'],
  ),
  appPage(
    paths.userVisitPermits,
    lazyRouteComponent(
      () => import('@/features/visit-permits/components/person-visit-permits-page'),
      'PersonVisitPermitsPage',
    ),
    ['visit-permits'],
  ),
  appPage(
    paths.userTypeVisitPermits,
    lazyRouteComponent(
      () => import('@/features/visit-permits/components/user-type-visit-permits-page'),
      'UserTypeVisitPermitsPage',
    ),
    ['visit-permits'],
  ),
  appPage(
    paths.visitPermitPlayground,
    lazyRouteComponent(
      () => import('@/features/visit-permits/components/visit-permit-playground-page'),
      'VisitPermitPlaygroundPage',
    ),
    ['visit-permits'],
  ),
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
    lazyRouteComponent(() => import('@/features/sites/components/sites-page'), 'SitesPage'),
    ['sites', 'kiosks', 'grid'],
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
  appPage(paths.integration),
  appPage(paths.integrationSettings),
  appPage(paths.syncIntegration),
  appPage(paths.syncStatus),
  appPage(paths.integrationError),
  appPage(paths.integrationDuplicate),
  appPage(paths.integrationValid),
  appPage(paths.writeBack),
  appPage(paths.attendanceCodes),
  appPage(paths.viewIntegration),
  appPage(paths.googleAdAuth),
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

/** Signed-in pages printed from their own tab, without the app layout around them. */
const printPage = <TPath extends string>(path: TPath, component: RouteComponent, namespaces: readonly string[]) =>
  createRoute({
    getParentRoute: () => signedInRoute,
    path,
    component,
    beforeLoad: checkRecordIdParam,
    loader: () => loadCatalogues(namespaces),
  });

const printRoutes = [
  printPage(
    paths.quickPassPrint,
    lazyRouteComponent(() => import('@/features/users/components/quick-pass-print-page'), 'QuickPassPrintPage'),
    ['users'],
  ),
  printPage(
    paths.badgePrint,
    lazyRouteComponent(() => import('@/features/visits/components/badge-print-page'), 'BadgePrintPage'),
    ['visits'],
  ),
] as const;

const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  signedInRoute.addChildren([...printRoutes, appRoute.addChildren([...appRoutes])]),
]);

function RoutePending() {
  return (
    <Center mih="50vh">
      <Loader />
    </Center>
  );
}

export const router = createRouter({
  routeTree,
  defaultPendingComponent: RoutePending,
  defaultPendingMs: 200,
  defaultErrorComponent: () => <ErrorScreen />,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

registerNavigator((href, { replace } = {}) => {
  void router.navigate({ href, replace });
});

/**
 * Spec "Navigation after actions": using the browser's back button reloads the page after 500 ms. A
 * navigation within those 500 ms cancels the reload, so it never wipes a page the person has moved on
 * to (and may be typing in).
 */
export function reloadOnBackNavigation(): () => void {
  let pending: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = router.history.subscribe(({ action }) => {
    clearTimeout(pending);
    pending =
      action.type === 'BACK' ? setTimeout(() => window.location.reload(), TIMINGS.backButtonReloadMs) : undefined;
  });
  return () => {
    clearTimeout(pending);
    unsubscribe();
  };
}
