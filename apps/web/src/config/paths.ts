// The route table (spec §2): every route of the app, public and signed-in. Links, redirects and the
// router itself take their paths from here, so the spec's route list reads in one place.
// Paths use the router's syntax: `$id` is a parameter, `{-$id}` an optional one.
import type { Permission } from '@app/shared/access/permissions';
import type { PackageName } from '@app/shared/constants';
import { SIGN_IN_PAGES } from '@app/shared/http/sign-in-pages';

export const publicPaths = {
  ...SIGN_IN_PAGES,
  sso: '/sso/{-$id}/{-$atex}/{-$entityId}/{-$ip}',
  notFound: '/404',
  error: '/error',
  otpError: '/otp-error',
  linkExpired: '/link-expired',
  kioskRegister: '/kiosk-register',
  preRegistration: '/pre-registration/{-$id}',
  preRegistrationSuccess: '/pre-registration/{-$id}/success',
  expressRegistration: '/e/{-$id}',
  onlineCompliance: '/online-compliance/{-$id}',
  complianceLink: '/c/$visitUrl/{-$code}',
  rfidCode: '/rfid/$code',
  /** A person's own "I am safe" link from the evacuation mail: marks them present in that session. */
  iAmSafe: '/i-am-safe/$token',
  /** A host's link from a Slack or Teams message: approve or reject a visit waiting for approval, once. */
  hostApproval: '/host-approval/$token',
  loginOneTime: '/login-one-time',
  passport: '/passport',
  logout: '/logout',
} as const;

/** The kiosk app (apps/kiosk), served by the server beside this app: a page of its own, not a route here. */
export const KIOSK_APP_URL = '/kiosk/';

export const appPaths = {
  home: '/',
  filtered: '/filtered',
  /** Offline sign-ins and sign-outs a kiosk accepted that the server would have refused (decision 045). */
  kioskReviews: '/kiosk-reviews',
  company: '/company',
  auditLog: '/audit-log',
  /** The watchlist's entries; its screenings (the address the screening mails link to) are a tab beside them. */
  watchlist: '/watchlist',
  watchlistScreenings: '/watchlist/screenings',
  twoStep: '/account/two-step',
  /** The member's own name, phone and organisation (spec POST /update-user-details). */
  accountDetails: '/account/details',
  systemCompanies: '/system/companies',

  users: '/users',
  /** The printable QuickPasses of `?ids=` (comma separated), opened in a new tab from the users list. */
  quickPassPrint: '/users/quick-pass',
  /** A visit's printable badge, opened in a new tab from the dashboard logbook. */
  badgePrint: '/visits/$id/badge',
  usersImport: '/users/import',
  usersImportGrid: '/users/import/grid',
  usersImportQueue: '/users/import/queue',
  usersImportDetails: '/users/import/details/$id',
  duplicationControlBoard: '/duplication-control-board',
  multipleSignIn: '/multiple-signin',
  inviteUsers: '/invite-users-to-dashboard',
  rfidEnrollment: '/rfid-enrollment',
  userTypes: '/user-types',
  oldUserTypes: '/olduser-types',
  addUserType: '/add-user-type',
  privacyManager: '/privacy-manager',
  customFields: '/custom-fields',
  addCustomField: '/add-custom-field',
  settings: '/settings',

  announcements: '/announcements',
  addAnnouncement: '/add-announcement',
  announcementDetails: '/announcement-details',

  visitPermits: '/visit-permits',
  userVisitPermits: '/users/visit-permits/$id',
  userTypeVisitPermits: '/user-types/visit-permits/$id',
  visitPermitPlayground: '/vp/playground',

  reportingTime: '/reporting/time',
  reportingHistory: '/reporting/history',
  reportingVisitSummary: '/reporting/visit_summary',
  reportingUsersNotOnSite: '/reporting/users-not-on-site',
  reportingPrinter: '/reporting/printer',
  reportingKioskLogs: '/reporting/kiosk-logs',
  reportingTimesheet: '/reporting/timesheet',
  reportingTrackTrace: '/reporting/track-trace',
  reportingExportList: '/reporting/export-list',
  addExpectedVisitors: '/add-expected-visitors',

  sites: '/sites',

  journeys: '/journeys',
  addJourney: '/add-journey',
  updateJourney: '/update/journey/$id',
  addFlow: '/add-flow',
  addJourneyFlow: '/add/journey/flow/$id',
  updateJourneyFlow: '/update/journey/flow/$id',

  compliances: '/compliances',
  complianceNew: '/compliance-new',
  complianceUpdate: '/compliance/update/$id',

  integration: '/integration',
  integrationSettings: '/integration-settings',
  syncIntegration: '/sync-integration',
  syncStatus: '/sync-status',
  integrationError: '/integration-error',
  integrationDuplicate: '/integration-duplicate',
  integrationValid: '/integration-valid',
  writeBack: '/write-back',
  attendanceCodes: '/attendance-codes/$integId/$integName',
  viewIntegration: '/view-integration/$integId/$integName',
  googleAdAuth: '/googleAD/auth/$accessToken/$refreshToken/$encryptedEmail',
  /** Outgoing webhooks (decision 052): the company's endpoints, reached from Integrations. */
  webhooks: '/webhooks',
  /** One endpoint's delivery log, each message with its attempts. */
  webhookLog: '/webhooks/$id',

  emergencyList: '/emergency-list',
  emergencySessions: '/emergency-sessions',
  emergencySession: '/emergency-sessions/$sessionName/$sessionId',
  /** A session's roll-call report, printable, with its PDF. */
  emergencySessionReport: '/emergency-sessions/$sessionName/$sessionId/report',

  attendanceModes: '/attendance-modes',
  addAttendanceMode: '/add-attendance-mode',
  addReason: '/add-reason',
} as const;

