import { integrationScopeKey } from './integration-query-keys';

/**
 * The keys of what the view, the temporary-users pages, write-back and attendance codes read of one
 * integration: all inside its scope (integration-query-keys), so a change to the integration (a
 * fix, a run, a status) reads again everything shown of it with one invalidation.
 */
export const statisticsKey = (id: string) => [...integrationScopeKey(id), 'statistics'] as const;
export const runsKey = (id: string) => [...integrationScopeKey(id), 'runs'] as const;
export const tempUsersKey = (id: string) => [...integrationScopeKey(id), 'temp-users'] as const;
export const syncedUsersKey = (id: string) => [...integrationScopeKey(id), 'synced-users'] as const;
export const scansKey = (id: string) => [...integrationScopeKey(id), 'scans'] as const;
export const attendanceCodesKey = (id: string) => [...integrationScopeKey(id), 'attendance-codes'] as const;
