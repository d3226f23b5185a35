import os from 'node:os';
import { and, eq, gt, ne, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import { jobNodes, jobRuns } from '../db/schema/index';
import { newId } from '../lib/ids';

// Which node runs which job (decision 059). pg-boss 10 knows that a job is active but not on which
// node, and takes an active job back only once its expiry has passed (15 minutes for ours): a node
// killed in the middle of an export or an import would leave it "running" for a quarter of an hour.
// So each node whose runner is on writes itself in job_nodes and beats every third of `lostAfter`, and
// writes each run it starts in job_runs. A node not seen for `lostAfter` is lost: the first node to
// notice takes its runs (a DELETE … RETURNING, so only one node does) and fails them in pg-boss, which
// retries them on a node alive or, with no attempt left, gives them up.

export type LostRun = { jobId: string; queue: string; nodeId: string };

export type JobNode = {
  readonly id: string;
  /** How often the node beats and looks for lost nodes, in milliseconds. */
  readonly beatMs: number;
  /** Writes the node in, seen now. */
  join: () => Promise<void>;
  /** The node's beat; a node that was taken for lost (a long pause) writes itself in again. */
  beat: () => Promise<void>;
  runStarted: (jobId: string, queue: string) => Promise<void>;
  runEnded: (jobId: string) => Promise<void>;
  /** Takes the runs of nodes not seen for `lostAfter` (every other node's, never this one's), and forgets those nodes. */
  takeLostRuns: () => Promise<LostRun[]>;
  /** Leaves (a graceful stop): its rows go. */
  leave: () => Promise<void>;
};

export function jobNode(db: Executor, options: { lostAfterSeconds: number; log: FastifyBaseLogger }): JobNode {
  const id = newId();
  const lostAfter = sql`make_interval(secs => ${options.lostAfterSeconds})`;
  const seenLately = (nodeId: typeof jobRuns.nodeId | typeof jobNodes.id) =>
    db
      .select({ id: jobNodes.id })
      .from(jobNodes)
      .where(and(eq(jobNodes.id, nodeId), gt(jobNodes.seenAt, sql`now() - ${lostAfter}`)));

  const join = async () => {
    await db
      .insert(jobNodes)
      .values({ id, host: os.hostname(), pid: process.pid })
      .onConflictDoUpdate({ target: jobNodes.id, set: { seenAt: sql`now()` } });
  };

  return {
    id,
    beatMs: Math.max(250, Math.floor((options.lostAfterSeconds * 1000) / 3)),
    join,
    beat: async () => {
      const seen = await db
        .update(jobNodes)
        .set({ seenAt: sql`now()` })
        .where(eq(jobNodes.id, id))
        .returning({ id: jobNodes.id });
      if (seen.length > 0) return;
      options.log.warn(
        { node: id },
        'this node was taken for lost (no beat for too long): its runs were given back and may run twice',
      );
      await join();
    },
    runStarted: async (jobId, queue) => {
      await db
        .insert(jobRuns)
        .values({ jobId, queue, nodeId: id })
        .onConflictDoUpdate({ target: jobRuns.jobId, set: { nodeId: id, queue, startedAt: sql`now()` } });
    },
    runEnded: async (jobId) => {
      await db.delete(jobRuns).where(and(eq(jobRuns.jobId, jobId), eq(jobRuns.nodeId, id)));
    },
    takeLostRuns: async () => {
      const taken = await db
        .delete(jobRuns)
        .where(and(ne(jobRuns.nodeId, id), notExists(seenLately(jobRuns.nodeId))))
        .returning({ jobId: jobRuns.jobId, queue: jobRuns.queue, nodeId: jobRuns.nodeId });
      await db.delete(jobNodes).where(and(ne(jobNodes.id, id), sql`${jobNodes.seenAt} <= now() - ${lostAfter}`));
      return taken;
    },
    leave: async () => {
      await db.delete(jobRuns).where(eq(jobRuns.nodeId, id));
      await db.delete(jobNodes).where(eq(jobNodes.id, id));
    },
  };
}
