// A job run lost with its node (decision 059, issue 30 point 3): each node with its runner on is written
// in job_nodes and beats; each run it starts is written in job_runs; the runs of a node not seen for
// JOB_NODE_LOST_SECONDS are failed in pg-boss by a node alive, which retries them, or (no attempt left)
// gives them up, marking the export or import failed. A dead node is made here by its rows (the cluster
// suite kills a real one); the runner is a second app on this file's own database, as a node would be.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ImportTask } from '@app/shared/people/import';
import type { ReportExport } from '@app/shared/reports/exports';
import { createTestApp, type TestContext } from './helpers/test-app';
import { sheetOf, uploaded } from './helpers/people-import-files';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
let runner: TestContext;
let w: VisitsWorld;
const LOST_SECONDS = 2;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { ownDatabase: true });
  w = await visitsWorld(ctx.app, ctx.db.db);
  const testDb = inject('testDb');
  const own = { JOB_NODE_LOST_SECONDS: String(LOST_SECONDS) };
  if (testDb.kind === 'postgres') {
    const { rows } = await ctx.db.query('select current_database() as name');
    const url = Object.assign(new URL(testDb.url), { pathname: `/${String(rows[0]!.name)}` }).toString();
    Object.assign(own, { DATABASE_URL: url });
  }
  runner = await createTestApp(own, { db: ctx.db });
  await runner.app.jobs.start();
}, 60_000);

afterAll(async () => {
  await runner?.close();
  await ctx?.close();
});

const query = async <T>(text: string, values: unknown[] = []) => (await ctx.db.query(text, values)).rows as T[];

/** A node that beat `secondsAgo` seconds ago (negative: ahead), running the pg-boss job `jobId` of `queue`. */
async function nodeRunning(secondsAgo: number, queue: string, jobId: string) {
  const nodeId = randomUUID();
  await query(
    `insert into job_nodes (id, host, pid, seen_at) values ($1, 'elsewhere', 4242, now() - make_interval(secs => $2))`,
    [nodeId, secondsAgo],
  );
  await query(`insert into job_runs (job_id, queue, node_id) values ($1, $2, $3)`, [jobId, queue, nodeId]);
  return nodeId;
}

/** A pg-boss job of `queue`, active since a moment ago (as a worker that fetched it leaves it), on its `attempt`. */
async function activeJob(queue: string, data: object, attempt: number) {
  const [row] = await query<{ id: string }>(
    `insert into pgboss.job (name, data, state, started_on, retry_limit, retry_count, retry_delay, retry_backoff)
     values ($1, $2, 'active', now(), 2, $3, 10, true) returning id`,
    [queue, JSON.stringify(data), attempt - 1],
  );
  return row!.id;
}

const jobState = async (queue: string, id: string) =>
  (
    await query<{ state: string; start_after: Date }>(
      `select state, start_after from pgboss.job where name = $1 and id = $2
       union all select state, start_after from pgboss.archive where name = $1 and id = $2`,
      [queue, id],
    )
  )[0];

