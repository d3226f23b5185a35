import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { SYNC_CODES, type RunKind } from '@app/shared/integrations/status';
import { rowsOf, withTenant, type Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { defineJob } from '../../plugins/jobs';
import { activeRun, insertRun, updateIntegration } from './integrations.repository';
import { runMigration } from './migrate-run';
import { nextSyncAfter } from './run-end';
import { runSync } from './sync-run';

// Runs as jobs (DESIGN "Jobs"): an admin's sync or migration, and the schedule's syncs, each a run row
// that the job reads and brings to its end. One run of an integration at a time. When the job runner is
// off (tests, a server started without it) the run goes in this process after the answer. A run whose
// heartbeat stopped (its node died) is marked interrupted (8, or 7 for a migration) and may be retried.

/** A run that has not beaten for this long is interrupted. */
export const HEARTBEAT_STALE_MS = 2 * 60_000;

export const integrationRunJob = defineJob({
  name: 'integration-run',
  payload: z.object({ entity_id: z.uuid(), integration_id: z.uuid(), run_id: z.uuid() }),
  // A run is retried by the admin (Retry) or the schedule, not by the runner: a second attempt of the
  // same job would read a finished run and stop.
  retryLimit: 0,
  handler: async (data, { app }) => {
    await executeRun(app, data.entity_id, data.integration_id, data.run_id);
  },
});

async function executeRun(app: FastifyInstance, entityId: string, integrationId: string, runId: string) {
  const kind = await withTenant(app.db.db, entityId, async (tx) => {
    const [row] = rowsOf<{ kind: string }>(
      await tx.execute(sql`select kind from integration_runs where entity_id = ${entityId} and id = ${runId}`),
    );
    return row?.kind ?? null;
  });
  if (kind === 'migrate') await runMigration(app, entityId, integrationId, runId);
  else if (kind) await runSync(app, entityId, integrationId, runId);
}

const inProcess = new WeakMap<object, Set<Promise<unknown>>>();

/** Starts a queued run: the job runner's job, or (runner off) a run in this process after the answer. */
export async function launchRun(app: FastifyInstance, entityId: string, integrationId: string, runId: string) {
  const queued = await app.jobs.send(integrationRunJob, {
    entity_id: entityId,
    integration_id: integrationId,
    run_id: runId,
  });
  if (queued !== null) return;
  const runs = inProcess.get(app.db) ?? new Set();
  inProcess.set(app.db, runs);
  const run: Promise<unknown> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => executeRun(app, entityId, integrationId, runId))
    .catch((err: unknown) => app.log.error({ err, entityId, runId }, 'integration run failed'))
    .finally(() => runs.delete(run));
  runs.add(run);
}

/** Waits for the runs this process started (tests; the app closing). */
export async function integrationRunsEnded(app: FastifyInstance) {
  while ((inProcess.get(app.db)?.size ?? 0) > 0) await Promise.all([...inProcess.get(app.db)!]);
}

/**
 * Makes a run row (inside the caller's transaction, with the integration locked by the caller), or
 * answers the run already going. Launch it with `launchRun` after the commit.
 */
export async function createRun(
  tx: Executor,
  entityId: string,
  integrationId: string,
  kind: RunKind,
  requestedByPersonId: string | null,
) {
  const going = await activeRun(tx, entityId, integrationId);
  if (going) return { run: going, created: false };
  const run = await insertRun(tx, {
    entityId,
    id: newId(),
    integrationId,
    kind,
    statusCode: SYNC_CODES.queued,
    requestedByPersonId,
  });
  return { run, created: true };
}

// ---- the schedule ----

type Due = { entityId: string; id: string; syncFrequency: string };

/**
 * Every minute: the integrations whose next sync is due (active ones only: deactivating stops the
 * automatic sync, spec §4), and runs whose heartbeat stopped. Read across companies on the owner's
 * connection, then each company's work in its own transaction.
 */
export const integrationScheduleJob = defineJob({
  name: 'integration-schedule',
  payload: z.object({}),
  cron: '* * * * *',
  handler: async (_data, { app, now }) => {
    await runDueSyncs(app, now);
  },
});

export async function runDueSyncs(app: FastifyInstance, now: Date) {
  await markInterrupted(app, now);
  const due = rowsOf<Due>(
    await app.db.db.execute(sql`
      select entity_id as "entityId", id, sync_frequency as "syncFrequency" from integrations
       where next_sync_at <= ${now.toISOString()}::timestamptz and status in ('active', 'active_with_errors')
         and migrated_at is not null and dir_code <> 'scim'
       order by next_sync_at limit 200`),
  );
  const started: { integrationId: string; runId: string }[] = [];
  for (const integration of due) {
    const run = await withTenant(app.db.db, integration.entityId, async (tx) => {
      await tx.execute(
        sql`select id from integrations where entity_id = ${integration.entityId} and id = ${integration.id} for update`,
      );
      await updateIntegration(tx, integration.entityId, integration.id, {
        nextSyncAt: nextSyncAfter(integration.syncFrequency, now),
      });
      return createRun(tx, integration.entityId, integration.id, 'auto', null);
    });
    if (run.created) {
      await launchRun(app, integration.entityId, integration.id, run.run.id);
      started.push({ integrationId: integration.id, runId: run.run.id });
    }
  }
  return started;
}

async function markInterrupted(app: FastifyInstance, now: Date) {
  const stale = new Date(now.getTime() - HEARTBEAT_STALE_MS).toISOString();
  await app.db.db.execute(sql`
    update integration_runs
       set status_code = case when kind = 'migrate' then ${SYNC_CODES.migrationFailed}::int else ${SYNC_CODES.interrupted}::int end,
           message = 'integration_run_interrupted', finished_at = ${now.toISOString()}::timestamptz
     where status_code in (0, 1, 2, 11, 6) and heartbeat_at < ${stale}::timestamptz`);
}