export const paths = { ...publicPaths, ...appPaths } as const;

export type PublicPath = (typeof publicPaths)[keyof typeof publicPaths];
export type AppPath = (typeof appPaths)[keyof typeof appPaths];
export type RoutePath = PublicPath | AppPath;

/** Spec "Mapped permission names": the permission the route guard checks for a route. */
export const routePermissions: Partial<Record<RoutePath, Permission>> = {
  [paths.company]: 'company_details',
  // Beyond the spec (issue 29): the audit log is the company's record, read with its details.
  [paths.auditLog]: 'company_details',
  // Beyond the spec (issue 29): the watchlist and its screenings, under a permission of their own.
  [paths.watchlist]: 'watchlist',
  [paths.watchlistScreenings]: 'watchlist',
  [paths.emergencySessions]: 'show_emergency_sessions',
  [paths.emergencyList]: 'show_emergency_list',
  [paths.emergencySession]: 'show_emergency_sessions',
  [paths.emergencySessionReport]: 'show_emergency_sessions',
  // Not in the spec's mapped names: the reviews are the logbook's visits, served under `dashboard`.
  [paths.kioskReviews]: 'dashboard',
  [paths.users]: 'users',
  [paths.quickPassPrint]: 'users',
  // The people import is part of Users (spec §2 /users/import…); the server serves it under `users`.
  [paths.usersImport]: 'users',
  [paths.usersImportGrid]: 'users',
  [paths.usersImportQueue]: 'users',
  [paths.usersImportDetails]: 'users',
  // Not in the spec's mapped names; the server serves it under `users`, so the guard asks for that too.
  [paths.rfidEnrollment]: 'users',
  [paths.inviteUsers]: 'users',
  [paths.announcements]: 'announcements',
  [paths.addAnnouncement]: 'add-announcement',
  [paths.sites]: 'sites_devices',
  [paths.reportingHistory]: 'show_history_list',
  [paths.reportingUsersNotOnSite]: 'show_users_not_on_site_list',
  [paths.reportingVisitSummary]: 'show_visit_summary_list',
  [paths.reportingTimesheet]: 'show_time_sheet_list',
  [paths.reportingTrackTrace]: 'show_track_trace_list',
  [paths.reportingExportList]: 'show_export_list',
  [paths.reportingKioskLogs]: 'show_kiosk_logs_list',
  [paths.reportingPrinter]: 'show_printer_list',
  [paths.userTypes]: 'show_user_types_list',
  [paths.addUserType]: 'add_new_user_type',
  [paths.privacyManager]: 'show_privacy_manager_list',
  [paths.settings]: 'user_settings',
  // Not in the spec's mapped names: a settings sub-item, served under `user_settings`.
  [paths.duplicationControlBoard]: 'user_settings',
  [paths.addAttendanceMode]: 'add_attendance_mode',
  [paths.attendanceModes]: 'show_attendance_modes',
  [paths.customFields]: 'show_custom_fields',
  [paths.addCustomField]: 'add_custom_field_to_new_section',
  [paths.addReason]: 'add_reason',
  [paths.journeys]: 'show_journey_list',
  [paths.addJourney]: 'create_journey',
  [paths.updateJourney]: 'edit_journey',
  [paths.addFlow]: 'add_journey_flow',
  [paths.addJourneyFlow]: 'add_journey_flow',
  [paths.updateJourneyFlow]: 'edit_journey_flow',
  [paths.compliances]: 'show_compliance_list',
  [paths.complianceNew]: 'create_compliance',
  [paths.complianceUpdate]: 'edit_compliance',
  [paths.integration]: 'integration',
  [paths.integrationSettings]: 'integration',
  [paths.syncIntegration]: 'integration',
  [paths.syncStatus]: 'integration',
  [paths.integrationError]: 'integration',
  [paths.integrationDuplicate]: 'integration',
  [paths.integrationValid]: 'integration',
  [paths.writeBack]: 'integration',
  [paths.attendanceCodes]: 'integration',
  [paths.viewIntegration]: 'integration',
  [paths.googleAdAuth]: 'integration',
  // Beyond the spec (issue 29): outgoing webhooks are an integration, served under `integration`.
  [paths.webhooks]: 'integration',
  [paths.webhookLog]: 'integration',
};

