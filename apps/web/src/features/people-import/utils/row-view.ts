import { IMPORT_PHOTO_COLUMN, type ImportColumn, type ImportRow } from '@app/shared/people/import';

/** How a row stands, as the grid and the details show it. */
export type RowState = 'ready' | 'problems' | 'dropped' | 'created' | 'updated' | 'skipped';

export function rowStateOf(row: Pick<ImportRow, 'status' | 'errors'>): RowState {
  if (row.status === 'pending') return problemCount(row) > 0 ? 'problems' : 'ready';
  return row.status;
}

/** The problems of a row, every column together. */
export const problemCount = (row: Pick<ImportRow, 'errors'>): number =>
  Object.values(row.errors).reduce((sum, messages) => sum + messages.length, 0);

/** The row's person as the sheet names them: first and last name, or null when both are empty. */
export function rowName(row: Pick<ImportRow, 'cells'>): string | null {
  const name = [row.cells.first_name, row.cells.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/**
 * Problems filed under no column the grid shows (a column the sheet lacks, say): they are told with
 * the row. The photo has a column of its own when the grid shows photos.
 */
export function otherProblems(
  row: Pick<ImportRow, 'errors'>,
  columns: readonly Pick<ImportColumn, 'key'>[],
  withPhotoColumn: boolean,
): string[] {
  const shown = new Set(columns.map((c) => c.key));
  if (withPhotoColumn) shown.add(IMPORT_PHOTO_COLUMN);
  return Object.entries(row.errors)
    .filter(([key]) => !shown.has(key))
    .flatMap(([, messages]) => messages);
}

/** Whether the grid shows a photo column: the task has photos, or a row on the page has a photo problem. */
export const showsPhotos = (photos: number, rows: readonly Pick<ImportRow, 'errors' | 'has_photo'>[]): boolean =>
  photos > 0 || rows.some((row) => row.has_photo || (row.errors[IMPORT_PHOTO_COLUMN]?.length ?? 0) > 0);

/** A column's name as the sheet's header gives it, without the template's "required" star. */
export const columnLabel = (header: string): string => header.replace(/\s*\*+\s*$/, '').trim() || header;
