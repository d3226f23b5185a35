// Two REAL app processes on one PostgreSQL database and one Redis (issue 30, "What must hold" 2 and 3):
// what is per-process in one node must hold across nodes. Each node is a child process of the bundled
// server (helpers/cluster-nodes.ts), on a database of this file's own and a Redis database index of its
// own; every caller talks from an address of its own. PostgreSQL only (the embedded database allows
// one process); Redis is required, as in CI (.ci/run starts it).
//
// One describe per point, so that the other parts of issue 30 add their cases in a few lines with the
// same helpers: cluster.nodes[i].url / .socket(client) / .client(), cluster.startNode(i, env),
// cluster.stopNode(i), cluster.killNode(i), cluster.client(node).login(...), client.on(otherNode).
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReportExport } from '@app/shared/reports/exports';
import { reportFigure } from './helpers/figures';
import { collect, joinRoom, waitFor } from './helpers/sockets';
import { ClusterClient, httpRequest, randomLoopback, startCluster, type Cluster } from './helpers/cluster-nodes';
import { createTestApp } from './helpers/test-app';
import type { Database } from '../src/db/client';
import type { ImportTask } from '@app/shared/people/import';
import { sheetOf, uploaded } from './helpers/people-import-files';
import { startS3Server, type TestS3 } from './helpers/s3-server';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { PASSWORD } from './helpers/world';

const onServer = inject('testDb').kind === 'postgres';
/** Per address and minute, on every node: low, so that a few requests reach it. */
const LIMIT = 10;
/** People signed in while a node is killed. */
const KILL_SIGN_INS = 40;
/** An export and an import long enough to be killed part way: a day's visits, and a sheet of people. */
const BULK_VISITS = 20_000;
const BULK_DAY = '2026-01-15';
const IMPORT_ROWS = 6_000;
/** A node not seen for this long is lost (decision 059): short here, 30 s by default. */
const LOST_SECONDS = 3;

let cluster: Cluster;
let s3: TestS3;
let w: VisitsWorld;
let token: string;
let killPeople: string[] = [];
let importTaskId: string;

beforeAll(async () => {
  if (!onServer) return;
  // Files in a bucket every node reaches (decision 057), as an installation of several nodes keeps them.
  s3 = await startS3Server();
  cluster = await startCluster({
    nodes: 2,
    env: {
      PUBLIC_RATE_LIMIT: String(LIMIT),
      API_RATE_LIMIT: String(LIMIT),
      JOB_NODE_LOST_SECONDS: String(LOST_SECONDS),
      ...s3.env,
    },
    // A company made in this process on the cluster's database, before the nodes start.
    seed: async (db) => {
      const seeding = await createTestApp({}, { db });
      try {
        w = await visitsWorld(seeding.app, db.db);
        const res = await w.admin.post('/company/client-token');
        expect(res.statusCode, res.body).toBe(200);
        token = res.json<{ token: string }>().token;
        killPeople = [];
        for (let i = 0; i < KILL_SIGN_INS; i++) killPeople.push((await w.person(`Kill${i}`)).id);
        await bulkVisits(db, (await w.person('Bulk')).id);
        const sheet = await sheetOf(
          ['First name', 'Last name', 'Email', 'User types', 'Sites'],
          Array.from({ length: IMPORT_ROWS }, (_, i) => [
            `Row${i}`,
            'Imported',
            `row${i}@killed-import.test`,
            'Staff',
            'HQ',
          ]),
        );
        const task = await uploaded(w.admin, sheet);
        expect(task).toMatchObject({ status: 'validated', valid_rows: IMPORT_ROWS });
        importTaskId = task.id;
      } finally {
        await seeding.close();
      }
    },
  });
}, 120_000);

afterAll(async () => {
  await cluster?.close();
  await s3?.close();
}, 60_000);