/**
 * Areas not built yet. Their menu entries and links stay, marked "Soon", and open a page that says
 * plainly the area is not available yet; an area comes off this list when its screen is built (the
 * router and this list are checked against each other by the navigation tests).
 */
export const comingSoonPaths: ReadonlySet<RoutePath> = new Set<RoutePath>([]);

/** The routes a Standalone company may open; every other signed-in route sends it to the sites list. */
export const standalonePaths: readonly RoutePath[] = [
  paths.sites,
  paths.passport,
  paths.company,
  paths.twoStep,
  paths.accountDetails,
];

/** Where a person lands after signing in or choosing a company (spec "Navigation after actions"). */
export const homePathFor = (pkg: PackageName): AppPath => (pkg === 'Cloud' ? paths.home : paths.sites);

type Params = Record<string, string | number | undefined>;

/**
 * A concrete URL for a route path, for places outside the router (new windows, full loads):
 * fills `$name` and `{-$name}` segments and drops optional ones left empty.
 */
export function hrefFor(
  path: RoutePath,
  params: Params = {},
  search: Record<string, string | number | boolean> = {},
): string {
  const segments = path.split('/').flatMap((segment) => {
    const optional = /^\{-\$(\w+)\}$/.exec(segment);
    if (optional) {
      const value = params[optional[1]!];
      return value === undefined || value === '' ? [] : [encodeURIComponent(String(value))];
    }
    if (segment.startsWith('$')) {
      const value = params[segment.slice(1)];
      if (value === undefined) throw new Error(`Missing route parameter ${segment} for ${path}`);
      return [encodeURIComponent(String(value))];
    }
    return [segment];
  });
  const pathname = segments.join('/') || '/';
  const query = new URLSearchParams(Object.entries(search).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${pathname}?${query}` : pathname;
}
