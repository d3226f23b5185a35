import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities, users } from './global';

/**
 * An export of a report view (issue 14 item 8; spec §7 `export`, `export_job`, `export_list`): what was
 * asked (report, format, filters, columns, the requester's language), how far the job is, and the file
 * it wrote (`file_key` in the file store) until it expires. Only the requester downloads it.
 */
export const reportExports = pgTable(
  'report_exports',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    /** The requester's login: the job rebuilds their access from it at run time; only they download. */
    requestedByUserId: uuid('requested_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedByMembershipId: uuid('requested_by_membership_id').notNull(),
    requestedByPersonId: uuid('requested_by_person_id'),
    /** The requester's name as the company called them when they asked (kept if they leave). */
    requestedByName: text('requested_by_name').notNull().default(''),
    report: text('report').notNull(),
    format: text('format').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    language: text('language').notNull(),
    /** queued, running, done, failed, expired. */
    status: text('status').notNull().default('queued'),
    rows: integer('rows').notNull().default(0),
    totalRows: integer('total_rows'),
    bytes: bigint('bytes', { mode: 'number' }),
    progress: integer('progress').notNull().default(0),
    fileKey: text('file_key'),
    error: text('error'),
    /** Runs of the job so far (a run after a crash starts the file again). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The current download link's secret (its SHA-256) and when it stops working: one link at a time. */
    linkTokenHash: text('link_token_hash'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('report_exports_entity_created_idx').on(t.entityId, t.createdAt, t.id),
    index('report_exports_requester_created_idx').on(t.entityId, t.requestedByUserId, t.createdAt, t.id),
    index('report_exports_expires_idx').on(t.expiresAt),
  ],
);
