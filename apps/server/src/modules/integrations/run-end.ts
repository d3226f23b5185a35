import type { FastifyInstance } from 'fastify';
import { IMMEDIATE_SYNC_MINUTES, SYNC_CODES } from '@app/shared/integrations/status';
import { withTenant } from '../../db/client';
import type { IntegrationCursor } from '../../db/schema/index';
import { DirectoryHttpError } from './connectors/http';
import { DirectoryAuthError, DirectoryUnavailableError } from './connectors/types';
import { findIntegration, updateIntegration, updateRun, type IntegrationChanges } from './integrations.repository';
import type { RunContext } from './run-context';
import { tempCounts } from './sync-records.repository';

// How a run ends: its code and counts on the run, and on the integration the time of the last sync,
// the next one on its schedule, and its status (spec §4: active, active with errors, authentication
// failed, invalid; an inactive integration stays inactive).

export type RunCounts = {
  read: number;
  created: number;
  updated: number;
  archived: number;
  unchanged: number;
  failed: number;
  errors: number;
  duplicates: number;
  /** Valid records waiting for the migration (not a column: the redirect type counts them). */
  valid: number;
  problems: { externalId: string | null; name: string | null; key: string }[];
};

export type RunIds = { entityId: string; integrationId: string; runId: string };

/** When the schedule reads the directory next after `from` (`frequency`: one of SYNC_FREQUENCIES, else daily). */
export function nextSyncAfter(frequency: string, from: Date): Date {
  const next = new Date(from);
  if (frequency === 'immediately') next.setTime(from.getTime() + IMMEDIATE_SYNC_MINUTES * 60_000);
  else if (frequency === 'weekly') next.setUTCDate(next.getUTCDate() + 7);
  else if (frequency === 'monthly') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

const runColumns = (counts: RunCounts) => ({
  read: counts.read,
  created: counts.created,
  updated: counts.updated,
  archived: counts.archived,
  unchanged: counts.unchanged,
  failed: counts.failed,
  errors: counts.errors,
  duplicates: counts.duplicates,
  problems: counts.problems,
});

export async function finishRun(
  app: FastifyInstance,
  ctx: RunContext,
  code: number,
  counts: RunCounts,
  extra: { cursor?: IntegrationCursor | null; migrated?: boolean } = {},
) {
  const { entityId, integrationId } = ctx.where;
  const now = new Date();
  await withTenant(app.db.db, entityId, async (tx) => {
    await updateRun(tx, entityId, ctx.run.id, {
      ...runColumns(counts),
      statusCode: code,
      progress: 100,
      finishedAt: now,
      heartbeatAt: now,
    });
    const integration = await findIntegration(tx, entityId, integrationId, { lock: true });
    if (!integration) return;
    const migratedAt = integration.migratedAt ?? (extra.migrated ? now : null);
    const pending = await tempCounts(tx, entityId, integrationId);
    const changes: IntegrationChanges = { lastSyncAt: now, lastSuccessAt: now, migratedAt };
    if (extra.cursor !== undefined) changes.cursor = extra.cursor;
    if (migratedAt && integration.status !== 'inactive') {
      changes.status = pending.error + pending.duplicate > 0 || counts.failed > 0 ? 'active_with_errors' : 'active';
      changes.nextSyncAt = nextSyncAfter(integration.syncFrequency, now);
    }
    await updateIntegration(tx, entityId, integrationId, changes);
  });
}

/** What a failure is, as a sync code and a message (a translation key, or the directory's words for 10). */
export function failureOf(err: unknown): { code: number; message: string } {
  if (err instanceof DirectoryAuthError) {
    return err.directoryMessage
      ? { code: SYNC_CODES.authFailedWithMessage, message: err.directoryMessage }
      : { code: SYNC_CODES.authFailed, message: 'integration_reauthenticate' };
  }
  if (err instanceof DirectoryUnavailableError && err.messageKey)
    return { code: SYNC_CODES.failed, message: err.messageKey };
  if (err instanceof DirectoryUnavailableError || err instanceof DirectoryHttpError) {
    return { code: SYNC_CODES.failed, message: 'integration_directory_unreachable' };
  }
  return { code: SYNC_CODES.failed, message: 'integration_sync_failed' };
}

/**
 * Ends a run that failed. `code` null: read from the error (an authentication failure marks the
 * integration authentication_failed). An unexpected error is logged; the admin sees Retry.
 */
export async function failRun(
  app: FastifyInstance,
  ids: RunIds,
  code: number | null,
  errOrKey: unknown,
  integrationChanges: IntegrationChanges = {},
  counts?: RunCounts,
) {
  const failure =
    code === null
      ? failureOf(errOrKey)
      : { code, message: typeof errOrKey === 'string' ? errOrKey : 'integration_sync_failed' };
  if (code === null && !(errOrKey instanceof DirectoryAuthError)) {
    app.log.warn({ err: errOrKey, ...ids }, 'integration run failed');
  }
  const auth = failure.code === SYNC_CODES.authFailed || failure.code === SYNC_CODES.authFailedWithMessage;
  const now = new Date();
  await withTenant(app.db.db, ids.entityId, async (tx) => {
    await updateRun(tx, ids.entityId, ids.runId, {
      ...(counts ? runColumns(counts) : {}),
      statusCode: failure.code,
      message: failure.message,
      finishedAt: now,
      heartbeatAt: now,
    });
    const integration = await findIntegration(tx, ids.entityId, ids.integrationId, { lock: true });
    if (!integration) return;
    const changes: IntegrationChanges = { lastSyncAt: now, ...integrationChanges };
    if (auth && integration.status !== 'inactive') changes.status = 'authentication_failed';
    // The schedule tries again at its next time; the admin may retry at once.
    if (integration.migratedAt && integration.status !== 'inactive') {
      changes.nextSyncAt = nextSyncAfter(integration.syncFrequency, now);
    }
    await updateIntegration(tx, ids.entityId, ids.integrationId, changes);
  });
}
