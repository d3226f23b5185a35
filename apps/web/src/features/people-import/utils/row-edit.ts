import type { ImportColumn, ImportRow, ImportRowBody } from '@app/shared/people/import';

/** The editor's text per column key, as typed. */
export type RowEditValues = Record<string, string>;

/** The editor starts from the row's cells, one text per column of the sheet (an empty cell is ''). */
export function rowEditValues(
  row: Pick<ImportRow, 'cells'>,
  columns: readonly Pick<ImportColumn, 'key'>[],
): RowEditValues {
  return Object.fromEntries(columns.map(({ key }) => [key, row.cells[key] ?? '']));
}

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

/** Whether what was typed differs from the cell: spaces around a value, or a blank for an empty cell, change nothing. */
const changed = (typed: string, cell: string | null | undefined) =>
  blank(typed) ? !blank(cell) : typed.trim() !== (cell ?? '').trim();

/**
 * The PUT body of an edit: only the cells that changed, as typed (the server trims them), a cleared
 * cell as null. Null when nothing changed: there is nothing to send.
 */
export function rowEditBody(row: Pick<ImportRow, 'cells'>, values: RowEditValues): ImportRowBody | null {
  const cells: ImportRowBody['cells'] = {};
  for (const [key, typed] of Object.entries(values)) {
    if (changed(typed, row.cells[key])) cells[key] = blank(typed) ? null : typed;
  }
  return Object.keys(cells).length > 0 ? { cells } : null;
}

/**
 * A refusal's messages by column key: the server names a cell as `cells.<key>`; a message about the
 * whole body or the row (`cells`, `id`, `rowId`, none) is the editor's own.
 */
export function rowEditRefusal(
  fields: Record<string, string[]>,
  message: string,
): { cells: Record<string, string>; other: string | null } {
  const cells: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(fields)) {
    if (name.startsWith('cells.')) cells[name.slice('cells.'.length)] = messages.join(' ');
    else other.push(...messages);
  }
  const rest = other.join(' ');
  return { cells, other: rest || (Object.keys(cells).length === 0 ? message : null) };
}
