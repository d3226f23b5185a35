import { z } from 'zod';
import { LIMITS, PAGING } from '../constants';
import { listResponse, pageQuery } from '../http/paging';

// The people import (spec §2 `/users/import`, `/users/import/grid`, `/users/import/queue`,
// `/users/import/details/:id`; §3 "Import task"; §5 "Import Excel: max 2 MB, .xlsx only", the photo
// zip; §7 `POST /users/import`, `POST /users/run_import`, `GET /users/import_tasks`,
// `GET /users/list_import_users`). A sheet made from the template is uploaded as a task whose rows are
// checked cell by cell; a zip of photos may follow; the grid fixes or drops rows; the run imports the
// rest as a job, creating new people and updating those matched by email, phone or id number.

export const IMPORT_LIMITS = {
  /** The sheet (spec §5). */
  maxBytes: LIMITS.excelMaxBytes,
  /** Rows below the header. */
  maxRows: 100_000,
  /** The workbook's parts together once unpacked: a 2 MB sheet of 100,000 rows unpacks to about 40 MB. */
  maxUnpackedBytes: 128 * 1024 * 1024,
  maxParts: 500,
  /** Columns of the header row read. */
  maxColumns: 200,
  /** Characters kept of one cell. */
  cellMax: 5000,
  /** The photo zip and each photo in it (spec §5; SPEC-NOTES: 50 MB). */
  zipMaxBytes: LIMITS.zipMaxBytes,
  photoMaxBytes: LIMITS.zipPhotoMaxBytes,
  /** Names of zip photos that matched no row, kept to show. */
  unmatchedPhotosShown: 100,
  /** A task and its rows (personal data) are removed this many days after they last changed. */
  keepDays: 30,
} as const;

/** The template's own columns, in its order; custom profile fields follow as `custom_fields.<id>`. */
export const IMPORT_BASE_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone_code',
  'phone',
  'id_number',
  'company_name',
  'user_types',
  'sites',
] as const;
export type ImportBaseColumn = (typeof IMPORT_BASE_COLUMNS)[number];
/** Spec §5: names, a user type and a site are required. */
export const IMPORT_REQUIRED_COLUMNS: readonly ImportBaseColumn[] = ['first_name', 'last_name', 'user_types', 'sites'];
/** Where a row's photo problem is filed (the photo comes from the zip, not from a column). */
export const IMPORT_PHOTO_COLUMN = 'photo';
export const importCustomColumn = (fieldId: string) => `custom_fields.${fieldId}`;
/** Several user types, sites or choices in one cell: `Staff; Contractors`. */
export const IMPORT_LIST_SEPARATOR = ';';

/**
 * uploaded (being read), validated (the grid may change it), queued, running, done, failed (the run
 * stopped after its retries; running it again resumes).
 */
export const IMPORT_TASK_STATUSES = ['uploaded', 'validated', 'queued', 'running', 'done', 'failed'] as const;
export type ImportTaskStatus = (typeof IMPORT_TASK_STATUSES)[number];
export const IMPORT_ROW_STATUSES = ['pending', 'created', 'updated', 'skipped', 'dropped'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];
/** The grid's filters: errors and valid are rows still to import, with or without problems. */
export const IMPORT_ROW_FILTERS = ['all', 'errors', 'valid', 'dropped', 'created', 'updated', 'skipped'] as const;
export type ImportRowFilter = (typeof IMPORT_ROW_FILTERS)[number];

export const importColumnSchema = z.object({
  /** `first_name` … `sites`, or `custom_fields.<id>`. */
  key: z.string(),
  /** The header as the sheet wrote it. */
  header: z.string(),
  required: z.boolean(),
  custom_field_id: z.uuid().nullable(),
});
export type ImportColumn = z.infer<typeof importColumnSchema>;

export const importTaskSchema = z.object({
  id: z.uuid(),
  status: z.enum(IMPORT_TASK_STATUSES),
  file_name: z.string(),
  /** The sheet's columns the import reads, in the sheet's order. */
  columns: z.array(importColumnSchema),
  /** Headers of the sheet that are no column of the template: ignored. */
  unknown_columns: z.array(z.string()),
  /** Rows of the sheet. */
  total_rows: z.number().int(),
  /** Rows still to import without problems, and with problems (those are skipped by the run). */
  valid_rows: z.number().int(),
  error_rows: z.number().int(),
  dropped_rows: z.number().int(),
  processed_rows: z.number().int(),
  created_rows: z.number().int(),
  updated_rows: z.number().int(),
  skipped_rows: z.number().int(),
  /** 0–100: rows done of the rows not dropped. */
  progress: z.number().int(),
  /** Photos of the zip matched to rows; the names of those that matched none (the first 100). */
  photos: z.number().int(),
  unmatched_photos: z.array(z.string()),
  /** Why the run failed, translated; null unless failed. */
  error: z.string().nullable(),
  requested_by: z.object({ id: z.uuid().nullable(), name: z.string().nullable() }),
  /** Uploaded by the caller. */
  mine: z.boolean(),
  created_at: z.string(),
  queued_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportTask = z.infer<typeof importTaskSchema>;

export const importRowSchema = z.object({
  id: z.uuid(),
  /** The row's number in the sheet (the header is row 1). */
  row_number: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  /** The cells by column key, as text. */
  cells: z.record(z.string(), z.string().nullable()),
  /** Problems by column key (`photo` for the zip's photo), translated. */
  errors: z.record(z.string(), z.array(z.string())),
  /** What the run will do or did: create a person, or update the one matched by email, phone or id. */
  action: z.enum(['create', 'update']).nullable(),
  /** The person matched, created or updated. */
  person: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Why a row was skipped, translated. */
  reason: z.string().nullable(),
  has_photo: z.boolean(),
  /** The row's photo while the row waits (null once imported: it is then the person's). */
  photo_url: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importTasksQuerySchema = pageQuery;
export const importTasksResponseSchema = listResponse(importTaskSchema);
export type ImportTaskList = z.infer<typeof importTasksResponseSchema>;

export const importRowsQuerySchema = pageQuery.extend({
  filter: z.enum(IMPORT_ROW_FILTERS).default('all'),
  limit: z.coerce.number().int().min(1).max(PAGING.maxLimit).default(50),
});
export type ImportRowsQuery = z.input<typeof importRowsQuerySchema>;
export const importRowsResponseSchema = listResponse(importRowSchema);
export type ImportRowList = z.infer<typeof importRowsResponseSchema>;

export const importRowParams = z.object({ id: z.uuid(), rowId: z.uuid() });

/** Cells changed in the grid, by column key; null or '' empties a cell. The row is checked again. */
export const importRowBodySchema = z.object({
  cells: z
    .record(z.string().max(100), z.string().max(IMPORT_LIMITS.cellMax).nullable())
    .refine((cells) => Object.keys(cells).length > 0 && Object.keys(cells).length <= IMPORT_LIMITS.maxColumns, {
      message: 'import_cells_count',
    }),
});
export type ImportRowBody = z.infer<typeof importRowBodySchema>;

/** The live progress of a run, to its runner's `user:<id>` room after each batch. */
export type ImportProgressEvent = Pick<
  ImportTask,
  | 'id'
  | 'status'
  | 'total_rows'
  | 'processed_rows'
  | 'created_rows'
  | 'updated_rows'
  | 'skipped_rows'
  | 'dropped_rows'
  | 'progress'
> & { entity_id: string };

/** Multipart field names of the uploads. */
export const IMPORT_SHEET_FIELD = 'file';
export const IMPORT_ZIP_FIELD = 'zip';
