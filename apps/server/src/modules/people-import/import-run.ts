// The import's run (a job; DESIGN "Jobs": long jobs report progress and resume after a crash without
// duplicating rows). Rows are imported in sheet order, a batch at a time, each batch one transaction
// that checks its rows again (the company may have changed since the upload), creates or updates their
// people with their sites, user types, custom values and photos, and marks the rows: a run that stops
// anywhere leaves each row either done with its people or pending without them, and the next run begins
// at the first pending row. A created person takes its row's id, so not even a repeated batch could
// create a second one. Rows with problems are skipped with the reason.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isAllowed } from '@app/shared/access/permissions';
import type { Language } from '@app/shared/constants';
import type { ImportTask } from '@app/shared/people/import';
import { withTenant, type Executor } from '../../db/client';
import type { ImportRunner } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { detectImageKind } from '../../lib/images';
import { defineJob } from '../../plugins/jobs';
import { clientAccess } from '../../plugins/auth';
import { findEntity } from '../access/access.repository';
import { loadUserAccess } from '../access/access.service';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit, writeAudits } from '../audit/audit.repository';
import { findUserById } from '../auth/users.repository';
import { newQrCode } from '../entities/entity-setup';
import { visitorRoleId } from '../expected-visits/expected-visits.repository';
import { uniqueViolation } from '../people/person-rules';
import { checkRows, loadFileIndex, loadNames, rowCheckOf, type FileIndex } from './import-check';
import type { ImportNames } from './import-rules';
import { progressOf, toImportTask } from './import-view';
import { visibleTask } from './people-import.service';
import {
  estimatedPeople,
  insertPeople,
  refreshStatistics,
  replacePeopleRefs,
  updatePeople,
  upsertFieldValues,
  type NewPerson,
  type PersonChange,
} from './import-people.repository';
import {
  findTask,
  markRows,
  pendingRows,
  rowPhotoKeys,
  updateTask,
  type ImportTaskChanges,
  type ImportTaskRecord,
  type RowOutcome,
} from './people-import.repository';
import { heapBound } from '../../lib/heap-bound';
import { mailScreenings } from '../watchlist/watchlist-mails';
import { recordVerdicts, screeningAudits, type Recorded } from '../watchlist/watchlist-screening';

/** Rows a batch imports (one transaction each). */
export const IMPORT_BATCH_SIZE = 500;
/** Runs of the job before the task is marked failed (the first run and its retries). */
export const IMPORT_MAX_ATTEMPTS = 3;
const GROWING = ['import_rows', 'people', 'person_sites', 'person_user_types', 'person_field_values'] as const;
/** Live progress at most this often per task (every batch is saved). */
const PROGRESS_EVERY_MS = 250;

/**
 * The run grows the people tables: the planner is told (refreshStatistics) before the first batch when
 * they were never analysed, then each time the people written since may have doubled what the
 * statistics counted. A company importing into a table of 100,000 people is not slowed by a count
 * that would change nothing; a first import into small tables is counted again as it grows.
 */
function growthWatch(app: FastifyInstance, batchSize: number) {
  let counted: number | null | undefined;
  let since = 0;
  const refresh = async () => {
    await refreshStatistics(app.db.db, GROWING).catch((err: unknown) =>
      app.log.warn({ err }, 'import: statistics not refreshed'),
    );
    counted = await estimatedPeople(app.db.db).catch(() => null);
    since = 0;
  };
  return {
    beforeBatch: async () => {
      if (counted === undefined) {
        counted = await estimatedPeople(app.db.db).catch(() => null);
        if (counted === null) await refresh();
      } else if (since >= Math.max(counted ?? 0, batchSize)) {
        await refresh();
      }
    },
    written: (people: number) => {
      since += people;
    },
  };
}

/** A failure running again cannot mend (the runner left or lost the permission). */
class FinalFailure extends Error {}

export type ImportRunOptions = {
  batchSize?: number;
  /** Called inside each batch's transaction, before it commits (a test makes a batch fail there). */
  insideBatch?: (batch: number) => void | Promise<void>;
  /** Called after each batch has committed (a test stops the run there). */
  afterBatch?: (batch: number) => void | Promise<void>;
};