/** BULK_VISITS visits of one person on BULK_DAY, a second apart, written in one statement as the owner. */
async function bulkVisits(db: Database, personId: string) {
  const first = new Date(`${BULK_DAY}T08:00:00Z`);
  const one = await db.query(
    `INSERT INTO visits (entity_id, id, person_id, site_id, area_id, state, login_mode, signed_in_at, signed_out_at)
     VALUES ($1, gen_random_uuid(), $2, $3, $4, 'left', 'signIn_signOut', $5, $5::timestamptz + interval '1 hour')
     RETURNING id`,
    [w.entity.id, personId, w.sites.hq, w.areas.reception, first],
  );
  // Every column the row has that is not generated, copied from the first with the times moved on.
  const columns = (
    await db.query(
      `SELECT column_name FROM information_schema.columns
       WHERE table_name = 'visits' AND is_generated = 'NEVER' AND column_name NOT IN ('id', 'signed_in_at', 'signed_out_at')`,
    )
  ).rows.map((r) => `"${String(r.column_name)}"`);
  await db.query(
    `INSERT INTO visits (id, signed_in_at, signed_out_at, ${columns.join(', ')})
     SELECT gen_random_uuid(), v.signed_in_at + g * interval '1 second', v.signed_out_at + g * interval '1 second',
            ${columns.map((c) => `v.${c}`).join(', ')}
     FROM visits v, generate_series(1, $2::int) g WHERE v.id = $1`,
    [one.rows[0]!.id, BULK_VISITS - 1],
  );
}

/** The files under a folder, at any depth. */
function localFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const node = (i: number) => cluster.nodes[i]!;
const signInBody = (personId: string) => ({ area_id: w.areas.reception, people: [{ person_id: personId }] });

/** An export of a day's history (YYYY-MM-DD) as csv, asked through one node: its id. */
async function askExport(asker: ClusterClient, day: string): Promise<string> {
  const asked = await asker.post('/exports', {
    report: 'history',
    format: 'csv',
    filters: { from: day, to: day, sortField: 'signed_in_at', orderBy: 'asc' },
    columns: ['person', 'signed_in', 'site'],
  });
  expect(asked.status, asked.body).toBe(202);
  return asked.json<ReportExport>().id;
}

/** An export of today's history asked through one node, once another node reads it done. */
async function exportDone(asker: ClusterClient, reader: ClusterClient): Promise<string> {
  const id = await askExport(asker, new Date().toISOString().slice(0, 10));
  const deadline = Date.now() + 20_000;
  let status = '';
  while (Date.now() < deadline && status !== 'done' && status !== 'failed') {
    status = (await reader.get(`/exports/${id}`)).json<ReportExport>().status;
    if (status !== 'done') await new Promise((r) => setTimeout(r, 100));
  }
  expect(status).toBe('done');
  return id;
}

