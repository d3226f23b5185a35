// Pages in the app layout (spec §2), first part: the dashboard, the company and account, people and
// user types, custom fields, settings, announcements and visit permits.
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { TIMINGS } from '@app/shared/constants';
import { paths } from '@/config/paths';
import { getStoredUser } from '@/lib/session';
import { DASHBOARD_NAMESPACES } from './dashboard-namespaces';
import { appPage, appRoute } from './route-shells';

const dashboardDelay = async () => {
  if (getStoredUser()?.entity.package === 'Cloud')
    await new Promise<void>((resolve) => setTimeout(resolve, TIMINGS.cloudDashboardRouteDelayMs));
};

/**
 * A page in the app layout; it renders once its module and the namespaces it shows (besides the
 * layout's) have loaded, and after `wait` when given.
 */

export const dashboardRoutes = [
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
    paths.kioskReviews,
    lazyRouteComponent(() => import('@/features/kiosk-reviews/components/kiosk-reviews-page'), 'KioskReviewsPage'),
    ['kiosk-reviews'],
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
  appPage(
    paths.settings,
    lazyRouteComponent(() => import('@/features/dashboard/components/settings-overview'), 'SettingsOverview'),
    ['pages'],
  ),
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
] as const;