/** The runner's access now: a member's as their session would have it, or the company's API token's. */
async function runnerAccess(app: FastifyInstance, task: ImportTaskRecord): Promise<AccessContext> {
  const runner = task.runner;
  if (runner?.kind === 'client') {
    const entity = await findEntity(app.db.db, task.entityId);
    if (!entity) throw new FinalFailure('import_runner_gone');
    return clientAccess(entity);
  }
  const user = runner ? await findUserById(app.db.db, runner.userId) : null;
  if (!runner || !user) throw new FinalFailure('import_runner_gone');
  const ctx = await loadUserAccess(app.db.db, task.entityId, user).catch((err: unknown) => {
    if (err instanceof AppError) throw new FinalFailure('import_runner_gone');
    throw err;
  });
  if (
    ctx.actor.kind !== 'user' ||
    ctx.actor.membershipId !== runner.membershipId ||
    !isAllowed(ctx.permissions, 'users')
  ) {
    throw new FinalFailure('import_runner_gone');
  }
  return ctx;
}

type BatchResult = {
  done: boolean;
  task?: ImportTaskRecord;
  removeAfter: string[];
  created: number;
  /** The sheet row the batch ended at: every row up to it is done, and the next batch starts after it. */
  last?: number;
  /** The watchlist screenings recorded (mailed once the batch committed). */
  screened?: Recorded[];
};