describe.runIf(onServer)('nodes starting together on a new database', () => {
  it('all come up: the job runner’s queues and schedules are made once, not raced', async () => {
    // A database of its own, new to every node (migrated, but no job queues yet), three started at once.
    const fresh = await startCluster({ nodes: 3, together: true });
    try {
      expect(fresh.nodes.map((n) => n.running)).toEqual([true, true, true]);
      const queues = await fresh.db.query(
        "SELECT count(*)::int AS n FROM pgboss.queue WHERE name NOT LIKE '__pgboss__%'",
      );
      expect(queues.rows[0]!.n).toBeGreaterThan(0);
      expect(fresh.nodes.flatMap((n) => n.errors())).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});

describe.runIf(onServer)('live events across nodes', () => {
  it('a sign-in made through node A reaches a dashboard whose socket is on node B', async () => {
    const admin = await cluster.client(node(0)).login(w.people.admin.email, PASSWORD);
    const socket = await node(1).socket(admin);
    expect(await joinRoom(socket, w.entity.id)).toBe('joined');
    const person = await w.person('Live');
    const heard = collect(socket, 'updateVisits');
    const sent = performance.now();
    const res = await admin.post('/visits/sign-in', signInBody(person.id));
    expect(res.status, res.body).toBe(201);
    const visitId = res.json<{ data: { id: string }[] }>().data[0]!.id;
    let at = 0;
    const seen = await heard.until((s) => {
      const found = s.some((p) => p.visit_ids.includes(visitId));
      if (found && !at) at = performance.now();
      return found;
    }, 5_000);
    expect(seen.find((p) => p.visit_ids.includes(visitId))).toMatchObject({ action: expect.any(String) });
    reportFigure('cluster', `sign-in on node A → updateVisits on node B in ${Math.round(at - sent)} ms`);
  });
});

describe.runIf(onServer)('an emergency roll across nodes', () => {
  it('a sign-out made through node A during a drill reaches a warden watching on node B, once', async () => {
    const admin = await cluster.client(node(0)).login(w.people.admin.email, PASSWORD);
    const person = await w.person('Drill');
    const signedIn = await admin.post('/visits/sign-in', {
      area_id: w.areas.lobby,
      people: [{ person_id: person.id }],
    });
    expect(signedIn.status, signedIn.body).toBe(201);
    const visitId = signedIn.json<{ data: { id: string }[] }>().data[0]!.id;
    const started = await admin.post('/emergency/sessions', {
      name: 'Drill',
      is_drill: true,
      area_ids: [w.areas.lobby],
    });
    expect(started.status, started.body).toBe(201);
    const sessionId = started.json<{ session: { id: string } }>().session.id;
    try {
      const warden = await node(1).socket(admin);
      expect(await joinRoom(warden, w.entity.id)).toBe('joined');
      expect(await new Promise((resolve) => warden.emit('watchEmergencySession', sessionId, resolve))).toEqual({
        ok: true,
      });
      const heard = collect(warden, 'updateEmergencySessionData', 500);
      const out = await admin.post('/visits/sign-out', { visit_ids: [visitId] });
      expect(out.status, out.body).toBe(200);
      const withEntries = (events: typeof heard.seen) => events.filter((e) => e.entries?.length);
      await heard.until((events) => withEntries(events).length > 0, 5_000);
      // Each node tells its own sockets (A has none watching): B's warden hears it once.
      const told = withEntries(await heard.settle());
      expect(told).toHaveLength(1);
      expect(told[0]!.entries![0]).toMatchObject({ status: 'out', source: 'sign_out' });
    } finally {
      const ended = await admin.post(`/emergency/sessions/${sessionId}/end`);
      expect(ended.status, ended.body).toBe(200);
    }
  });
});

describe.runIf(onServer)('an access change made on one node', () => {
  it('a logout on A ends the session on B at once and closes its socket there', async () => {
    const employee = await cluster.client(node(0)).login(w.people.employee.email, PASSWORD);
    // The same browser's cookies, kept: the logout's answer clears the jar it was sent with.
    const sameBrowserOnB = new ClusterClient(node(1), new Map(employee.jar), employee.address);
    expect((await sameBrowserOnB.get('/auth/me')).status).toBe(200);
    const socket = await node(1).socket(sameBrowserOnB);
    expect(await joinRoom(socket, w.entity.id)).toBe('joined');
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const out = await employee.post('/auth/logout');
    expect(out.status, out.body).toBeLessThan(300);
    expect((await sameBrowserOnB.get('/auth/me')).status).toBe(401);
    expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r('still connected'), 3_000))])).toBe(
      'io server disconnect',
    );
  });

  it('a role moved on A takes effect on B at once, and B’s socket hears no more visits', async () => {
    const admin = await cluster.client(node(0)).login(w.people.admin.email, PASSWORD);
    const employee = await cluster.client(node(1)).login(w.people.employee.email, PASSWORD);
    expect((await employee.get('/dashboard')).status).toBe(200);
    const socket = await node(1).socket(employee);
    expect(await joinRoom(socket, w.entity.id)).toBe('joined');
    // A whole-company admin's socket on B: the control that the event was sent at all.
    const control = await node(1).socket(admin);
    expect(await joinRoom(control, w.entity.id)).toBe('joined');

    const told = waitFor(socket, 'pongUpdateUserRole', 3_000);
    const moved = await admin.put(`/members/${w.people.employee.membershipId}/role`, {
      role_id: w.entity.roles.employee_reporting,
    });
    expect(moved.status, moved.body).toBe(200);
    expect((await employee.get('/dashboard')).status).toBe(403);
    await told;

    const heard = collect(socket, 'updateVisits', 1_000);
    const controlHeard = collect(control, 'updateVisits');
    const person = await w.person('AfterMove');
    const res = await admin.post('/visits/sign-in', signInBody(person.id));
    expect(res.status, res.body).toBe(201);
    const visitId = res.json<{ data: { id: string }[] }>().data[0]!.id;
    expect(
      (await controlHeard.until((s) => s.some((p) => p.visit_ids.includes(visitId)), 5_000)).some((p) =>
        p.visit_ids.includes(visitId),
      ),
    ).toBe(true);
    expect(await heard.settle()).toEqual([]);
  });
});

