import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Language } from '@app/shared/constants';
import type { RunKind } from '@app/shared/integrations/status';
import { DELTA_LINK_DAYS } from '@app/shared/integrations/status';
import { AppError, notFound } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { visibleIntegration } from './integrations.service';
import { createRun, launchRun } from './integration-runs';
import { toRun } from './integration-view';
import { findRun, latestRuns, listRuns } from './integrations.repository';
import { linkCounts, tempCounts } from './sync-records.repository';
import type { runSchema } from '@app/shared/integrations/schemas';

// The flow around runs (spec §4 "Integration flow"): start a sync or the migration, follow a run,
// where to go after it (the redirect type), the integration's statistics and sync health.

const actorPerson = (ctx: AccessContext) => (ctx.actor.kind === 'user' ? ctx.actor.personId : null);

async function startKind(app: FastifyInstance, ctx: AccessContext, id: string, kind: RunKind) {
  const { runId, launch } = await inTenant(app, ctx, async (tx) => {
    const { row } = await visibleIntegration(tx, ctx, id, { change: true, lock: true });
    if (row.dirCode === 'scim')
      throw new AppError('rule_violation', { field: 'id', messageKey: 'integration_scim_no_sync' });
    if (row.mapping.groups.length === 0 && !row.mapping.defaultUserTypeId) {
      throw new AppError('rule_violation', { field: 'id', messageKey: 'integration_settings_first' });
    }
    if (kind === 'migrate') {
      const counts = await tempCounts(tx, ctx.entityId, id);
      if (counts.valid === 0)
        throw new AppError('rule_violation', { field: 'id', messageKey: 'integration_nothing_to_migrate' });
    }
    // Spec §4: a first sync before the migration; afterwards an admin's sync is manual.
    const runKind: RunKind = kind === 'migrate' ? 'migrate' : row.migratedAt ? 'manual' : 'first';
    const made = await createRun(tx, ctx.entityId, id, runKind, actorPerson(ctx));
    if (made.created) {
      await writeAudit(tx, ctx, {
        action: `integration.${runKind === 'migrate' ? 'migrate' : 'sync'}_requested`,
        targetType: 'integration',
        targetId: id,
      });
    }
    return { runId: made.run.id, launch: made.created };
  });
  if (launch) await launchRun(app, ctx.entityId, id, runId);
  return { run_id: runId };
}

/** Spec §4: manual sync stays available whatever the status (an inactive integration too). */
export const startSync = (app: FastifyInstance, ctx: AccessContext, id: string) => startKind(app, ctx, id, 'manual');
export const startMigration = (app: FastifyInstance, ctx: AccessContext, id: string) =>
  startKind(app, ctx, id, 'migrate');

export async function getRun(app: FastifyInstance, ctx: AccessContext, lang: Language, id: string, runId: string) {
  return inTenant(app, ctx, async (tx) => {
    await visibleIntegration(tx, ctx, id);
    const run = await findRun(tx, ctx.entityId, id, runId);
    if (!run) throw notFound();
    return toRun(run, lang);
  });
}

export async function listIntegrationRuns(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  id: string,
  q: { page: number; limit: number },
) {
  return inTenant(app, ctx, async (tx) => {
    await visibleIntegration(tx, ctx, id);
    const { rows, count } = await listRuns(tx, ctx.entityId, id, q.page, q.limit);
    return { data: rows.map((r) => toRun(r, lang)), count };
  });
}

/** Spec §4: after a sync, errors first, then duplicates, then the valid users. */
export async function redirectType(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => {
    await visibleIntegration(tx, ctx, id);
    const counts = await tempCounts(tx, ctx.entityId, id);
    const type = counts.error ? 'error' : counts.duplicate ? 'duplicate' : counts.valid ? 'valid' : 'none';
    return { type, errors: counts.error, duplicates: counts.duplicate, valid: counts.valid } as const;
  });
}

export async function statistics(app: FastifyInstance, ctx: AccessContext, lang: Language, id: string) {
  return inTenant(app, ctx, async (tx) => {
    const { row } = await visibleIntegration(tx, ctx, id);
    const [temps, links, runs] = await Promise.all([
      tempCounts(tx, ctx.entityId, id),
      linkCounts(tx, ctx.entityId, id),
      latestRuns(tx, ctx.entityId, [id]),
    ]);
    const lastRun = runs.get(id) ?? null;
    const issuedAt = typeof row.cursor?.issuedAt === 'number' ? row.cursor.issuedAt : null;
    return {
      imported: links.people + links.archived,
      errors: temps.error,
      duplicates: temps.duplicate,
      valid: temps.valid,
      people: links.people,
      archived: links.archived,
      last_success_at: row.lastSuccessAt?.toISOString() ?? null,
      next_sync_at: row.nextSyncAt?.toISOString() ?? null,
      last_run: lastRun ? (toRun(lastRun, lang) satisfies z.infer<typeof runSchema>) : null,
      delta_age_days:
        row.dirCode === 'azureAD' && issuedAt !== null
          ? Math.min(DELTA_LINK_DAYS, Math.round(((Date.now() - issuedAt) / 86_400_000) * 10) / 10)
          : null,
    };
  });
}
