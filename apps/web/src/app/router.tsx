// The route tree (spec §2), built from the route table in config/paths. Public routes render without
// the app layout; signed-in routes sit under one layout route whose guard implements "Route guards".
// Screens that later issues build render the not-found page until then.
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
import { registerNavigator, reloadToOrigin } from '@/lib/navigation';
import { getStoredUser } from '@/lib/session';
import { ErrorScreen } from '@/components/ui/error-screen';
import { decideRoute } from './route-guard';

const notFoundPage = lazyRouteComponent(() => import('./routes/not-found-page'), 'NotFoundPage');
const notFoundContent = lazyRouteComponent(() => import('./routes/not-found-page'), 'NotFoundContent');

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: () => <Navigate to={paths.notFound} replace />,
});

const publicPage = <TPath extends string>(path: TPath, component: RouteComponent = notFoundPage) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

const publicRoutes = [
  publicPage(
    paths.login,
    lazyRouteComponent(() => import('@/features/auth/components/login-page'), 'LoginPage'),
  ),
  publicPage(
    paths.forgotPassword,
    lazyRouteComponent(() => import('@/features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
  ),
  publicPage(
    paths.resetPassword,
    lazyRouteComponent(() => import('@/features/auth/components/reset-password-page'), 'ResetPasswordPage'),
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
  ),
  publicPage(
    paths.preRegistration,
    lazyRouteComponent(
      () => import('@/features/pre-registration/components/pre-registration-page'),
      'PreRegistrationPage',
    ),
  ),
  publicPage(
    paths.preRegistrationSuccess,
    lazyRouteComponent(
      () => import('@/features/pre-registration/components/pre-registration-success-page'),
      'PreRegistrationSuccessPage',
    ),
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
  ),
  publicPage(
    paths.complianceLink,
    lazyRouteComponent(
      () => import('@/features/pre-registration/components/compliance-link-page'),
      'ComplianceLinkPage',
    ),
  ),
  publicPage(
    paths.rfidCode,
    lazyRouteComponent(() => import('@/features/rfid-public/components/rfid-public-page'), 'RfidPublicPage'),
  ),
  publicPage(paths.loginOneTime),
  publicPage(paths.passport),
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
  component: Outlet,
});

const appRoute = createRoute({
  getParentRoute: () => signedInRoute,
  id: 'app',
  component: lazyRouteComponent(() => import('./routes/authenticated-layout'), 'AuthenticatedLayout'),
});

const errorInLayout = () => <ErrorScreen standalone={false} />;

const appPage = <TPath extends string>(path: TPath, component: RouteComponent = notFoundContent) =>
  createRoute({ getParentRoute: () => appRoute, path, component, errorComponent: errorInLayout });

/** Spec "Route guards": dashboard routes wait 0.5 s for Cloud. */
const dashboardDelay = () =>
  getStoredUser()?.entity.package === 'Cloud'
    ? new Promise<void>((resolve) => setTimeout(resolve, TIMINGS.cloudDashboardRouteDelayMs))
    : undefined;

const homePage = lazyRouteComponent(() => import('./routes/home-page'), 'HomePage');
const filteredPage = lazyRouteComponent(() => import('./routes/home-page'), 'FilteredPage');

const appRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: paths.home,
    component: homePage,
    loader: dashboardDelay,
    errorComponent: errorInLayout,
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: paths.filtered,
    component: filteredPage,
    loader: dashboardDelay,
    errorComponent: errorInLayout,
  }),
  appPage(
    paths.company,
    lazyRouteComponent(() => import('@/features/company/components/company-page'), 'CompanyPage'),
  ),
  appPage(
    paths.twoStep,
    lazyRouteComponent(() => import('@/features/account/components/two-step-page'), 'TwoStepPage'),
  ),
  appPage(
    paths.systemCompanies,
    lazyRouteComponent(() => import('@/features/system/components/system-companies-page'), 'SystemCompaniesPage'),
  ),
  createRoute({
    getParentRoute: () => appRoute,
    path: paths.oldUserTypes,
    beforeLoad: () => redirect({ to: paths.userTypes, replace: true, throw: true }),
  }),
  appPage(
    paths.users,
    lazyRouteComponent(() => import('@/features/users/components/users-page'), 'UsersPage'),
  ),
  appPage(paths.usersImport),
  appPage(paths.usersImportGrid),
  appPage(paths.usersImportQueue),
  appPage(paths.usersImportDetails),
  appPage(paths.duplicationControlBoard),
  appPage(
    paths.multipleSignIn,
    lazyRouteComponent(() => import('@/features/sign-in/components/multiple-sign-in-page'), 'MultipleSignInPage'),
  ),
  appPage(
    paths.inviteUsers,
    lazyRouteComponent(() => import('@/features/users/components/invite-users-page'), 'InviteUsersPage'),
  ),
  appPage(
    paths.rfidEnrollment,
    lazyRouteComponent(
      () => import('@/features/rfid-enrollment/components/rfid-enrollment-page'),
      'RfidEnrollmentPage',
    ),
  ),
  appPage(
    paths.userTypes,
    lazyRouteComponent(() => import('@/features/user-types/components/user-types-page'), 'UserTypesPage'),
  ),
  appPage(
    paths.addUserType,
    lazyRouteComponent(() => import('@/features/user-types/components/add-user-type-page'), 'AddUserTypePage'),
  ),
  appPage(paths.privacyManager),
  appPage(
    paths.customFields,
    lazyRouteComponent(() => import('@/features/custom-fields/components/custom-fields-page'), 'CustomFieldsPage'),
  ),
  appPage(
    paths.addCustomField,
    lazyRouteComponent(() => import('@/features/custom-fields/components/add-custom-field-page'), 'AddCustomFieldPage'),
  ),
  appPage(paths.settings),
  appPage(
    paths.announcements,
    lazyRouteComponent(() => import('@/features/announcements/components/announcements-page'), 'AnnouncementsPage'),
  ),
  appPage(
    paths.addAnnouncement,
    lazyRouteComponent(
      () => import('@/features/announcements/components/add-announcement-page'),
      'AddAnnouncementPage',
    ),
  ),
  appPage(
    paths.announcementDetails,
    lazyRouteComponent(
      () => import('@/features/announcements/components/announcement-details-page'),
      'AnnouncementDetailsPage',
    ),
  ),
  appPage(
    paths.visitPermits,
    lazyRouteComponent(() => import('@/features/visit-permits/components/visit-permits-page'), 'VisitPermitsPage'),
  ),
  appPage(
    paths.userVisitPermits,
    lazyRouteComponent(
      () => import('@/features/visit-permits/components/person-visit-permits-page'),
      'PersonVisitPermitsPage',
    ),
  ),
  appPage(
    paths.userTypeVisitPermits,
    lazyRouteComponent(
      () => import('@/features/visit-permits/components/user-type-visit-permits-page'),
      'UserTypeVisitPermitsPage',
    ),
  ),
  appPage(
    paths.visitPermitPlayground,
    lazyRouteComponent(
      () => import('@/features/visit-permits/components/visit-permit-playground-page'),
      'VisitPermitPlaygroundPage',
    ),
  ),
  appPage(paths.reportingTime),
  appPage(paths.reportingHistory),
  appPage(paths.reportingVisitSummary),
  appPage(paths.reportingUsersNotOnSite),
  appPage(paths.reportingPrinter),
  appPage(paths.reportingKioskLogs),
  appPage(paths.reportingTimesheet),
  appPage(paths.reportingTrackTrace),
  appPage(paths.reportingExportList),
  appPage(
    paths.addExpectedVisitors,
    lazyRouteComponent(
      () => import('@/features/expected-visits/components/add-expected-visitors-page'),
      'AddExpectedVisitorsPage',
    ),
  ),
  appPage(
    paths.sites,
    lazyRouteComponent(() => import('@/features/sites/components/sites-page'), 'SitesPage'),
  ),
  appPage(
    paths.journeys,
    lazyRouteComponent(() => import('@/features/journeys/components/journeys-page'), 'JourneysPage'),
  ),
  appPage(
    paths.addJourney,
    lazyRouteComponent(() => import('@/features/journeys/components/add-journey-page'), 'AddJourneyPage'),
  ),
  appPage(
    paths.updateJourney,
    lazyRouteComponent(() => import('@/features/journeys/components/update-journey-page'), 'UpdateJourneyPage'),
  ),
  appPage(
    paths.addFlow,
    lazyRouteComponent(() => import('@/features/journeys/components/flow-editor-page'), 'FlowEditorPage'),
  ),
  appPage(
    paths.addJourneyFlow,
    lazyRouteComponent(() => import('@/features/journeys/components/flow-editor-page'), 'FlowEditorPage'),
  ),
  appPage(
    paths.updateJourneyFlow,
    lazyRouteComponent(() => import('@/features/journeys/components/flow-editor-page'), 'FlowEditorPage'),
  ),
  appPage(
    paths.compliances,
    lazyRouteComponent(() => import('@/features/compliances/components/compliances-page'), 'CompliancesPage'),
  ),
  appPage(
    paths.complianceNew,
    lazyRouteComponent(() => import('@/features/compliances/components/compliance-form-page'), 'ComplianceFormPage'),
  ),
  appPage(
    paths.complianceUpdate,
    lazyRouteComponent(() => import('@/features/compliances/components/compliance-form-page'), 'ComplianceFormPage'),
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
  appPage(paths.emergencyList),
  appPage(paths.emergencySessions),
  appPage(paths.emergencySession),
  appPage(
    paths.attendanceModes,
    lazyRouteComponent(() => import('@/features/attendance/components/attendance-modes-page'), 'AttendanceModesPage'),
  ),
  appPage(
    paths.addAttendanceMode,
    lazyRouteComponent(
      () => import('@/features/attendance/components/add-attendance-mode-page'),
      'AddAttendanceModePage',
    ),
  ),
  appPage(
    paths.addReason,
    lazyRouteComponent(() => import('@/features/attendance/components/add-reason-page'), 'AddReasonPage'),
  ),
] as const;

/** Signed-in pages printed from their own tab, without the app layout around them. */
const printPage = <TPath extends string>(path: TPath, component: RouteComponent) =>
  createRoute({ getParentRoute: () => signedInRoute, path, component });

const printRoutes = [
  printPage(
    paths.quickPassPrint,
    lazyRouteComponent(() => import('@/features/users/components/quick-pass-print-page'), 'QuickPassPrintPage'),
  ),
  printPage(
    paths.badgePrint,
    lazyRouteComponent(() => import('@/features/visits/components/badge-print-page'), 'BadgePrintPage'),
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
