import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import { jobNode, type JobNode } from './job-nodes';

// The job runner (DESIGN "Jobs", decision 010): pg-boss on the app's own database. A job is a
// declaration — a name, a zod payload, an optional cron — plus a handler, written in a module's
// `*.jobs.ts` and handed to this plugin by app.ts. The runner is built with the app but started by
// the server process (server.ts), so tests that build the app run without it unless they start it.

export type JobContext = {
  app: FastifyInstance;
  /** The moment the run started: handlers decide with this clock, so tests can give their own. */
  now: Date;
  log: FastifyBaseLogger;
};

export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  /** The queue's name: letters, digits, dots, dashes and underscores. */
  name: string;
  payload: S;
  /** Five-field cron in UTC (every minute: `* * * * *`); each run gets `cronPayload`. */
  cron?: string;
  cronPayload?: z.input<S>;
  /** Retries after a failure, 10 s apart and growing. */
  retryLimit?: number;
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<void>;
  /**
   * Called once, on the node that finds it, when a run died with its node (decision 059) and no attempt
   * is left: what the run would have written had it failed (its row marked failed, its requester told).
   */
  givenUp?: (payload: z.output<S>, ctx: JobContext) => Promise<void>;
};

/** Declares a job; the identity, so that the payload type flows from the schema to the handler. */
export const defineJob = <S extends z.ZodType>(job: JobDefinition<S>): JobDefinition<S> => job;

export type JobRunner = {
  readonly running: boolean;
  /** Creates pg-boss's tables on first use, the queues and the cron schedules, and starts the workers. */
  start: () => Promise<void>;
  /** Lets running jobs finish (up to 10 s), then stops polling. Called when the app closes. */
  stop: () => Promise<void>;
  /**
   * Gives back to pg-boss the runs of nodes not seen for JOB_NODE_LOST_SECONDS (decision 059), to be
   * retried on a node alive; answers how many. Runs every beat while the runner is on.
   */
  reclaimLost: () => Promise<number>;
  /**
   * Queues a run of `job`, at `startAfter` or as soon as possible. When the runner is not running
   * nothing is queued and the answer is null: callers must not depend on it for correctness.
   * Never call it inside a database transaction: on the embedded database it would wait for the
   * transaction's own connection.
   */
  send: <S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    options?: { startAfter?: Date },
  ) => Promise<string | null>;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

type PgliteClient = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  exec: (text: string) => Promise<{ rows: unknown[] }[]>;
};

