import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities, users } from './global';

// The people import (issue 16 item 1): a task per uploaded sheet, its rows with their cells and
// problems, and what the run did with each. The run marks each row in the same transaction as the
// people it writes, so a run that stops resumes at the first row still pending and never writes anyone
// twice.

/** A problem of one cell: a translation key of `errors:` and its values (the field's label is added when read). */
export type ImportCellError = { key: string; vars?: Record<string, string | number> };

/** Who runs the import: the job rebuilds this member's access (or the API token's) as it runs. */
export type ImportRunner = { kind: 'user'; userId: string; membershipId: string } | { kind: 'client' };

export const importTasks = pgTable(
  'import_tasks',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    /** uploaded, validated, queued, running, done, failed. */
    status: text('status').notNull().default('uploaded'),
    /** The name the uploader's file had (cleaned), to show. */
    fileName: text('file_name').notNull(),
    /** The sheet's columns read: `{ key, header }` in the sheet's order. */
    columns: jsonb('columns').$type<{ key: string; header: string }[]>().notNull().default([]),
    unknownColumns: jsonb('unknown_columns').$type<string[]>().notNull().default([]),
    totalRows: integer('total_rows').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    errorRows: integer('error_rows').notNull().default(0),
    droppedRows: integer('dropped_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdRows: integer('created_rows').notNull().default(0),
    updatedRows: integer('updated_rows').notNull().default(0),
    skippedRows: integer('skipped_rows').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    photos: integer('photos').notNull().default(0),
    unmatchedPhotos: jsonb('unmatched_photos').$type<string[]>().notNull().default([]),
    /** Why the run failed: a translation key of `errors:`. */
    error: text('error'),
    /** Runs of the job since it was last asked for. */
    attempts: integer('attempts').notNull().default(0),
    /** The uploader (null for the company's API token). */
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedByPersonId: uuid('requested_by_person_id'),
    requestedByName: text('requested_by_name'),
    runner: jsonb('runner').$type<ImportRunner>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('import_tasks_created_idx').on(t.entityId, t.createdAt.desc(), t.id),
    index('import_tasks_requester_idx').on(t.entityId, t.requestedByUserId, t.createdAt.desc(), t.id),
  ],
);

export const importRows = pgTable(
  'import_rows',
  {
    entityId: uuid('entity_id').notNull(),
    /** Also the id of the person the row creates, so a run repeated after a crash cannot create a second one. */
    id: uuid('id').notNull(),
    taskId: uuid('task_id').notNull(),
    /** The row's number in the sheet (the header is row 1). */
    rowNumber: integer('row_number').notNull(),
    /** Cell text by column key. */
    cells: jsonb('cells').$type<Record<string, string | null>>().notNull(),
    /** Problems by column key. */
    errors: jsonb('errors').$type<Record<string, ImportCellError>>().notNull().default({}),
    hasErrors: boolean('has_errors').notNull().default(false),
    /** pending, created, updated, skipped, dropped. */
    status: text('status').notNull().default('pending'),
    /** create or update: what the last check found (the run checks again). */
    action: text('action'),
    /** The person matched (to update) or written. No foreign key: the person may be deleted later. */
    personId: uuid('person_id'),
    /** Why the run skipped the row. */
    reason: jsonb('reason').$type<ImportCellError>(),
    /** The row's unique values as they are matched (email and id number lower-cased, phone with its code). */
    emailKey: text('email_key'),
    phoneKey: text('phone_key'),
    idNumberKey: text('id_number_key'),
    /** The row's photo from the zip, in the file store under the row's id; its zip name; its problem. */
    photoKey: text('photo_key'),
    photoName: text('photo_name'),
    photoError: jsonb('photo_error').$type<ImportCellError>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.taskId], foreignColumns: [importTasks.entityId, importTasks.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('import_rows_task_row_key').on(t.entityId, t.taskId, t.rowNumber),
    // The run's next batch and the grid's filters (rows of a status in sheet order).
    index('import_rows_task_status_idx').on(t.entityId, t.taskId, t.status, t.rowNumber),
  ],
);