/** One batch: the next pending rows checked, written and marked, in the caller's transaction. */
async function importBatch(
  app: FastifyInstance,
  tx: Executor,
  run: {
    ctx: AccessContext;
    names: ImportNames;
    file: FileIndex;
    roleId: string;
    taskId: string;
    limit: number;
    batch: number;
    after: number;
  },
  options: ImportRunOptions,
): Promise<BatchResult> {
  const { ctx, names, taskId } = run;
  const entityId = ctx.entityId;
  // Two runs of one task (a retry while the first still runs) take turns, batch by batch.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('people_import'), hashtext(${taskId}))`);
  const task = await findTask(tx, entityId, taskId, { lock: true });
  if (!task || task.status !== 'running') return { done: true, removeAfter: [], created: 0 };
  const rows = await pendingRows(tx, entityId, taskId, { afterRow: run.after, limit: run.limit });
  if (rows.length === 0) return { done: true, task, removeAfter: [], created: 0 };

  const plans = await checkRows(tx, ctx, names, run.file, rows);
  const creates: NewPerson[] = [];
  const updates: PersonChange[] = [];
  const refs: Parameters<typeof replacePeopleRefs>[2] = [];
  const values: { personId: string; fieldId: string; value: unknown }[] = [];
  const outcomes: RowOutcome[] = [];
  const removeAfter: string[] = [];
  for (const plan of plans) {
    const check = rowCheckOf(plan);
    if (check.hasErrors || plan.action === null) {
      outcomes.push({
        id: plan.row.id,
        status: 'skipped',
        personId: check.personId,
        errors: check.errors,
        hasErrors: check.hasErrors,
        reason: { key: 'import_reason_errors' },
      });
      continue;
    }
    const personId = plan.action === 'create' ? plan.row.id : plan.person!.id;
    let image: string | null = null;
    if (plan.row.photoKey) {
      const data = await app.files.get(plan.row.photoKey);
      const kind = data ? detectImageKind(data) : null;
      if (data && kind) {
        // Named by the row: a batch done again writes the same file.
        image = `entities/${entityId}/people/${personId}/${plan.row.id}.${kind}`;
        await app.files.put(image, data);
      }
      removeAfter.push(plan.row.photoKey);
    }
    const { columns } = plan.checked;
    if (plan.action === 'create') {
      creates.push({ id: personId, ...columns, image, qrCode: newQrCode() });
    } else {
      updates.push({ id: personId, ...columns, image });
      if (image && plan.person!.image && plan.person!.image !== image) removeAfter.push(plan.person!.image);
    }
    refs.push({
      personId,
      siteIds: plan.checked.sites.map((s) => s.id),
      typeIds: plan.checked.userTypes.map((t) => t.id),
      isNew: plan.action === 'create',
    });
    for (const v of plan.checked.fieldValues) values.push({ personId, ...v });
    outcomes.push({
      id: plan.row.id,
      status: plan.action === 'create' ? 'created' : 'updated',
      personId,
      errors: {},
      hasErrors: false,
      reason: null,
    });
  }
  await insertPeople(tx, entityId, run.roleId, creates);
  // What the watchlist found (issue 29): the rows it stopped, and the notify matches of those imported.
  const imported = new Map(outcomes.filter((o) => o.status !== 'skipped').map((o) => [o.id, o.personId!]));
  const stopped = plans.filter((p) => p.watch.stop);
  const through = plans
    .filter((p) => imported.has(p.row.id) && p.watch.through.length)
    .map((p) => ({ ...p.watch, subject: { ...p.watch.subject, personId: imported.get(p.row.id)! } }));
  await updatePeople(tx, entityId, updates);
  await replacePeopleRefs(tx, entityId, refs, ctx.siteIds);
  await upsertFieldValues(tx, entityId, values);
  const marked = await markRows(tx, entityId, taskId, outcomes);
  if (marked !== outcomes.length) throw new Error('import rows changed under the run');

  const count = (status: RowOutcome['status']) => outcomes.filter((o) => o.status === status).length;
  const processed = task.processedRows + marked;
  const saved = (await updateTask(tx, entityId, taskId, {
    processedRows: processed,
    createdRows: task.createdRows + count('created'),
    updatedRows: task.updatedRows + count('updated'),
    skippedRows: task.skippedRows + count('skipped'),
    progress: Math.min(99, Math.floor((processed * 100) / Math.max(task.totalRows - task.droppedRows, 1))),
  }))!;
  await writeAudit(tx, ctx, {
    action: 'people_import.batch',
    targetType: 'people_import',
    targetId: taskId,
    after: {
      rows: [rows[0]!.rowNumber, rows[rows.length - 1]!.rowNumber],
      created: creates.map((p) => p.id),
      updated: updates.map((p) => p.id),
      skipped: count('skipped'),
    },
  });
  // After the people are written: a notify match names the person just made.
  const screened = [
    ...(await recordVerdicts(
      tx,
      entityId,
      'import',
      stopped.map((p) => p.watch),
      { wentAhead: false, now: new Date() },
    )),
    ...(await recordVerdicts(tx, entityId, 'import', through, { wentAhead: true, now: new Date() })),
  ];
  await writeAudits(tx, ctx, screeningAudits(screened));
  await options.insideBatch?.(run.batch);
  return {
    done: false,
    task: saved,
    removeAfter,
    created: creates.length,
    last: rows[rows.length - 1]!.rowNumber,
    screened,
  };
}

/** Skips the first pending row with a reason: what a batch of one that the database refused leaves. */
async function skipFirstPending(tx: Executor, entityId: string, taskId: string, after: number) {
  const [row] = await pendingRows(tx, entityId, taskId, { afterRow: after, limit: 1 });
  const task = await findTask(tx, entityId, taskId, { lock: true });
  if (!row || !task) return;
  await markRows(tx, entityId, taskId, [
    {
      id: row.id,
      status: 'skipped',
      personId: null,
      errors: row.errors,
      hasErrors: row.hasErrors,
      reason: { key: 'import_reason_conflict' },
    },
  ]);
  const processed = task.processedRows + 1;
  await updateTask(tx, entityId, taskId, {
    processedRows: processed,
    skippedRows: task.skippedRows + 1,
    progress: Math.min(99, Math.floor((processed * 100) / Math.max(task.totalRows - task.droppedRows, 1))),
  });
}

const save = (app: FastifyInstance, task: ImportTaskRecord, changes: ImportTaskChanges) =>
  withTenant(app.db.db, task.entityId, (tx) => updateTask(tx, task.entityId, task.id, changes));

function tell(app: FastifyInstance, task: ImportTaskRecord, done: boolean) {
  if (task.runner?.kind !== 'user') return;
  app.realtime.toUser(task.runner.userId, done ? 'peopleImportDone' : 'peopleImportProgress', progressOf(task));
}