/** pg-boss's connection: its own pool on PostgreSQL, the app's one connection on the embedded database. */
function connectionFor(app: FastifyInstance): PgBoss.ConstructorOptions {
  if (app.db.kind === 'postgres') {
    if (!app.env.DATABASE_URL) throw new Error('The job runner needs DATABASE_URL on PostgreSQL');
    return { connectionString: app.env.DATABASE_URL, max: 3, application_name: 'frontdesk-jobs' };
  }
  const client = (app.db.db as unknown as { $client?: PgliteClient }).$client;
  if (!client || typeof client.exec !== 'function') throw new Error('The embedded database client is not reachable');
  return {
    db: {
      // pg-boss's schema and locking SQL comes without parameters and in several statements: that
      // needs exec, which answers each statement's rows; the last statement's are the answer.
      executeSql: async (text: string, values?: unknown[]) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
  };
}

export const jobsPlugin = fp(async (app: FastifyInstance, opts: { jobs: readonly JobDefinition[] }) => {
  const byName = new Map<string, JobDefinition>();
  for (const job of opts.jobs) {
    if (byName.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
    byName.set(job.name, job);
  }
  let boss: PgBoss | null = null;
  /** This node's worker of each job: woken when a job is queued here, rather than at its next look. */
  const workers = new Map<string, string>();
  let starting: Promise<void> | null = null;
  /** This node in job_nodes, and its beat, while the runner is on. */
  let node: JobNode | null = null;
  let beating: ReturnType<typeof setInterval> | null = null;
  let beatRunning: Promise<void> | null = null;

  async function runOne(job: JobDefinition, data: unknown, id: string) {
    const parsed = job.payload.safeParse(data ?? {});
    if (!parsed.success) {
      // A payload that can never be read is not worth retrying.
      app.log.error({ job: job.name, id, issues: parsed.error.issues }, 'job payload refused');
      return;
    }
    const started = Date.now();
    const here = node;
    await here?.runStarted(id, job.name);
    try {
      await job.handler(parsed.data, { app, now: new Date(started), log: app.log.child({ job: job.name, id }) });
      app.log.debug({ job: job.name, id, ms: Date.now() - started }, 'job done');
    } catch (err) {
      app.log.error({ err, job: job.name, id }, 'job failed');
      throw err;
    } finally {
      await here?.runEnded(id).catch((err: unknown) => app.log.warn({ err, job: job.name, id }, 'job run not cleared'));
    }
  }

  async function reclaimLost(): Promise<number> {
    const current = boss;
    if (!current || !node) return 0;
    const lost = await node.takeLostRuns();
    for (const run of lost) {
      // Failed as a run is failed: retried after the queue's delay while attempts are left, else given up.
      await current.fail(run.queue, run.jobId, { message: 'its node was lost' });
      const after = await current.getJobById<unknown>(run.queue, run.jobId);
      app.log.warn(
        { job: run.queue, id: run.jobId, node: run.nodeId, state: after?.state },
        'a run lost with its node was given back',
      );
      const job = byName.get(run.queue);
      if (after?.state !== 'failed' || !job?.givenUp) continue;
      const parsed = job.payload.safeParse(after.data ?? {});
      if (!parsed.success) continue;
      await job
        .givenUp(parsed.data, { app, now: new Date(), log: app.log.child({ job: job.name, id: run.jobId }) })
        .catch((err: unknown) => app.log.error({ err, job: job.name, id: run.jobId }, 'giving up a lost run failed'));
    }
    return lost.length;
  }

  let reclaiming: Promise<unknown> = Promise.resolve();
  /** One reclaim at a time on this node: an answer comes once every reclaim asked before it has ended. */
  function reclaimInTurn(): Promise<number> {
    const next = reclaiming.then(() => reclaimLost());
    reclaiming = next.catch(() => undefined);
    return next;
  }

  /** The node's beat: it is seen, and it looks for nodes that are no longer. */
  function beat(): Promise<void> {
    const here = node;
    if (beatRunning || !here) return beatRunning ?? Promise.resolve();
    beatRunning = here
      .beat()
      .then(() => reclaimInTurn())
      .then(
        () => undefined,
        (err: unknown) => app.log.warn({ err }, 'job runner beat failed'),
      )
      .finally(() => {
        beatRunning = null;
      });
    return beatRunning;
  }

  async function start() {
    const here = jobNode(app.db.db, { lostAfterSeconds: app.env.JOB_NODE_LOST_SECONDS, log: app.log });
    const created = new PgBoss({
      ...connectionFor(app),
      schema: 'pgboss',
      // The minute sweeps add up: completed runs are archived after an hour and dropped after two days.
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterDays: 2,
    });
    created.on('error', (err) => app.log.error({ err }, 'job runner error'));
    await created.start();
    try {
      // Nodes starting together deadlock in pg-boss's queue table (each creating the same queues): its
      // queues and schedules are made one node at a time, the later ones finding them made.
      await app.db.exclusively('job-queues', async () => {
        for (const job of byName.values()) {
          await created.createQueue(job.name, {
            name: job.name,
            retryLimit: job.retryLimit ?? 3,
            retryDelay: 10,
            retryBackoff: true,
            expireInSeconds: 15 * 60,
          });
          if (job.cron) await created.schedule(job.name, job.cron, job.cronPayload ?? {}, { tz: 'UTC' });
          else await created.unschedule(job.name);
        }
      });
      node = here;
      await here.join();
      for (const job of byName.values()) {
        const worker = await created.work(job.name, { batchSize: 1, pollingIntervalSeconds: 2 }, async (jobs) => {
          for (const one of jobs) await runOne(job, one.data, one.id);
        });
        workers.set(job.name, worker);
      }
    } catch (err) {
      await created.stop({ graceful: false }).catch(() => undefined);
      await here.leave().catch(() => undefined);
      node = null;
      throw err;
    }
    boss = created;
    beating = setInterval(() => void beat(), here.beatMs);
    beating.unref();
    // Runs left by a node that died before this one started (the same node killed and started again).
    void beat();
    app.log.info({ jobs: [...byName.keys()] }, 'job runner started');
  }

  const runner: JobRunner = {
    get running() {
      return boss !== null;
    },
    start: () => {
      if (boss) return Promise.resolve();
      starting ??= start().finally(() => {
        starting = null;
      });
      return starting;
    },
    stop: async () => {
      if (starting) await starting.catch(() => undefined);
      const current = boss;
      boss = null;
      workers.clear();
      if (beating) clearInterval(beating);
      beating = null;
      await beatRunning;
      if (current) await current.stop({ graceful: true, wait: true, timeout: 10_000 });
      const leaving = node;
      node = null;
      // pg-boss has failed what did not finish (to be retried elsewhere): nothing of this node is running.
      await leaving?.leave().catch((err: unknown) => app.log.warn({ err }, 'job node not cleared'));
    },
    reclaimLost: reclaimInTurn,
    send: async (job, payload, options = {}) => {
      if (!boss) {
        app.log.debug({ job: job.name }, 'job runner off: nothing queued');
        return null;
      }
      const data = job.payload.parse(payload) as object;
      const id = await boss.send(job.name, data, options.startAfter ? { startAfter: options.startAfter } : {});
      // A job for now starts at once on this node (other nodes find it at their next look, 2 s at most).
      const worker = workers.get(job.name);
      if (id && worker && !options.startAfter) boss.notifyWorker(worker);
      return id;
    },
  };

  app.decorate('jobs', runner);
  app.addHook('onClose', async () => runner.stop());
});

/** By the app's database: every encapsulated instance of one app shares it. */
const runningHere = new WeakMap<object, Set<Promise<void>>>();

/**
 * Queues a run of `job`; where the runner is off (tests, a server started without it) runs its handler
 * in this process after the caller's answer instead, so the work is done either way.
 */
export async function sendOrRunHere<S extends z.ZodType>(
  app: FastifyInstance,
  job: JobDefinition<S>,
  payload: z.input<S>,
) {
  if ((await app.jobs.send(job, payload)) !== null) return;
  const runs = runningHere.get(app.db) ?? new Set();
  runningHere.set(app.db, runs);
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() =>
      job.handler(job.payload.parse(payload), { app, now: new Date(), log: app.log.child({ job: job.name }) }),
    )
    .catch((err: unknown) => app.log.error({ err, job: job.name }, 'job failed'))
    .finally(() => runs.delete(run));
  runs.add(run);
}

/** Waits for the runs `sendOrRunHere` started in this process (tests; the app closing). */
export async function runsHereEnded(app: FastifyInstance) {
  while ((runningHere.get(app.db)?.size ?? 0) > 0) await Promise.all([...runningHere.get(app.db)!]);
}
