// What the web app needs of the saved grid's rules without zod (the dashboard and every grid page
// load it before they show): the pages, page sizes, limits and the column key's form. schemas.ts
// builds the server's checks from the same values.
import { PAGING } from '../constants';
import type { TableHead, TableUrl } from './schemas';

/**
 * The grid pages that keep preferences. A page not listed here has none (the spec's "fixed exclusion
 * list" read the other way round); a new grid adds its key here.
 */
export const TABLE_PREFERENCE_PAGES = [
  'system-companies',
  'users',
  'multiple-signin',
  'sites',
  'kiosks',
  'dashboard-logbook',
  'expected-visits',
  'rfid-enrollment',
  'users-import-grid',
  'users-import-queue',
  'duplication-control-board',
  'announcements',
  'visit-permits',
  'custom-fields',
  'attendance-modes',
  'compliances',
  'journeys',
  'integrations',
  'emergency-sessions',
  'emergency-list',
  'reporting-history',
  'reporting-visit-summary',
  'reporting-timesheet',
  'reporting-users-not-on-site',
  'reporting-track-trace',
  'reporting-export-list',
  'reporting-kiosk-logs',
  'reporting-printer',
  'audit-log',
] as const;
export type TablePreferencePage = (typeof TABLE_PREFERENCE_PAGES)[number];
export const isTablePreferencePage = (value: unknown): value is TablePreferencePage =>
  typeof value === 'string' && (TABLE_PREFERENCE_PAGES as readonly string[]).includes(value);

export const GRID_PAGE_SIZES = [10, 25, 50, 100] as const;
export type GridPageSize = (typeof GRID_PAGE_SIZES)[number];
export const DEFAULT_GRID_PAGE_SIZE: GridPageSize = PAGING.defaultLimit;

export const TABLE_PREFERENCE_LIMITS = {
  columns: 100,
  keyLength: 64,
  minWidth: 40,
  maxWidth: 1200,
  sorts: 3,
  filters: 30,
  filterValues: 100,
  filterValueLength: 200,
  search: 100,
} as const;

/** A column id or filter key: starts with a letter, so no `__proto__` and friends. */
export const GRID_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]*$/;
export const isGridKey = (value: string): boolean =>
  value.length >= 1 && value.length <= TABLE_PREFERENCE_LIMITS.keyLength && GRID_KEY_PATTERN.test(value);

export const emptyTableHead = (): TableHead => ({ visibility: {}, order: [], sizing: {} });
export const emptyTableUrl = (): TableUrl => ({ filters: {}, sorting: [], limit: DEFAULT_GRID_PAGE_SIZE });