/** An export as a run that died left it: running, on its `attempt`. */
async function runningExport(attempt: number) {
  const res = await w.admin.post('/exports', {
    report: 'history',
    format: 'csv',
    filters: { from: '2026-03-01', to: '2026-03-02', sortField: 'signed_in_at', orderBy: 'asc' },
    columns: ['person', 'signed_in'],
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json<ReportExport>().id;
  await query(`update report_exports set status = 'running', attempts = $2, rows = 3 where id = $1`, [id, attempt]);
  return id;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the job runner’s node', () => {
  it('is written in job_nodes while the runner is on, and beats', async () => {
    const mine = () => query<{ seen_at: Date }>(`select seen_at from job_nodes where pid = $1`, [process.pid]);
    const [first] = await mine();
    expect(first).toBeDefined();
    const later = await waitFor(mine, ([r]) => !!r && r.seen_at.getTime() > first!.seen_at.getTime(), 5_000);
    expect(later[0]!.seen_at.getTime()).toBeGreaterThan(first!.seen_at.getTime());
  });

  it('writes itself in again when it was taken for lost', async () => {
    await query(`delete from job_nodes where pid = $1`, [process.pid]);
    const back = await waitFor(
      () => query(`select 1 from job_nodes where pid = $1`, [process.pid]),
      (rows) => rows.length === 1,
      5_000,
    );
    expect(back).toHaveLength(1);
  });
});

describe('a run lost with its node', () => {
  it('is left alone while its node beats', async () => {
    const exportId = await runningExport(1);
    const jobId = await activeJob('report-export', { entity_id: w.entity.id, export_id: exportId }, 1);
    // Seen a minute ahead: beating, however slow this test runs.
    await nodeRunning(-60, 'report-export', jobId);
    expect(await runner.app.jobs.reclaimLost()).toBe(0);
    expect((await jobState('report-export', jobId))?.state).toBe('active');
    expect(await query(`select queue from job_runs where job_id = $1`, [jobId])).toEqual([{ queue: 'report-export' }]);
    await query(`update pgboss.job set state = 'cancelled' where name = 'report-export' and id = $1`, [jobId]);
    await query(`delete from job_runs where job_id = $1`, [jobId]);
  });

  it('is given back to pg-boss once its node is not seen, and runs again to its end on a node alive', async () => {
    const exportId = await runningExport(1);
    const jobId = await activeJob('report-export', { entity_id: w.entity.id, export_id: exportId }, 1);
    const deadNode = await nodeRunning(LOST_SECONDS + 5, 'report-export', jobId);

    // The runner's own beat may get there first: reclaims take turns, so either way it is done by now.
    await runner.app.jobs.reclaimLost();
    const retried = await jobState('report-export', jobId);
    expect(retried?.state).toBe('retry');
    // pg-boss's retry delay (10 s, growing) applies, as after any failure.
    expect(retried!.start_after.getTime()).toBeGreaterThan(Date.now() + 5_000);
    expect(await query(`select 1 from job_runs where job_id = $1`, [jobId])).toEqual([]);
    expect(await query(`select 1 from job_nodes where id = $1`, [deadNode])).toEqual([]);

    // Due now rather than in 10 s: this node's worker takes it at its next look and finishes the export.
    await query(`update pgboss.job set start_after = now() where name = 'report-export' and id = $1`, [jobId]);
    const done = await waitFor(
      async () => (await w.admin.get(`/exports/${exportId}`)).json<ReportExport>(),
      (e) => e.status === 'done',
    );
    expect(done).toMatchObject({ status: 'done', error: null });
    expect(await query(`select attempts from report_exports where id = $1`, [exportId])).toEqual([{ attempts: 2 }]);
    // pg-boss marks its run completed a moment after the handler wrote the export's row.
    const finished = await waitFor(
      () => jobState('report-export', jobId),
      (j) => j?.state === 'completed',
      5_000,
    );
    expect(finished?.state).toBe('completed');
  });

  it('with no attempt left, is given up: the export and the import read failed, as a last failing attempt leaves them', async () => {
    const exportId = await runningExport(3);
    const task = await uploaded(
      w.admin,
      await sheetOf(['First name', 'Last name', 'User types', 'Sites'], [['Lost', 'Import', 'Staff', 'HQ']]),
    );
    await query(`update import_tasks set status = 'running', attempts = 3, started_at = now() where id = $1`, [
      task.id,
    ]);
    const exportJob = await activeJob('report-export', { entity_id: w.entity.id, export_id: exportId }, 3);
    const importJob = await activeJob('people-import', { entity_id: w.entity.id, task_id: task.id }, 3);
    const deadNode = randomUUID();
    await query(
      `insert into job_nodes (id, host, pid, seen_at) values ($1, 'elsewhere', 4242, now() - interval '1 hour')`,
      [deadNode],
    );
    await query(
      `insert into job_runs (job_id, queue, node_id) values ($1, 'report-export', $3), ($2, 'people-import', $3)`,
      [exportJob, importJob, deadNode],
    );

    await runner.app.jobs.reclaimLost();
    expect((await jobState('report-export', exportJob))?.state).toBe('failed');
    expect((await jobState('people-import', importJob))?.state).toBe('failed');
    const lostExport = await waitFor(
      async () => (await w.admin.get(`/exports/${exportId}`)).json<ReportExport>(),
      (e) => e.status === 'failed',
      5_000,
    );
    expect(lostExport).toMatchObject({ status: 'failed', error: 'internal' });
    expect(lostExport.finished_at).not.toBeNull();
    const lostImport = await waitFor(
      async () => (await w.admin.get(`/people/import/${task.id}`)).json<ImportTask>(),
      (t) => t.status === 'failed',
      5_000,
    );
    // The task's error, translated: the failure of its last attempt.
    expect(lostImport).toMatchObject({ status: 'failed', error: expect.stringContaining('error on our side') });
  });

  it('leaves job_nodes and job_runs when the runner stops', async () => {
    await runner.app.jobs.stop();
    expect(await query(`select 1 from job_nodes where pid = $1 and host <> 'elsewhere'`, [process.pid])).toEqual([]);
    expect(await query(`select node_id from job_runs`)).toEqual([]);
  });
});
