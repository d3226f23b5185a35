// Directory integrations (spec §3 "Integration", §4 "Integration status", "Sync job codes",
// "Integration flow", §9 sync frequency and polling; decision 048).

export const DIRECTORY_CODES = ['googleAD', 'azureAD', 'paxton', 'wonde', 'scim'] as const;
export type DirectoryCode = (typeof DIRECTORY_CODES)[number];

/** Spec §4: draft, active, active with errors, authentication failed, inactive, invalid. */
export const INTEGRATION_STATUSES = [
  'draft',
  'active',
  'active_with_errors',
  'authentication_failed',
  'inactive',
  'invalid',
] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

/** Spec §9. "immediately" reads the directory again every `IMMEDIATE_SYNC_MINUTES`. */
export const SYNC_FREQUENCIES = ['immediately', 'daily', 'weekly', 'monthly'] as const;
export type SyncFrequency = (typeof SYNC_FREQUENCIES)[number];
export const IMMEDIATE_SYNC_MINUTES = 10;

/** The person fields a directory can fill besides the names (spec §5: at least one field or group). */
export const INTEGRATION_FIELDS = ['email', 'phone', 'id_number', 'department'] as const;
export type IntegrationField = (typeof INTEGRATION_FIELDS)[number];

export const RUN_KINDS = ['first', 'auto', 'manual', 'migrate', 'scim'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

/**
 * The spec's sync job codes (sync_status.id) as this product uses them:
 * 0 queued, 1 connecting, 2 reading groups, 11 reading people, 6 checking them (a migration: writing
 * people); 3 done, 15 done and nothing had changed; 4 the directory could not be read, 5 the
 * directory's answer could not be used, 8 interrupted (its worker stopped), 7 the migration failed;
 * 9 the directory refused the credentials, 10 it refused them with its own message.
 */
export const SYNC_CODES = {
  queued: 0,
  connecting: 1,
  readingGroups: 2,
  readingPeople: 11,
  checking: 6,
  done: 3,
  upToDate: 15,
  failed: 4,
  unusable: 5,
  migrationFailed: 7,
  interrupted: 8,
  authFailed: 9,
  authFailedWithMessage: 10,
} as const;
export type SyncCode = (typeof SYNC_CODES)[keyof typeof SYNC_CODES];

/** Spec §4 UI stages. */
export type SyncStage = 'processing' | 'done' | 'failed' | 'auth-failed';

export function stageOf(code: number): SyncStage {
  if ([0, 1, 2, 11, 6].includes(code)) return 'processing';
  if (code === 3 || code === 15) return 'done';
  if (code === 9 || code === 10) return 'auth-failed';
  return 'failed';
}

/** Spec §4: codes 4, 5 or 8 restart the sync; 7 restarts the migration. */
export function retryKindOf(code: number): 'sync' | 'migrate' | null {
  if (code === 4 || code === 5 || code === 8) return 'sync';
  if (code === 7) return 'migrate';
  return null;
}

/** Spec §4 and §9: when to ask again, by code and by what is polled. */
export function pollDelayMs(code: number, polled: 'integration' | 'migration'): number | null {
  if (code === 6) return polled === 'integration' ? 5000 : 3000;
  if ([0, 1, 2, 11].includes(code)) return polled === 'integration' ? 5000 : 1000;
  return null;
}

/** Spec §9. */
export const INTEGRATION_TIMINGS = {
  firstSyncStartMs: 3000,
  saveAndSyncMs: 2000,
  autoSyncMs: 2000,
  retryMs: 2000,
  /** Spec §2: before the error, duplicate and valid-users pages. */
  errorPageDelayMs: 1000,
  duplicatePageDelayMs: 500,
  validPageDelayMs: 1000,
} as const;

/** Temporary users (spec §3: with errors, with duplicates, valid). */
export const TEMP_USER_STATES = ['error', 'duplicate', 'valid'] as const;
export type TempUserState = (typeof TEMP_USER_STATES)[number];

/** A Microsoft Graph delta link lasts 7 days; after that the connector reads the whole directory again. */
export const DELTA_LINK_DAYS = 7;
/** Spec §4: the integration token is refreshed when older than 24 hours. */
export const TOKEN_REFRESH_HOURS = 24;