/**
 * Runs one queued task to its end (the job's work; idempotent by task id). A task that is not queued or
 * running is left as it is. A failure is thrown for the job to retry until the last attempt, which
 * marks the task failed; running it again later resumes where it stopped.
 */
export async function runImport(
  app: FastifyInstance,
  entityId: string,
  taskId: string,
  options: ImportRunOptions = {},
): Promise<ImportTaskRecord | null> {
  const found = await withTenant(app.db.db, entityId, (tx) => findTask(tx, entityId, taskId));
  if (!found || (found.status !== 'queued' && found.status !== 'running')) return found;
  const attempt = found.attempts + 1;
  let task = (await save(app, found, {
    status: 'running',
    attempts: attempt,
    startedAt: found.startedAt ?? new Date(),
    error: null,
  }))!;
  tell(app, task, false);
  try {
    const ctx = await runnerAccess(app, task);
    const { names, roleId, file } = await withTenant(app.db.db, entityId, async (tx) => ({
      names: await loadNames(tx, ctx),
      roleId: await visitorRoleId(tx, entityId),
      // The rows cannot change while the task runs: what the file holds is read once.
      file: await loadFileIndex(tx, entityId, taskId),
    }));
    const limit = options.batchSize ?? IMPORT_BATCH_SIZE;
    const statistics = growthWatch(app, limit);
    const heap = heapBound();
    let lastSent = 0;
    // Where the batches have got to in the sheet: each starts after the last one's rows (a resumed run
    // starts at the top and finds the rows done before it no longer pending).
    let after = 0;
    for (let batch = 1; ; batch++) {
      await statistics.beforeBatch();
      const run = { ctx, names, file, roleId, taskId, limit, batch, after };
      let result: BatchResult;
      try {
        result = await withTenant(app.db.db, entityId, (tx) => importBatch(app, tx, run, options));
      } catch (err) {
        // Someone else took an email, phone or id number meanwhile: the rows go one at a time, and the
        // one the database refuses is skipped.
        if (!uniqueViolation(err)) throw err;
        result = await withTenant(app.db.db, entityId, (tx) =>
          importBatch(app, tx, { ...run, limit: 1 }, options),
        ).catch(async (one: unknown) => {
          if (!uniqueViolation(one)) throw one;
          await withTenant(app.db.db, entityId, (tx) => skipFirstPending(tx, entityId, taskId, after));
          return { done: false, removeAfter: [], created: 0 };
        });
      }
      for (const key of result.removeAfter) await app.files.remove(key);
      await mailScreenings(app, entityId, result.screened ?? [], new Date());
      statistics.written(result.created);
      heap.check();
      after = result.last ?? after;
      if (result.task) task = result.task;
      if (result.done) break;
      if (Date.now() - lastSent >= PROGRESS_EVERY_MS) {
        lastSent = Date.now();
        tell(app, task, false);
      }
      await options.afterBatch?.(batch);
      // Other work gets its turn between batches (the embedded database has one connection).
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const current = await withTenant(app.db.db, entityId, (tx) => findTask(tx, entityId, taskId));
    if (!current || current.status !== 'running') return current;
    const done = (await save(app, current, { status: 'done', progress: 100, finishedAt: new Date() }))!;
    // Photos of dropped rows were never taken.
    const leftover = await withTenant(app.db.db, entityId, (tx) =>
      rowPhotoKeys(tx, entityId, taskId, { waitingOnly: true }),
    );
    for (const key of leftover) await app.files.remove(key);
    await withTenant(app.db.db, entityId, (tx) =>
      writeAudit(tx, ctx, {
        action: 'people_import.done',
        targetType: 'people_import',
        targetId: taskId,
        after: { created: done.createdRows, updated: done.updatedRows, skipped: done.skippedRows },
      }),
    );
    tell(app, done, true);
    return done;
  } catch (err) {
    const final = err instanceof FinalFailure || attempt >= IMPORT_MAX_ATTEMPTS;
    const error = err instanceof FinalFailure ? err.message : 'import_failed';
    if (!final) {
      const saved = await save(app, task, { status: 'queued', error, finishedAt: null });
      if (saved) tell(app, saved, false);
      throw err;
    }
    app.log.warn({ err, task: taskId }, 'people import failed');
    return failTask(app, task, error);
  }
}

/** Marks a task failed (running it again resumes it), and tells its runner. */
async function failTask(app: FastifyInstance, task: ImportTaskRecord, error: string) {
  const saved = await save(app, task, { status: 'failed', error, finishedAt: new Date() });
  if (saved) tell(app, saved, true);
  return saved;
}

/** Its last attempt died with its node (decision 059): the task fails as a failing last attempt would have. */
export async function giveUpImport(app: FastifyInstance, entityId: string, taskId: string) {
  const task = await withTenant(app.db.db, entityId, (tx) => findTask(tx, entityId, taskId));
  if (!task || (task.status !== 'running' && task.status !== 'queued')) return task;
  app.log.warn({ task: taskId }, 'people import lost with its node, no attempt left');
  return failTask(app, task, 'import_failed');
}

export const peopleImportJob = defineJob({
  name: 'people-import',
  payload: z.object({ entity_id: z.uuid(), task_id: z.uuid() }),
  retryLimit: IMPORT_MAX_ATTEMPTS - 1,
  handler: async (data, { app }) => {
    await runImport(app, data.entity_id, data.task_id);
  },
  givenUp: async (data, { app }) => {
    await giveUpImport(app, data.entity_id, data.task_id);
  },
});

// Runs started in this process where the job runner is off (tests, a server started without it): the
// app waits for them when it closes.
const inProcess = new WeakMap<object, Set<Promise<unknown>>>();

/** Starts a queued task: the job runner's job, or (runner off) a run in this process after the answer. */
export async function startImport(app: FastifyInstance, entityId: string, taskId: string) {
  const queued = await app.jobs.send(peopleImportJob, { entity_id: entityId, task_id: taskId });
  if (queued !== null) return;
  const runs = inProcess.get(app.db) ?? new Set();
  inProcess.set(app.db, runs);
  const run: Promise<unknown> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => runImport(app, entityId, taskId))
    .catch((err: unknown) => app.log.error({ err, entityId, taskId }, 'people import failed'))
    .finally(() => runs.delete(run));
  runs.add(run);
}

