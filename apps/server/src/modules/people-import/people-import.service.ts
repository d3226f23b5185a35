// The people import (issue 16 item 1): the template, the upload of a sheet as a task whose rows are
// checked, the grid's changes (a cell, a dropped row), the task list and details. The run is
// import-run.ts; the photo zip import-photos.ts. A task is its company's: every query names the company
// (and row-level security backs it up); a member limited to some sites or user types sees only the
// tasks they uploaded, since a sheet may hold anyone.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import {
  IMPORT_BASE_COLUMNS,
  IMPORT_LIMITS,
  type ImportRow,
  type ImportRowBody,
  type ImportRowList,
  type ImportTask,
  type ImportTaskList,
  type importRowsQuerySchema,
  type importTasksQuerySchema,
} from '@app/shared/people/import';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { cleanFileName } from '../../lib/file-serving';
import { detectImageKind } from '../../lib/images';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { checkRows, loadFileIndex, loadNames, rowCheckOf, rowsSharingAPerson, type FileIndex } from './import-check';
import { checkCells, type Cells, type ImportNames } from './import-rules';
import { matchHeader, taskColumns, writeTemplate } from './import-template';
import { toImportRow, toImportTask } from './import-view';
import { refreshStatistics } from './import-people.repository';
import {
  countRows,
  deleteTask,
  findRows,
  findTask,
  insertRows,
  insertTask,
  listRows,
  listTasks,
  pendingRows,
  rowPhotoKeys,
  rowsSharing,
  setRowStatus,
  updateRowCells,
  updateTask,
  writeRowChecks,
  type ImportRowRecord,
  type NewImportRow,
  type ImportTaskRecord,
} from './people-import.repository';
import { checkXlsx, readFirstSheet } from './xlsx-file';

/** Rows a check reads and writes at once. */
const CHECK_BATCH = 1000;

/** Members who see the whole company see every task; a member limited to some sites or user types, their own. */
export const seesAllTasks = (ctx: AccessContext) => ctx.siteIds === null && ctx.userTypeIds === null;