describe.runIf(onServer)('rate limits across nodes', () => {
  /** `2 × LIMIT + 4` requests at once from one address, spread over both nodes: their statuses. */
  async function burst(path: (i: number) => string) {
    const address = randomLoopback();
    const answers = await Promise.all(
      Array.from({ length: 2 * LIMIT + 4 }, (_, i) =>
        httpRequest(`${node(i % 2).url}${path(i)}`, { localAddress: address }),
      ),
    );
    return answers;
  }

  it('a public limit of 10 a minute is 10 in total, whichever node answers (PUBLIC_RATE_LIMIT)', async () => {
    const answers = await burst((i) => `/api/v1/public/entities/by-subdomain/nobody-${i}`);
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.length - refused.length).toBe(LIMIT);
    expect(refused.every((a) => Number(a.headers['retry-after']) > 0)).toBe(true);
  });

  it('the rest of the API’s limit too (API_RATE_LIMIT)', async () => {
    const answers = await burst(() => '/api/v1/public/config');
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(LIMIT + 4);
  });
});

describe.runIf(onServer)('jobs across nodes', () => {
  it('an export asked through node A runs once, on one node, and B reads it done', async () => {
    const admin = await cluster.client(node(0)).login(w.people.admin.email, PASSWORD);
    const id = await exportDone(admin, admin.on(node(1)));
    const row = await cluster.db.query('SELECT attempts FROM report_exports WHERE id = $1', [id]);
    expect(row.rows).toEqual([{ attempts: 1 }]);
    // pg-boss marks its run completed a moment after the handler wrote the export's row.
    const runsOf = () =>
      cluster.db.query(
        `SELECT state, retry_count FROM pgboss.job WHERE name = 'report-export' AND data->>'export_id' = $1
         UNION ALL
         SELECT state, retry_count FROM pgboss.archive WHERE name = 'report-export' AND data->>'export_id' = $1`,
        [id],
      );
    let runs = await runsOf();
    for (let i = 0; i < 100 && runs.rows.some((r) => r.state === 'active'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      runs = await runsOf();
    }
    expect(runs.rows).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('every-minute schedules queue one run per minute, not one per node', async () => {
    // Two nodes each queueing a schedule's run would put two runs of one name within moments of each
    // other; pg-boss's clock sends one per minute (at most every 30 s between two minutes' runs).
    const close = await cluster.db.query(
      `WITH runs AS (
         SELECT name, created_on FROM pgboss.job UNION ALL SELECT name, created_on FROM pgboss.archive
       ), scheduled AS (
         SELECT r.name, r.created_on, lag(r.created_on) OVER (PARTITION BY r.name ORDER BY r.created_on) AS previous
         FROM runs r JOIN pgboss.schedule s ON s.name = r.name WHERE s.cron = '* * * * *'
       )
       SELECT name, created_on, previous FROM scheduled WHERE created_on - previous < interval '10 seconds'`,
    );
    expect(close.rows).toEqual([]);
  });
});

describe.runIf(onServer)('files from any node', () => {
  it('an export asked through node A downloads through node B and through A, from the bucket', async () => {
    const admin = await cluster.client(node(0)).login(w.people.admin.email, PASSWORD);
    const onB = admin.on(node(1));
    const id = await exportDone(admin, onB);
    const bodies: string[] = [];
    for (const through of [onB, admin]) {
      const link = await through.post(`/exports/${id}/link`);
      expect(link.status, link.body).toBe(200);
      const file = await through.get(link.json<{ url: string }>().url);
      expect(file.status, file.body).toBe(200);
      bodies.push(file.body);
    }
    expect(bodies[0]).toContain('\n');
    expect(bodies[1]).toBe(bodies[0]);
    // Kept in the bucket, not on the nodes' disk.
    expect(s3.requests.some((r) => r.method === 'PUT')).toBe(true);
    expect(localFiles(path.join(cluster.dataDir, 'files'))).toEqual([]);
  });
});

describe.runIf(onServer)('the nodes’ logs', () => {
  it('hold no error so far', () => {
    expect(cluster.nodes.flatMap((n) => n.errors().map((e) => `node ${n.index}: ${e}`))).toEqual([]);
  });
});

// Last: it kills node A (cases placed after it start it again with cluster.startNode(0)).
describe.runIf(onServer)('a node killed during sign-ins', () => {
  it('loses no answered sign-in and doubles none, and every one reaches the dashboards on the other node', async () => {
    const api = new ClusterClient(node(0), new Map(), randomLoopback(), token);
    // A dashboard on node B: what node A committed before it died still reaches it (decision 056).
    const admin = await cluster.client(node(1)).login(w.people.admin.email, PASSWORD);
    const dashboard = await node(1).socket(admin);
    expect(await joinRoom(dashboard, w.entity.id)).toBe('joined');
    const heard = collect(dashboard, 'updateVisits');
    const answered = new Map<string, { visitId: string; status: number }>();
    let failures = 0;
    let killed = false;

    /** One sign-in, as a kiosk or an integration behind a balancer does it: its key kept across retries. */
    async function signInWithRetries(personId: string, first: number) {
      const key = randomUUID();
      let target = first;
      for (let attempt = 0; attempt < 30; attempt++) {
        const to = cluster.nodes[target]!;
        try {
          const res = await api.on(to).post('/visits/sign-in', signInBody(personId), { 'idempotency-key': key });
          if (res.status === 201 || res.status === 200) {
            answered.set(personId, { visitId: res.json<{ data: { id: string }[] }>().data[0]!.id, status: res.status });
            return;
          }
          if (res.status < 500) throw new Error(`refused: ${res.status} ${res.body}`);
        } catch (error) {
          if (error instanceof Error && error.message.startsWith('refused')) throw error;
        }
        failures++;
        target = 1 - target;
        if (!cluster.nodes[target]!.running) target = 1 - target;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no node answered the sign-in of ${personId}`);
    }

    const queue = killPeople.map((id, i) => ({ id, first: i % 2 }));
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await signInWithRetries(next.id, next.first);
        if (!killed && answered.size >= KILL_SIGN_INS / 4) {
          killed = true;
          // Mid-stream: the other workers' requests to it are in flight.
          void cluster.killNode(0);
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(killed).toBe(true);
    expect(node(0).running).toBe(false);
    expect(failures).toBeGreaterThan(0);
    expect(answered.size).toBe(KILL_SIGN_INS);

    const visits = await cluster.db.query(
      'SELECT person_id, id FROM visits WHERE entity_id = $1 AND person_id = ANY($2::uuid[])',
      [w.entity.id, killPeople],
    );
    const byPerson = new Map<string, string[]>();
    for (const v of visits.rows as { person_id: string; id: string }[])
      byPerson.set(v.person_id, [...(byPerson.get(v.person_id) ?? []), v.id]);
    const doubled = [...byPerson].filter(([, ids]) => ids.length > 1);
    expect(doubled).toEqual([]);
    for (const [personId, { visitId }] of answered) expect(byPerson.get(personId)).toEqual([visitId]);
    // Every answered sign-in, whichever node committed it, was told to the dashboard on node B, whose
    // socket never dropped (so no reconnection's catch-up ran).
    const told = (events: { visit_ids: string[] }[]) => new Set(events.flatMap((e) => e.visit_ids));
    const answeredIds = [...answered.values()].map((a) => a.visitId);
    const events = await heard.until((e) => answeredIds.every((id) => told(e).has(id)), 10_000);
    expect(answeredIds.filter((id) => !told(events).has(id))).toEqual([]);
    expect(dashboard.connected).toBe(true);
    // The survivor carried on without an error of its own.
    expect(node(1).errors()).toEqual([]);
    const replayed = [...answered.values()].filter((a) => a.status === 200).length;
    reportFigure(
      'cluster',
      `node killed during ${KILL_SIGN_INS} sign-ins: ${failures} failed requests retried on the other node (${replayed} answered as replays), 0 lost, ${doubled.length} doubled`,
    );
  });
});

// Last too: it kills the node (or nodes) running an export and an import.
describe.runIf(onServer)('a node killed during an export and an import', () => {
  it('a node alive takes both up: the export downloads whole from it, and every row is imported once', async () => {
    // Three nodes, so that one is left whichever nodes the two runs land on.
    await Promise.all([cluster.startNode(0), cluster.startNode(2)]);
    const admin = await cluster.client(node(0)).login(w.people.admin.email, PASSWORD);
    const exportId = await askExport(admin, BULK_DAY);
    const ran = await admin.post(`/people/import/${importTaskId}/run`, {});
    expect(ran.status, ran.body).toBe(202);

    type Progress = {
      exportRows: number;
      exportStatus: string;
      imported: number;
      importStatus: string;
      pids: number[];
    };
    const progress = async (): Promise<Progress> => {
      const [e] = (await cluster.db.query('SELECT rows, status FROM report_exports WHERE id = $1', [exportId])).rows;
      const [t] = (
        await cluster.db.query('SELECT processed_rows, status FROM import_tasks WHERE id = $1', [importTaskId])
      ).rows;
      const holders = await cluster.db.query(
        `SELECT DISTINCT n.pid FROM job_runs r JOIN job_nodes n ON n.id = r.node_id
         WHERE r.queue IN ('report-export', 'people-import')`,
      );
      return {
        exportRows: Number(e!.rows),
        exportStatus: String(e!.status),
        imported: Number(t!.processed_rows),
        importStatus: String(t!.status),
        pids: holders.rows.map((r) => Number(r.pid)),
      };
    };
    // Both part way (a batch of each written), then every node running one of them is killed.
    let seen = await progress();
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !(seen.exportRows > 0 && seen.imported > 0)) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await progress();
    }
    expect(seen).toMatchObject({ exportStatus: 'running', importStatus: 'running' });
    const holders = cluster.nodes.filter((n) => n.running && seen.pids.includes(n.pid));
    expect(holders.length).toBeGreaterThan(0);
    await Promise.all(holders.map((n) => cluster.killNode(n.index)));
    const killedAt = await progress();
    expect(killedAt).toMatchObject({ exportStatus: 'running', importStatus: 'running' });
    expect(killedAt.exportRows).toBeLessThan(BULK_VISITS);
    expect(killedAt.imported).toBeLessThan(IMPORT_ROWS);
    const survivor = cluster.nodes.find((n) => n.running)!;
    const onSurvivor = admin.on(survivor);

    // Lost after LOST_SECONDS, retried after pg-boss's retry delay (10–20 s), then run to the end.
    let done = await progress();
    const end = Date.now() + 90_000;
    while (
      Date.now() < end &&
      !(done.exportStatus !== 'running' && done.exportStatus !== 'queued' && done.importStatus === 'done')
    ) {
      await new Promise((r) => setTimeout(r, 250));
      done = await progress();
    }
    expect(done).toMatchObject({
      exportStatus: 'done',
      exportRows: BULK_VISITS,
      importStatus: 'done',
      imported: IMPORT_ROWS,
    });

    // The export: one more attempt, one file, every row, downloaded from a node that never ran it.
    const link = await onSurvivor.post(`/exports/${exportId}/link`);
    expect(link.status, link.body).toBe(200);
    const file = await onSurvivor.get(link.json<{ url: string }>().url);
    expect(file.status).toBe(200);
    expect(file.body.split('\r\n').filter(Boolean)).toHaveLength(BULK_VISITS + 1);
    expect((await cluster.db.query('SELECT attempts FROM report_exports WHERE id = $1', [exportId])).rows).toEqual([
      { attempts: 2 },
    ]);

    // The import: resumed where it stopped, every row once, nobody twice.
    const task = (await onSurvivor.get(`/people/import/${importTaskId}`)).json<ImportTask>();
    expect(task).toMatchObject({
      status: 'done',
      processed_rows: IMPORT_ROWS,
      created_rows: IMPORT_ROWS,
      skipped_rows: 0,
    });
    const people = await cluster.db.query(
      `SELECT count(*)::int AS n, count(DISTINCT email_lower)::int AS emails FROM people
       WHERE entity_id = $1 AND email_lower LIKE '%@killed-import.test'`,
      [w.entity.id],
    );
    expect(people.rows).toEqual([{ n: IMPORT_ROWS, emails: IMPORT_ROWS }]);

    // Nothing left running anywhere, and the survivors carried on without an error.
    expect((await cluster.db.query('SELECT job_id FROM job_runs')).rows).toEqual([]);
    expect(cluster.nodes.filter((n) => n.running).flatMap((n) => n.errors())).toEqual([]);
    reportFigure(
      'cluster',
      `node killed during an export (${killedAt.exportRows} of ${BULK_VISITS} rows) and an import (${killedAt.imported} of ${IMPORT_ROWS}): both finished on a node alive, 0 rows lost or doubled`,
    );
  }, 150_000);
});
