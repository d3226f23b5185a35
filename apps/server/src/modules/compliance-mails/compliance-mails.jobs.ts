import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../plugins/jobs';
import { visitsToFollow } from './compliance-mails.repository';
import { runComplianceMails, type ComplianceMailRun } from './compliance-mails.service';

// The online compliance link and its reminders (spec §5, decision 010): when a visit is made or
// changes, a run is queued at its next mail; each run that sends queues the one after. A run every
// minute sweeps whatever is due in every company as a safety net (a lost job, a restart, a visit made
// while the runner was off, a moved visit). Runs are idempotent: see compliance-mails.service.ts.

const payload = z.object({
  /** One visit of one company; neither: the sweep. */
  entity_id: z.uuid().optional(),
  visit_id: z.uuid().optional(),
});

/** A second after the moment: a run never comes early by the database's clock and finds nothing due. */
const SLACK_MS = 1000;

export const complianceMailsJob = defineJob({
  name: 'compliance-mails',
  payload,
  cron: '* * * * *',
  cronPayload: {},
  handler: async (data, { app, now }) => {
    await sendComplianceMails(app, { now, entityId: data.entity_id, visitId: data.visit_id });
  },
});

async function queueNext(app: FastifyInstance, run: ComplianceMailRun | null, now: Date) {
  if (!run?.nextDueAt) return;
  const at = Math.max(run.nextDueAt.getTime(), now.getTime());
  await app.jobs.send(
    complianceMailsJob,
    { entity_id: run.entityId, visit_id: run.visitId },
    { startAfter: new Date(at + SLACK_MS) },
  );
}

/**
 * The job's work, callable with any clock: one visit, or (the sweep) every visit whose mail is due or
 * that nothing follows yet. A visit that fails is logged and left for the next sweep; the others go on.
 */
export async function sendComplianceMails(
  app: FastifyInstance,
  options: { now: Date; entityId?: string; visitId?: string },
): Promise<ComplianceMailRun[]> {
  const targets =
    options.entityId && options.visitId
      ? [{ entity_id: options.entityId, visit_id: options.visitId }]
      : await visitsToFollow(app.db.db, options.now);
  const runs: ComplianceMailRun[] = [];
  for (const target of targets) {
    try {
      const run = await runComplianceMails(app, target.entity_id, target.visit_id, options.now, { send: true });
      if (!run) continue;
      runs.push(run);
      if (run.sent) await queueNext(app, run, options.now);
    } catch (err) {
      app.log.error({ err, visit: target.visit_id }, 'compliance mail run failed');
      if (options.visitId) throw err;
    }
  }
  return runs;
}

/**
 * After visits were made or changed (and committed): works out their next mail and queues a run for
 * it. Never fails the request that called it: the minute sweep catches up whatever this missed.
 */
export async function followComplianceMails(
  app: FastifyInstance,
  entityId: string,
  visitIds: readonly string[],
  now = new Date(),
) {
  for (const visitId of visitIds) {
    try {
      const run = await runComplianceMails(app, entityId, visitId, now, { send: false });
      await queueNext(app, run, now);
    } catch (err) {
      app.log.error({ err, visit: visitId }, 'compliance mails not followed; the sweep will');
    }
  }
}

export const complianceMailJobs = [complianceMailsJob];
