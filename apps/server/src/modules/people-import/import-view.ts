// A task and its rows as the API shows them: problems and reasons translated into the caller's language,
// each naming its column by the label the grid shows.
import type { Language } from '@app/shared/constants';
import type { LabelVars } from '@app/shared/http/field-messages';
import {
  IMPORT_BASE_COLUMNS,
  IMPORT_PHOTO_COLUMN,
  IMPORT_REQUIRED_COLUMNS,
  type ImportBaseColumn,
  type ImportProgressEvent,
  type ImportRow,
  type ImportRowStatus,
  type ImportTask,
  type ImportTaskStatus,
} from '@app/shared/people/import';
import type { ImportCellError } from '../../db/schema/index';
import { fieldVars, t } from '../../lib/i18n';
import type { AccessContext } from '../access/access.types';
import type { ImportTaskRecord, ListedImportRow } from './people-import.repository';

const CUSTOM = /^custom_fields\.([0-9a-f-]{36})$/i;

// A built-in column's label comes with its gender; a custom field's header is the admin's own text,
// named by the messages' plain form, worded for any name.
const labelOf = (lang: Language, column: string, headers: Map<string, string>): LabelVars => {
  if ((IMPORT_BASE_COLUMNS as readonly string[]).includes(column) || column === IMPORT_PHOTO_COLUMN) {
    return fieldVars(lang, column);
  }
  const header = headers.get(column);
  return header === undefined ? fieldVars(lang, 'custom_fields') : { field: header };
};

/** A stored problem as a sentence in the caller's language, naming its column. */
export const problemText = (lang: Language, column: string, error: ImportCellError, headers: Map<string, string>) =>
  t(lang, `errors:${error.key}`, { ...labelOf(lang, column, headers), ...(error.vars ?? {}) });

export function toImportTask(row: ImportTaskRecord, ctx: AccessContext, lang: Language): ImportTask {
  return {
    id: row.id,
    status: row.status as ImportTaskStatus,
    file_name: row.fileName,
    columns: row.columns.map(({ key, header }) => ({
      key,
      header,
      required: (IMPORT_REQUIRED_COLUMNS as readonly string[]).includes(key as ImportBaseColumn),
      custom_field_id: CUSTOM.exec(key)?.[1] ?? null,
    })),
    unknown_columns: row.unknownColumns,
    total_rows: row.totalRows,
    valid_rows: row.validRows,
    error_rows: row.errorRows,
    dropped_rows: row.droppedRows,
    processed_rows: row.processedRows,
    created_rows: row.createdRows,
    updated_rows: row.updatedRows,
    skipped_rows: row.skippedRows,
    progress: row.progress,
    photos: row.photos,
    unmatched_photos: row.unmatchedPhotos,
    error: row.error ? t(lang, `errors:${row.error}`) : null,
    requested_by: { id: row.requestedByPersonId, name: row.requestedByName },
    mine: ctx.actor.kind === 'user' && row.requestedByUserId === ctx.actor.userId,
    created_at: row.createdAt.toISOString(),
    queued_at: row.queuedAt?.toISOString() ?? null,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export function toImportRow(row: ListedImportRow, task: ImportTaskRecord, lang: Language): ImportRow {
  const headers = new Map(task.columns.map((c) => [c.key, c.header]));
  const errors: Record<string, string[]> = {};
  for (const [column, error] of Object.entries(row.errors))
    errors[column] = [problemText(lang, column, error, headers)];
  const waiting = row.status === 'pending' || row.status === 'dropped';
  return {
    id: row.id,
    row_number: row.rowNumber,
    status: row.status as ImportRowStatus,
    cells: row.cells,
    errors,
    action: row.action === 'create' || row.action === 'update' ? row.action : null,
    person: row.personId && row.personName ? { id: row.personId, name: row.personName } : null,
    reason: row.reason ? t(lang, `errors:${row.reason.key}`, row.reason.vars) : null,
    has_photo: row.photoName !== null,
    photo_url:
      waiting && row.photoKey
        ? `/api/v1/people/import/${task.id}/rows/${row.id}/photo?v=${row.updatedAt.getTime()}`
        : null,
  };
}

export const progressOf = (row: ImportTaskRecord): ImportProgressEvent => ({
  entity_id: row.entityId,
  id: row.id,
  status: row.status as ImportTaskStatus,
  total_rows: row.totalRows,
  processed_rows: row.processedRows,
  created_rows: row.createdRows,
  updated_rows: row.updatedRows,
  skipped_rows: row.skippedRows,
  dropped_rows: row.droppedRows,
  progress: row.progress,
});
