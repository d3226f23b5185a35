// The side menu (spec "Side menu entries"): its entries in the spec's order with their permission
// keys, and the rules that show, hide or disable them for the signed-in person.
import {
  IconAlertTriangle,
  IconBuilding,
  IconBuildingCommunity,
  IconDeviceTabletExclamation,
  IconId,
  IconLayoutDashboard,
  IconMapPin,
  IconPlugConnected,
  IconReportAnalytics,
  IconRoute,
  IconSettings,
  IconShieldCheck,
  IconSpeakerphone,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { isAllowed, type Permission } from '@app/shared/access/permissions';
import { isSystemAdminRoleName } from '@app/shared/access/roles';
import { PLANS } from '@app/shared/constants';
import { comingSoonPaths, paths, routePermissions, type RoutePath } from '@/config/paths';
import type { StoredSession } from '@/lib/session';

type LinkDefinition = {
  id: string;
  path: RoutePath;
  /** Routes that belong to this entry: the menu highlights it while one of them is open. */
  related?: readonly RoutePath[];
  newTab?: boolean;
  minPlan?: number;
};

type EntryDefinition = LinkDefinition & {
  icon: Icon;
  /** The menu key; entries without one (passport) are always shown. */
  permission?: Permission;
  children?: readonly LinkDefinition[];
};

/** Where the 'System' title and the platform link sit in the spec's order. */
const SYSTEM = 'system';

const ENTRIES: readonly (EntryDefinition | typeof SYSTEM)[] = [
  { id: 'passport', path: paths.passport, icon: IconId },
  { id: 'company', path: paths.company, icon: IconBuilding, permission: 'company_details' },
  { id: 'dashboard', path: paths.home, icon: IconLayoutDashboard, permission: 'dashboard', related: [paths.filtered] },
  // Not in the spec's menu: beside the logbook whose visits they are, under the same key (decision 045).
  { id: 'kiosk_reviews', path: paths.kioskReviews, icon: IconDeviceTabletExclamation, permission: 'dashboard' },
  SYSTEM,
  {
    id: 'users',
    path: paths.users,
    icon: IconUsers,
    permission: 'users',
    newTab: true,
    related: [
      paths.usersImport,
      paths.usersImportGrid,
      paths.usersImportQueue,
      paths.usersImportDetails,
      paths.multipleSignIn,
      paths.inviteUsers,
      paths.rfidEnrollment,
      paths.userVisitPermits,
    ],
  },
  {
    id: 'announcements',
    path: paths.announcements,
    icon: IconSpeakerphone,
    permission: 'announcements',
    related: [paths.addAnnouncement, paths.announcementDetails],
  },
  { id: 'sites', path: paths.sites, icon: IconMapPin, permission: 'sites_devices' },
  {
    id: 'reporting',
    path: paths.reportingHistory,
    icon: IconReportAnalytics,
    permission: 'reporting',
    related: [paths.reportingTime],
    children: [
      { id: 'reporting_history', path: paths.reportingHistory },
      { id: 'reporting_visit_summary', path: paths.reportingVisitSummary },
      { id: 'reporting_timesheet', path: paths.reportingTimesheet },
      { id: 'reporting_users_not_on_site', path: paths.reportingUsersNotOnSite },
      { id: 'reporting_track_trace', path: paths.reportingTrackTrace },
      { id: 'reporting_export_list', path: paths.reportingExportList },
      { id: 'reporting_kiosk_logs', path: paths.reportingKioskLogs },
      { id: 'reporting_printer', path: paths.reportingPrinter },
    ],
  },
  {
    id: 'settings',
    path: paths.settings,
    icon: IconSettings,
    permission: 'user_settings',
    children: [
      {
        id: 'user_types',
        path: paths.userTypes,
        related: [paths.addUserType, paths.oldUserTypes, paths.userTypeVisitPermits],
      },
      { id: 'privacy_manager', path: paths.privacyManager },
      { id: 'audit_log', path: paths.auditLog },
      { id: 'watchlist', path: paths.watchlist, related: [paths.watchlistScreenings] },
      { id: 'duplication_control_board', path: paths.duplicationControlBoard },
      { id: 'attendance_modes', path: paths.attendanceModes, related: [paths.addAttendanceMode, paths.addReason] },
      { id: 'custom_fields', path: paths.customFields, related: [paths.addCustomField], minPlan: PLANS.professional },
      { id: 'visit_permits', path: paths.visitPermits, related: [paths.visitPermitPlayground] },
    ],
  },
  {
    id: 'journeys',
    path: paths.journeys,
    icon: IconRoute,
    permission: 'journey_builder',
    related: [paths.addJourney, paths.updateJourney, paths.addFlow, paths.addJourneyFlow, paths.updateJourneyFlow],
  },
  {
    id: 'compliances',
    path: paths.compliances,
    icon: IconShieldCheck,
    permission: 'compliance',
    related: [paths.complianceNew, paths.complianceUpdate],
  },
  {
    id: 'integration',
    path: paths.integration,
    icon: IconPlugConnected,
    permission: 'integration',
    related: [
      paths.integrationSettings,
      paths.syncIntegration,
      paths.syncStatus,
      paths.integrationError,
      paths.integrationDuplicate,
      paths.integrationValid,
      paths.writeBack,
      paths.attendanceCodes,
      paths.viewIntegration,
      paths.googleAdAuth,
      paths.webhooks,
      paths.webhookLog,
    ],
  },
  {
    id: 'emergency',
    path: paths.emergencySessions,
    icon: IconAlertTriangle,
    permission: 'emergency',
    related: [paths.emergencySession, paths.emergencyList],
  },
];

/** Entries a Standalone (or unknown) package keeps enabled; company only for the support account. */
const STANDALONE_ENABLED = new Set(['sites', 'passport']);

export type MenuLink = {
  id: string;
  path: RoutePath;
  newTab: boolean;
  disabled: boolean;
  active: boolean;
  /** The area is not built yet: the entry says "Soon" (config/paths comingSoonPaths). */
  comingSoon: boolean;
};
export type MenuItem = MenuLink & { kind: 'link'; icon: Icon; children: MenuLink[] };
export type MenuSection = { kind: 'section'; id: string };
export type MenuEntry = MenuItem | MenuSection;

const belongsTo = (entry: LinkDefinition, routePath: string) =>
  entry.path === routePath || (entry.related ?? []).some((path) => path === routePath);

/** A sub-item shows when its own route's permission (if it has one) is allowed. */
function childVisible(child: LinkDefinition, session: StoredSession): boolean {
  const permission = routePermissions[child.path];
  return (
    (permission === undefined || isAllowed(session.permissions, permission)) && session.plan >= (child.minPlan ?? 0)
  );
}

/**
 * The side menu for a person on a route (`routePath` is the open route's pattern): items whose key is
 * allowed, the 'System' title for the system admin role, the platform link for platform admins, and on
 * a package other than Cloud every item disabled but sites, passport and (for support) company.
 */
export function buildMenu(session: StoredSession, routePath: string): MenuEntry[] {
  const cloud = session.entity.package === 'Cloud';
  const enabledOffCloud = (id: string) => STANDALONE_ENABLED.has(id) || (id === 'company' && session.user.is_support);

  const items: MenuEntry[] = [];
  for (const entry of ENTRIES) {
    if (entry === SYSTEM) {
      items.push(...systemEntries(session, routePath));
      continue;
    }
    if (entry.permission && !isAllowed(session.permissions, entry.permission)) continue;
    const disabled = !cloud && !enabledOffCloud(entry.id);
    const children = (entry.children ?? [])
      .filter((child) => childVisible(child, session))
      .map((child) => ({
        id: child.id,
        path: child.path,
        newTab: false,
        disabled,
        active: belongsTo(child, routePath),
        comingSoon: comingSoonPaths.has(child.path),
      }));
    if (entry.children && children.length === 0) continue;
    items.push({
      kind: 'link',
      id: entry.id,
      path: children[0]?.path ?? entry.path,
      icon: entry.icon,
      newTab: entry.newTab ?? false,
      disabled,
      active: belongsTo(entry, routePath) || children.some((child) => child.active),
      // A group is "Soon" when every link in it is.
      comingSoon: children.length > 0 ? children.every((c) => c.comingSoon) : comingSoonPaths.has(entry.path),
      children,
    });
  }
  return items;
}

function systemEntries(session: StoredSession, routePath: string): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (isSystemAdminRoleName(session.role.name)) entries.push({ kind: 'section', id: 'system' });
  if (session.user.is_platform_admin) {
    entries.push({
      kind: 'link',
      id: 'system_companies',
      path: paths.systemCompanies,
      icon: IconBuildingCommunity,
      newTab: false,
      disabled: false,
      active: routePath === paths.systemCompanies,
      comingSoon: false,
      children: [],
    });
  }
  return entries;
}
