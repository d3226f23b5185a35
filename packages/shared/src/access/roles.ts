import { PERMISSIONS, type Permission } from './permissions';

// The roles every company starts with (spec §6). Companies may later edit the allowed flags.
export const ROLE_KEYS = ['admin', 'employee', 'employee_reporting', 'fire_warden', 'system_admin'] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];

export const ROLE_NAMES: Record<RoleKey, string> = {
  admin: 'Admin',
  employee: 'Employee',
  employee_reporting: 'Employee with reporting',
  fire_warden: 'Fire warden',
  system_admin: 'System admin',
};

const REPORTING: Permission[] = [
  'reporting',
  'show_history_list',
  'show_users_not_on_site_list',
  'show_visit_summary_list',
  'show_time_sheet_list',
  'show_track_trace_list',
  'show_export_list',
  'show_kiosk_logs_list',
  'show_printer_list',
];
const EMERGENCY: Permission[] = ['emergency', 'show_emergency_sessions', 'show_emergency_list'];

export const DEFAULT_ROLE_PERMISSIONS: Record<RoleKey, readonly Permission[]> = {
  admin: PERMISSIONS,
  system_admin: PERMISSIONS,
  employee: ['passport', 'dashboard'],
  // Reads the reports and takes them away as spreadsheets; changes nothing (issue 14 item 9).
  employee_reporting: ['passport', ...REPORTING],
  fire_warden: ['passport', 'dashboard', ...EMERGENCY],
};

/** The 'System' menu title shows for this role name, compared in lower case (spec §2). */
export const SYSTEM_ADMIN_ROLE_NAME = 'system admin';
export const isSystemAdminRoleName = (name: string | undefined | null): boolean =>
  (name ?? '').toLowerCase() === SYSTEM_ADMIN_ROLE_NAME;
