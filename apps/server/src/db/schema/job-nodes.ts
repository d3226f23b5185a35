import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The nodes whose job runner is on (decision 059), each beating while it lives: a node not seen for
 * JOB_NODE_LOST_SECONDS is taken for lost, and its runs are given back to pg-boss. The platform's own,
 * closed to app_user.
 */
export const jobNodes = pgTable('job_nodes', {
  id: uuid('id').primaryKey(),
  /** For people reading the table (and the cluster suite): the machine and the process. */
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  /** The node's last beat, by the database's clock (so nodes' clocks never matter). */
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The jobs running now, and on which node: pg-boss knows a job is active but not where. Written when a
 * run starts, removed when it ends; a row whose node is lost names a run nobody is doing.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    /** pg-boss's job id (a retry keeps it). */
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    nodeId: uuid('node_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_runs_node_idx').on(t.nodeId)],
);