/** Waits for the runs this process started (the app is closing). */
export async function importRunsEnded(app: FastifyInstance) {
  await Promise.all([...(inProcess.get(app.db) ?? [])]);
}

/** POST /people/import/{id}/run: queues the task (again, after a failure: it resumes) and starts it. */
export async function requestImportRun(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  id: string,
): Promise<ImportTask> {
  const { task, start } = await inTenant(app, ctx, async (tx) => {
    const current = await visibleTask(tx, ctx, id, { lock: true });
    if (current.status === 'queued' || current.status === 'running') return { task: current, start: false };
    if (current.status === 'done')
      throw new AppError('rule_violation', { field: 'id', messageKey: 'import_task_done' });
    if (current.status === 'uploaded')
      throw new AppError('rule_violation', { field: 'id', messageKey: 'import_task_locked' });
    if (current.status === 'validated' && current.validRows === 0) {
      throw new AppError('rule_violation', { field: 'id', messageKey: 'import_nothing_to_import' });
    }
    const runner: ImportRunner =
      ctx.actor.kind === 'user'
        ? { kind: 'user', userId: ctx.actor.userId, membershipId: ctx.actor.membershipId }
        : { kind: 'client' };
    const queued = (await updateTask(tx, ctx.entityId, id, {
      status: 'queued',
      queuedAt: new Date(),
      finishedAt: null,
      attempts: 0,
      error: null,
      runner,
    }))!;
    await writeAudit(tx, ctx, {
      action: 'people_import.run',
      targetType: 'people_import',
      targetId: id,
      after: { rows: queued.totalRows, valid: queued.validRows, errors: queued.errorRows, dropped: queued.droppedRows },
    });
    return { task: queued, start: true };
  });
  // After the commit: the job must find the task queued.
  if (start) await startImport(app, ctx.entityId, id);
  return toImportTask(task, ctx, lang);
}