/** The task, if the caller may see it; anyone else's (or another company's) is not found. */
export async function visibleTask(
  tx: Executor,
  ctx: AccessContext,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ImportTaskRecord> {
  const task = await findTask(tx, ctx.entityId, id, options);
  const own = ctx.actor.kind === 'user' && task?.requestedByUserId === ctx.actor.userId;
  if (!task || (!seesAllTasks(ctx) && !own)) throw new AppError('not_found');
  return task;
}

/** Rows may change only while the task waits to be run. */
export function assertEditable(task: ImportTaskRecord) {
  if (task.status === 'validated') return;
  throw new AppError('rule_violation', {
    field: 'id',
    messageKey: task.status === 'done' ? 'import_task_done' : 'import_task_locked',
  });
}

/** The template, for the company as the caller may import into it. */
export async function downloadTemplate(app: FastifyInstance, ctx: AccessContext, lang: Language): Promise<Buffer> {
  const names = await inTenant(app, ctx, (tx) => loadNames(tx, ctx));
  return writeTemplate(names, lang);
}

/** Checks rows and writes what was found. */
export async function writeChecks(
  tx: Executor,
  ctx: AccessContext,
  names: ImportNames,
  file: FileIndex,
  rows: ImportRowRecord[],
) {
  if (rows.length === 0) return;
  const plans = await checkRows(tx, ctx, names, file, rows);
  await writeRowChecks(tx, ctx.entityId, file.taskId, plans.map(rowCheckOf));
}

/** Checks the given rows still to import, a batch at a time. */
export async function checkRowsById(
  tx: Executor,
  ctx: AccessContext,
  names: ImportNames,
  file: FileIndex,
  ids: string[],
) {
  for (let i = 0; i < ids.length; i += CHECK_BATCH) {
    const rows = await findRows(tx, ctx.entityId, file.taskId, ids.slice(i, i + CHECK_BATCH));
    await writeChecks(
      tx,
      ctx,
      names,
      file,
      rows.filter((r) => r.status === 'pending'),
    );
  }
}

/**
 * Checks every row still to import, a batch at a time; then once more the rows that update the same
 * person as another row (a batch knows the matches of the batches before it only).
 */
export async function checkTask(tx: Executor, ctx: AccessContext, names: ImportNames, taskId: string) {
  const file = await loadFileIndex(tx, ctx.entityId, taskId);
  for (let after = 0; ;) {
    const rows = await pendingRows(tx, ctx.entityId, taskId, { afterRow: after, limit: CHECK_BATCH });
    if (rows.length === 0) break;
    await writeChecks(tx, ctx, names, file, rows);
    after = rows[rows.length - 1]!.rowNumber;
  }
  await checkRowsById(tx, ctx, names, file, rowsSharingAPerson(file));
}

/** The task's counts of rows, counted again. */
export async function recount(tx: Executor, entityId: string, taskId: string) {
  const counts = await countRows(tx, entityId, taskId);
  return (await updateTask(tx, entityId, taskId, {
    totalRows: counts.total,
    validRows: counts.valid,
    errorRows: counts.errors,
    droppedRows: counts.dropped,
  }))!;
}

const keysOf = (cells: Cells, names: ImportNames) => {
  const { keys } = checkCells(cells, names);
  return { emailKey: keys.email, phoneKey: keys.phone, idNumberKey: keys.idNumber };
};

/**
 * POST /people/import: reads the sheet into a new task, checks every row, and answers the task
 * (validated). Refused as a whole, with nothing kept, when the file is no xlsx, is too large, lacks a
 * required column or has too many rows.
 */
export async function uploadImport(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  upload: { data: Buffer; filename: string },
  { maxRows = IMPORT_LIMITS.maxRows }: { maxRows?: number } = {},
): Promise<ImportTask> {
  // The streaming workbook reader has been seen to refuse a sound workbook about once in a few
  // thousand uploads under load, never twice in a row: a second reading tells a damaged file (refused
  // again, at once) from that. Nothing of the first reading is kept.
  const taskId = await readSheetIntoTask(app, ctx, lang, upload, maxRows).catch(async (err: unknown) => {
    if (!(err instanceof AppError) || err.options.messageKey !== 'import_not_xlsx') throw err;
    app.log.warn({ err }, 'import: the workbook was refused; reading it once more');
    return readSheetIntoTask(app, ctx, lang, upload, maxRows);
  });
  return checkNewTask(app, ctx, lang, taskId);
}

/** Checks the upload and reads its rows into a new task, in one transaction: a sheet refused half way keeps nothing. */
async function readSheetIntoTask(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  upload: { data: Buffer; filename: string },
  maxRows: number,
): Promise<string> {
  await checkXlsx(upload.data);
  return inTenant(app, ctx, async (tx) => {
    const names = await loadNames(tx, ctx);
    const id = newId();
    await insertTask(tx, {
      entityId: ctx.entityId,
      id,
      fileName: cleanFileName(upload.filename, 'people.xlsx'),
      requestedByUserId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      requestedByPersonId: ctx.actor.kind === 'user' ? ctx.actor.personId : null,
      requestedByName: ctx.actor.kind === 'user' ? ctx.actor.personName : null,
    });
    let header: ReturnType<typeof matchHeader> | null = null;
    let count = 0;
    let batch: NewImportRow[] = [];
    // A batch is written while the next one is read: one write at a time, in order, on the transaction.
    let writing: Promise<void> = Promise.resolve();
    const write = (rows: NewImportRow[]) => {
      writing = writing.then(() => insertRows(tx, ctx.entityId, id, rows));
      // Seen at the next write or at the end; never an unhandled rejection in between.
      writing.catch(() => undefined);
    };
    try {
      for await (const row of readFirstSheet(upload.data)) {
        if (!header) {
          header = matchHeader(row.cells, names, lang);
          continue;
        }
        count += 1;
        if (count > maxRows) {
          throw new AppError('validation_failed', {
            field: 'file',
            messageKey: 'import_too_many_rows',
            vars: { max: maxRows },
          });
        }
        const cells: Cells = {};
        for (const column of header.columns) cells[column.key] = row.cells[column.index] ?? null;
        batch.push({ id: newId(), rowNumber: row.number, cells, ...keysOf(cells, names) });
        if (batch.length >= CHECK_BATCH) {
          await writing;
          write(batch);
          batch = [];
        }
      }
      write(batch);
    } finally {
      // The transaction ends only after its last write, whether the sheet was read to its end or not.
      await writing.catch(() => undefined);
    }
    await writing;
    if (!header || count === 0) {
      throw new AppError('validation_failed', {
        field: 'file',
        messageKey: header ? 'import_no_rows' : 'import_no_header',
      });
    }
    await updateTask(tx, ctx.entityId, id, {
      columns: taskColumns(header, names, lang),
      unknownColumns: header.unknown,
    });
    return id;
  });
}

/** Every row of a new task checked, in a second transaction: the planner knows the new rows by then. */
async function checkNewTask(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  taskId: string,
): Promise<ImportTask> {
  await refreshStatistics(app.db.db, ['import_rows']).catch((err: unknown) =>
    app.log.warn({ err }, 'import: statistics not refreshed'),
  );
  const task = await inTenant(app, ctx, async (tx) => {
    await checkTask(tx, ctx, await loadNames(tx, ctx), taskId);
    await recount(tx, ctx.entityId, taskId);
    const saved = (await updateTask(tx, ctx.entityId, taskId, { status: 'validated', validatedAt: new Date() }))!;
    await writeAudit(tx, ctx, {
      action: 'people_import.upload',
      targetType: 'people_import',
      targetId: taskId,
      after: {
        file_name: saved.fileName,
        rows: saved.totalRows,
        valid: saved.validRows,
        errors: saved.errorRows,
        unknown_columns: saved.unknownColumns,
      },
    });
    return saved;
  }).catch(async (err: unknown) => {
    await inTenant(app, ctx, (tx) => deleteTask(tx, ctx.entityId, taskId)).catch(() => undefined);
    throw err;
  });
  return toImportTask(task, ctx, lang);
}

/** GET /people/import: the company's tasks (the queue), newest first. */
export async function listImports(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  query: z.output<typeof importTasksQuerySchema>,
): Promise<ImportTaskList> {
  const requesterId = seesAllTasks(ctx) ? null : ctx.actor.kind === 'user' ? ctx.actor.userId : null;
  const { rows, count } = await inTenant(app, ctx, (tx) =>
    listTasks(tx, ctx.entityId, { requesterId, offset: (query.page - 1) * query.limit, limit: query.limit }),
  );
  return { data: rows.map((row) => toImportTask(row, ctx, lang)), count };
}

export async function getImport(app: FastifyInstance, ctx: AccessContext, lang: Language, id: string) {
  return toImportTask(await inTenant(app, ctx, (tx) => visibleTask(tx, ctx, id)), ctx, lang);
}

/** GET /people/import/{id}/rows: the grid, or the details of what the run did. */
export async function listImportRows(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  id: string,
  query: z.output<typeof importRowsQuerySchema>,
): Promise<ImportRowList> {
  return inTenant(app, ctx, async (tx) => {
    const task = await visibleTask(tx, ctx, id);
    const { rows, count } = await listRows(tx, ctx.entityId, id, {
      filter: query.filter,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return { data: rows.map((row) => toImportRow(row, task, lang)), count };
  });
}

/** Checks the row again, then the rows that shared its old or new values or person with it. */
async function recheckAround(
  tx: Executor,
  ctx: AccessContext,
  names: ImportNames,
  task: ImportTaskRecord,
  before: ImportRowRecord,
) {
  const file = await loadFileIndex(tx, ctx.entityId, task.id);
  await checkRowsById(tx, ctx, names, file, [before.id]);
  const [checked] = await findRows(tx, ctx.entityId, task.id, [before.id]);
  const values = (key: 'emailKey' | 'phoneKey' | 'idNumberKey') =>
    [...new Set([before[key], checked![key]])].filter((v): v is string => v !== null);
  const neighbours = await rowsSharing(
    tx,
    ctx.entityId,
    task.id,
    {
      emails: values('emailKey'),
      phones: values('phoneKey'),
      idNumbers: values('idNumberKey'),
      personIds: [...new Set([before.personId, checked!.personId])].filter((v): v is string => v !== null),
    },
    [before.id],
  );
  await checkRowsById(
    tx,
    ctx,
    names,
    file,
    neighbours.filter((r) => r.status === 'pending').map((r) => r.id),
  );
  await recount(tx, ctx.entityId, task.id);
}

async function editableRow(tx: Executor, ctx: AccessContext, id: string, rowId: string) {
  const task = await visibleTask(tx, ctx, id, { lock: true });
  const [row] = await findRows(tx, ctx.entityId, id, [rowId]);
  if (!row) throw new AppError('not_found');
  assertEditable(task);
  if (row.status !== 'pending')
    throw new AppError('rule_violation', { field: 'rowId', messageKey: 'import_row_dropped' });
  return { task, row };
}

/** The columns a row's cells may be given: the task's. */
function checkCellKeys(task: ImportTaskRecord, body: ImportRowBody) {
  const known = new Set<string>([...task.columns.map((c) => c.key), ...IMPORT_BASE_COLUMNS]);
  for (const key of Object.keys(body.cells)) {
    if (!known.has(key)) {
      throw new AppError('validation_failed', {
        field: `cells.${key}`,
        messageKey: 'import_unknown_column',
        vars: { column: key.slice(0, 60) },
      });
    }
  }
}

/** PUT /people/import/{id}/rows/{rowId}: changes cells of a row in the grid; the row is checked again. */
export async function changeImportRow(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  id: string,
  rowId: string,
  body: ImportRowBody,
): Promise<ImportRow> {
  return inTenant(app, ctx, async (tx) => {
    const { task, row } = await editableRow(tx, ctx, id, rowId);
    checkCellKeys(task, body);
    const names = await loadNames(tx, ctx);
    const cells: Cells = { ...row.cells };
    for (const [key, value] of Object.entries(body.cells)) cells[key] = value?.trim() ? value.trim() : null;
    await updateRowCells(tx, ctx.entityId, id, rowId, { cells, ...keysOf(cells, names) });
    await recheckAround(tx, ctx, names, task, row);
    await writeAudit(tx, ctx, {
      action: 'people_import.row_change',
      targetType: 'people_import',
      targetId: id,
      before: {
        row: row.rowNumber,
        cells: Object.fromEntries(Object.keys(body.cells).map((k) => [k, row.cells[k] ?? null])),
      },
      after: { row: row.rowNumber, cells: body.cells },
    });
    return readRow(tx, ctx, task, rowId, lang);
  });
}

/** DELETE /people/import/{id}/rows/{rowId}: drops a row from the import; rows it clashed with are checked again. */
export async function dropImportRow(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  id: string,
  rowId: string,
): Promise<ImportRow> {
  return inTenant(app, ctx, async (tx) => {
    const { task, row } = await editableRow(tx, ctx, id, rowId);
    await setRowStatus(tx, ctx.entityId, id, rowId, 'dropped');
    await recheckAround(tx, ctx, await loadNames(tx, ctx), task, row);
    await writeAudit(tx, ctx, {
      action: 'people_import.row_drop',
      targetType: 'people_import',
      targetId: id,
      before: { row: row.rowNumber, cells: row.cells },
    });
    return readRow(tx, ctx, task, rowId, lang);
  });
}

async function readRow(tx: Executor, ctx: AccessContext, task: ImportTaskRecord, rowId: string, lang: Language) {
  const { rows } = await listRows(tx, ctx.entityId, task.id, { filter: 'all', offset: 0, limit: 1, rowId });
  if (!rows[0]) throw new AppError('not_found');
  return toImportRow(rows[0], task, lang);
}

/** GET /people/import/{id}/rows/{rowId}/photo: the photo the zip gave a row waiting to be imported. */
export async function readRowPhoto(app: FastifyInstance, ctx: AccessContext, id: string, rowId: string) {
  const row = await inTenant(app, ctx, async (tx) => {
    await visibleTask(tx, ctx, id);
    const [found] = await findRows(tx, ctx.entityId, id, [rowId]);
    return found;
  });
  const data = row?.photoKey ? await app.files.get(row.photoKey) : null;
  const kind = data ? detectImageKind(data) : null;
  if (!data || !kind) throw new AppError('not_found', { field: 'photo' });
  return { data, name: `row-${row!.rowNumber}.${kind}` };
}

/** DELETE /people/import/{id}: a task not queued or running goes with its rows and photos; the people it wrote stay. */
export async function deleteImport(app: FastifyInstance, ctx: AccessContext, id: string) {
  const keys = await inTenant(app, ctx, async (tx) => {
    const task = await visibleTask(tx, ctx, id, { lock: true });
    if (task.status === 'queued' || task.status === 'running') {
      throw new AppError('rule_violation', { field: 'id', messageKey: 'import_task_running' });
    }
    const photoKeys = await rowPhotoKeys(tx, ctx.entityId, id);
    await deleteTask(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'people_import.delete',
      targetType: 'people_import',
      targetId: id,
      before: { file_name: task.fileName, status: task.status, rows: task.totalRows },
    });
    return photoKeys;
  });
  for (const key of keys) await app.files.remove(key);
}
