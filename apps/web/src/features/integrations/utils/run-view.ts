import type { Integration, IntegrationRun } from '@app/shared/integrations/schemas';
import { retryKindOf, stageOf, SYNC_CODES, type SyncStage } from '@app/shared/integrations/status';
import type { StartRunKind } from '../api/start-run';

// What the sync-status page shows of a run (spec §4 "Sync job codes"), decided from its code alone.

export type RunMessage =
  /** Code 9: the spec's own words, pointing at the Back button. */
  | { kind: 'reauthenticate' }
  /** Code 10 (the directory's words) and every failure: the server's translated message. */
  | { kind: 'server'; text: string }
  | { kind: 'none' };

export type RunView = {
  stage: SyncStage;
  /** What Retry restarts; null when there is nothing to retry. */
  retry: 'sync' | 'migrate' | null;
  message: RunMessage;
  /** 0 to 100; a run waiting in the queue shows a moving bar instead. */
  progress: number;
  queued: boolean;
};

/** Whether the run follows the migration (people written) rather than a read of the directory. */
export const isMigrationRun = (run: Pick<IntegrationRun, 'kind'> | undefined, migrationParam: boolean): boolean =>
  run ? run.kind === 'migrate' : migrationParam;

/**
 * Spec: codes 4, 5 or 8 restart the sync, 7 the migration (`retryKindOf`); any other failing code
 * still offers Retry ("Any other code: failed, Retry"), of the kind of run that failed.
 */
export function retryOf(run: Pick<IntegrationRun, 'kind' | 'sync_status'>): 'sync' | 'migrate' | null {
  const code = run.sync_status.id;
  if (stageOf(code) !== 'failed') return null;
  return retryKindOf(code) ?? (run.kind === 'migrate' ? 'migrate' : 'sync');
}

export function runViewOf(run: Pick<IntegrationRun, 'kind' | 'sync_status' | 'message' | 'progress'>): RunView {
  const code = run.sync_status.id;
  const stage = stageOf(code);
  let message: RunMessage = { kind: 'none' };
  if (code === SYNC_CODES.authFailed) message = { kind: 'reauthenticate' };
  else if (stage === 'auth-failed' || stage === 'failed')
    message = { kind: 'server', text: run.message?.trim() || run.sync_status.text };
  return {
    stage,
    retry: retryOf(run),
    message,
    progress: stage === 'done' ? 100 : Math.min(100, Math.max(0, run.progress)),
    queued: code === SYNC_CODES.queued,
  };
}

/** Spec §4 Retry: a first sync before the migration, an automatic one for an integration already in use. */
export const retrySyncKind = (integration: Pick<Integration, 'migrated'>): StartRunKind =>
  integration.migrated ? 'auto' : 'first';

/**
 * Spec §4 "first sync (polling starts after 3 s)": the first read of a run waits when it is the
 * integration's first sync; a migration or a later sync is read at once.
 */
export const firstPollDelay = (input: { migration: boolean; migrated: boolean }, firstSyncStartMs: number): number =>
  input.migration || input.migrated ? 0 : firstSyncStartMs;
