import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { SYNC_CODES, stageOf } from '@app/shared/integrations/status';
import { withTenant } from '../../db/client';
import { integrationTempUsers } from '../../db/schema/index';
import { heapBound } from '../../lib/heap-bound';
import { writeAudit } from '../audit/audit.repository';
import { refreshStatistics } from '../people-import/import-people.repository';
import {
  createPeopleFrom,
  findClashes,
  peopleGrowthWatch,
  refreshTempUserStatistics,
  sameBatchClashes,
} from './directory-people';
import type { Candidate } from './directory-record';
import { beat, isProblem, loadRunContext } from './run-context';
import { failRun, finishRun } from './run-end';
import { emptyCounts } from './sync-run';
import { deleteTempUsers, upsertTempUsers, type TempWrite } from './sync-records.repository';

// The migration (spec §4 "first migration", codes polled every 1 s or 3 s): the valid temporary users
// become people, a batch per transaction, each batch checked again against the company's people (an
// earlier batch, or an admin, may have taken an email since the sync). A record that now clashes waits
// as a duplicate. A migration that stops resumes with the valid records still left.

const BATCH = 1000;

type TempRow = typeof integrationTempUsers.$inferSelect;

const candidateOfTemp = (t: TempRow): Candidate => ({
  externalId: t.externalId,
  firstName: t.firstName,
  lastName: t.lastName,
  email: t.email,
  phoneCode: t.phoneCode,
  phone: t.phone,
  idNumber: t.idNumber,
  department: t.department,
  userTypeId: t.userTypeId,
  groupNames: t.groupNames,
  problems: t.problems,
  hash: t.sourceHash,
});

export async function runMigration(app: FastifyInstance, entityId: string, integrationId: string, runId: string) {
  const loaded = await loadRunContext(app, entityId, runId, integrationId);
  if (!loaded) return;
  const ids = { entityId, integrationId, runId };
  if (isProblem(loaded)) {
    await failRun(app, ids, SYNC_CODES.migrationFailed, loaded.key, { status: 'invalid' });
    return;
  }
  const ctx = loaded;
  if (stageOf(ctx.run.statusCode) !== 'processing') return;
  const counts = emptyCounts();
  try {
    const total = await withTenant(app.db.db, entityId, async (tx) => {
      await beat(tx, ctx, { statusCode: SYNC_CODES.checking, progress: 1 });
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(integrationTempUsers)
        .where(
          and(
            eq(integrationTempUsers.entityId, entityId),
            eq(integrationTempUsers.integrationId, integrationId),
            eq(integrationTempUsers.state, 'valid'),
          ),
        );
      return row?.n ?? 0;
    });
    if (total > 0) await refreshTempUserStatistics(app);
    let after: string | null = null;
    const growth = peopleGrowthWatch(app, ctx.where, BATCH);
    const heap = heapBound();
    for (;;) {
      await growth.beforeBatch();
      const done = await withTenant(app.db.db, entityId, async (tx) => {
        const batch = await tx
          .select()
          .from(integrationTempUsers)
          .where(
            and(
              eq(integrationTempUsers.entityId, entityId),
              eq(integrationTempUsers.integrationId, integrationId),
              eq(integrationTempUsers.state, 'valid'),
              after ? gt(integrationTempUsers.id, after) : undefined,
            ),
          )
          .orderBy(asc(integrationTempUsers.id))
          .limit(BATCH);
        if (batch.length === 0) return true;
        after = batch.at(-1)!.id;
        const list = batch.map(candidateOfTemp);
        const clashes = await findClashes(tx, ctx.where, list);
        const shared = sameBatchClashes(list.filter((c) => !clashes.has(c.externalId)));
        const waits: TempWrite[] = [];
        const creates: Candidate[] = [];
        for (const c of list) {
          const clash = clashes.get(c.externalId);
          if (clash) {
            waits.push({ ...c, state: 'duplicate', duplicateIds: clash.ids, duplicateReasons: clash.reasons });
          } else if (shared.has(c.externalId)) {
            waits.push({
              ...c,
              problems: { email: 'integration_value_shared' },
              state: 'error',
              duplicateIds: [],
              duplicateReasons: [],
            });
          } else creates.push(c);
        }
        await upsertTempUsers(tx, entityId, integrationId, runId, waits);
        const created = await createPeopleFrom(tx, ctx.where, creates);
        await deleteTempUsers(tx, entityId, integrationId, [...created.keys()]);
        growth.created(created.size);
        counts.read += list.length;
        counts.created += created.size;
        counts.duplicates += waits.filter((w) => w.state === 'duplicate').length;
        counts.errors += waits.filter((w) => w.state === 'error').length;
        await beat(tx, ctx, {
          read: counts.read,
          created: counts.created,
          duplicates: counts.duplicates,
          errors: counts.errors,
          progress: Math.min(99, Math.round((counts.read / Math.max(total, 1)) * 100)),
        });
        return batch.length < BATCH;
      });
      if (done) break;
      heap.check();
    }
    await finishRun(app, ctx, SYNC_CODES.done, counts, { migrated: true });
    await withTenant(app.db.db, entityId, (tx) =>
      writeAudit(tx, ctx.actor, {
        action: 'integration.migrate',
        targetType: 'integration',
        targetId: integrationId,
        after: { run: runId, created: counts.created, duplicates: counts.duplicates, errors: counts.errors },
      }),
    );
    // The tables' final size, for the plans after; once the run has ended (half a second at 50,000
    // people that the admin need not wait for).
    if (counts.created > 0) {
      await refreshStatistics(app.db.db, ['people', 'person_sites', 'person_user_types']).catch(() => undefined);
    }
  } catch (err) {
    app.log.warn({ err, ...ids }, 'integration migration failed');
    await failRun(app, ids, SYNC_CODES.migrationFailed, 'integration_migration_failed', {}, counts);
  }
}
