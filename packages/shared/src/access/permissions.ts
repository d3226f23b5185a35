// The permission catalogue: the spec's "Mapped permission names" and the side-menu keys (§2).
// The server checks these on every endpoint; the client mirrors them in the menu and route guard.

export const ROUTE_PERMISSIONS = [
  'company_details',
  'show_emergency_sessions',
  'show_emergency_list',
  'users',
  'announcements',
  'sites_devices',
  'show_history_list',
  'show_users_not_on_site_list',
  'show_visit_summary_list',
  'show_time_sheet_list',
  'show_track_trace_list',
  'show_export_list',
  'show_kiosk_logs_list',
  'show_printer_list',
  'show_user_types_list',
  'add_new_user_type',
  'show_privacy_manager_list',
  'user_settings',
  'add_attendance_mode',
  'show_attendance_modes',
  'show_custom_fields',
  'add_custom_field_to_new_section',
  'add_reason',
  'show_journey_list',
  'create_journey',
  'edit_journey',
  'add_journey_flow',
  'edit_journey_flow',
  'show_compliance_list',
  'create_compliance',
  'edit_compliance',
  'integration',
  'add-announcement',
] as const;

export const MENU_PERMISSIONS = [
  'passport',
  'company_details',
  'dashboard',
  'users',
  'announcements',
  'sites_devices',
  'reporting',
  'user_settings',
  'journey_builder',
  'compliance',
  'integration',
  'emergency',
] as const;

/** Permissions for people management inside a company (roles of members). */
export const EXTRA_PERMISSIONS = ['manage_roles', 'watchlist'] as const;

export const PERMISSIONS = [
  ...new Set([...ROUTE_PERMISSIONS, ...MENU_PERMISSIONS, ...EXTRA_PERMISSIONS]),
] as readonly Permission[];
export type Permission =
  (typeof ROUTE_PERMISSIONS)[number] | (typeof MENU_PERMISSIONS)[number] | (typeof EXTRA_PERMISSIONS)[number];

export const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

/** Allowed flag as the spec carries it: 1 allowed, 0 not. */
export type Allowed = 0 | 1;
export type PermissionMap = Partial<Record<Permission, { allowed: Allowed }>>;

export const isAllowed = (map: PermissionMap | undefined, permission: Permission): boolean =>
  map?.[permission]?.allowed === 1;

/** Whether a map allows a permission, or any one of a list of them (a route reachable from two screens). */
export const isAnyAllowed = (map: PermissionMap | undefined, needed: Permission | readonly Permission[]): boolean =>
  (typeof needed === 'string' ? [needed] : needed).some((p) => isAllowed(map, p));

/** The map allowing exactly these permissions. */
export const permissionMapOf = (allowed: readonly Permission[]): PermissionMap =>
  Object.fromEntries(allowed.map((p) => [p, { allowed: 1 as const }]));

/**
 * What a company's API client token may do (decision 017): exchange data — sign people in and out,
 * expected visits, the people directory, user types, and reports — never configure the company, manage
 * roles, or give anyone dashboard access. Routes marked `noClientToken` are refused to it whatever
 * they need, and a person it creates can hold only a role within this set.
 */
export const API_TOKEN_PERMISSIONS: readonly Permission[] = [
  'passport',
  'dashboard',
  'users',
  'show_user_types_list',
  'reporting',
  'show_history_list',
  'show_export_list',
  'show_time_sheet_list',
];

/**
 * What a Standalone company's people can reach (spec §6: every item but sites, passport and company is
 * disabled off Cloud, and company is for the support account only). The server refuses the rest
 * whatever a role allows.
 */
export const STANDALONE_PERMISSIONS: readonly Permission[] = ['sites_devices', 'passport'];
/**
 * What a Standalone company's support people (the platform's support flag, SPEC-NOTES) reach: the same
 * and the company page (spec §2, §6: "/company for Standalone is allowed only to one specific
 * technical-team account").
 */
export const STANDALONE_SUPPORT_PERMISSIONS: readonly Permission[] = [...STANDALONE_PERMISSIONS, 'company_details'];
