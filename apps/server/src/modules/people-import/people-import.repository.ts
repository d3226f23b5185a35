import { and, asc, desc, eq, getTableColumns, inArray, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ImportRowFilter } from '@app/shared/people/import';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import { importRows, importTasks, people } from '../../db/schema/index';

// The import's SQL. Every function takes the entity id and puts it in the WHERE clause; bulk writes go
// as one statement per batch (rows as one JSON parameter), never one per row.

export type ImportTaskRecord = typeof importTasks.$inferSelect;
export type ImportRowRecord = typeof importRows.$inferSelect;
export type ImportTaskChanges = Partial<Omit<typeof importTasks.$inferInsert, 'entityId' | 'id'>>;

// ---- tasks ----

export async function insertTask(tx: Executor, values: typeof importTasks.$inferInsert) {
  const [row] = await tx.insert(importTasks).values(values).returning();
  return row!;
}

export async function findTask(
  tx: Executor,
  entityId: string,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ImportTaskRecord | null> {
  const query = tx
    .select()
    .from(importTasks)
    .where(and(eq(importTasks.entityId, entityId), eq(importTasks.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateTask(tx: Executor, entityId: string, id: string, changes: ImportTaskChanges) {
  const [row] = await tx
    .update(importTasks)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(importTasks.entityId, entityId), eq(importTasks.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTask(tx: Executor, entityId: string, id: string) {
  await tx.delete(importTasks).where(and(eq(importTasks.entityId, entityId), eq(importTasks.id, id)));
}

/** A page of the company's tasks, newest first (`requesterId`: one member's only). */
export async function listTasks(
  tx: Executor,
  entityId: string,
  { requesterId, offset, limit }: { requesterId: string | null; offset: number; limit: number },
) {
  const where = and(
    eq(importTasks.entityId, entityId),
    requesterId ? eq(importTasks.requestedByUserId, requesterId) : undefined,
  );
  const rows = await tx
    .select()
    .from(importTasks)
    .where(where)
    .orderBy(desc(importTasks.createdAt), desc(importTasks.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(importTasks)
    .where(where);
  return { rows, count: counted?.n ?? 0 };
}

// ---- rows ----

export type NewImportRow = {
  id: string;
  rowNumber: number;
  cells: Record<string, string | null>;
  emailKey: string | null;
  phoneKey: string | null;
  idNumberKey: string | null;
};

/** A batch of a task's rows as one statement with one parameter (a sheet has up to 100,000). */
export async function insertRows(tx: Executor, entityId: string, taskId: string, rows: NewImportRow[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into import_rows (entity_id, id, task_id, row_number, cells, email_key, phone_key, id_number_key)
    select ${entityId}, x.id, ${taskId}, x.row_number, x.cells, x.email_key, x.phone_key, x.id_number_key
      from jsonb_to_recordset(${JSON.stringify(
        rows.map((r) => ({
          id: r.id,
          row_number: r.rowNumber,
          cells: r.cells,
          email_key: r.emailKey,
          phone_key: r.phoneKey,
          id_number_key: r.idNumberKey,
        })),
      )}::jsonb) as x(id uuid, row_number integer, cells jsonb, email_key text, phone_key text, id_number_key text)`);
}

const rowFilter = (filter: ImportRowFilter): SQL | undefined => {
  switch (filter) {
    case 'all':
      return undefined;
    case 'errors':
      return and(eq(importRows.status, 'pending'), eq(importRows.hasErrors, true));
    case 'valid':
      return and(eq(importRows.status, 'pending'), eq(importRows.hasErrors, false));
    default:
      return eq(importRows.status, filter);
  }
};

/** A page of a task's rows in sheet order, each with the name of its person (matched or written). */
export async function listRows(
  tx: Executor,
  entityId: string,
  taskId: string,
  { filter, offset, limit, rowId }: { filter: ImportRowFilter; offset: number; limit: number; rowId?: string },
) {
  const where = and(
    eq(importRows.entityId, entityId),
    eq(importRows.taskId, taskId),
    rowFilter(filter),
    rowId ? eq(importRows.id, rowId) : undefined,
  );
  const rows = await tx
    .select({
      ...getTableColumns(importRows),
      personName: sql<string | null>`${people.firstName} || ' ' || ${people.lastName}`,
    })
    .from(importRows)
    .leftJoin(people, and(eq(people.entityId, importRows.entityId), eq(people.id, importRows.personId)))
    .where(where)
    .orderBy(asc(importRows.rowNumber))
    .limit(limit)
    .offset(offset);
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(importRows)
    .where(where);
  return { rows, count: counted?.n ?? 0 };
}
export type ListedImportRow = Awaited<ReturnType<typeof listRows>>['rows'][number];

export async function findRows(tx: Executor, entityId: string, taskId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(importRows)
    .where(and(eq(importRows.entityId, entityId), eq(importRows.taskId, taskId), inArray(importRows.id, ids)))
    .orderBy(asc(importRows.rowNumber));
}

/** Rows still to import, in sheet order: the next batch of a check or a run. */
export async function pendingRows(
  tx: Executor,
  entityId: string,
  taskId: string,
  { afterRow, limit }: { afterRow: number; limit: number },
) {
  return tx
    .select()
    .from(importRows)
    .where(
      and(
        eq(importRows.entityId, entityId),
        eq(importRows.taskId, taskId),
        eq(importRows.status, 'pending'),
        sql`${importRows.rowNumber} > ${afterRow}`,
      ),
    )
    .orderBy(asc(importRows.rowNumber))
    .limit(limit);
}

/** Rows (not dropped, other than `exceptIds`) holding any of the unique values or matched to any of the people. */
export async function rowsSharing(
  tx: Executor,
  entityId: string,
  taskId: string,
  values: { emails: string[]; phones: string[]; idNumbers: string[]; personIds: string[] },
  exceptIds: string[],
): Promise<{ id: string; rowNumber: number; status: string }[]> {
  const parts: SQL[] = [];
  if (values.emails.length) parts.push(sql`email_key = any(${sqlArray(values.emails, 'text')})`);
  if (values.phones.length) parts.push(sql`phone_key = any(${sqlArray(values.phones, 'text')})`);
  if (values.idNumbers.length) parts.push(sql`id_number_key = any(${sqlArray(values.idNumbers, 'text')})`);
  if (values.personIds.length) {
    parts.push(sql`(action = 'update' and person_id = any(${sqlArray(values.personIds, 'uuid')}))`);
  }
  if (parts.length === 0) return [];
  return rowsOf<{ id: string; rowNumber: number; status: string }>(
    await tx.execute(sql`
      select id, row_number as "rowNumber", status from import_rows
       where entity_id = ${entityId} and task_id = ${taskId} and status <> 'dropped'
         and id <> all(${sqlArray(exceptIds, 'uuid')})
         and (${sql.join(parts, sql` or `)})`),
  );
}

export type ValueRows = { n: number; rows: number[] };
export type DuplicateValues = {
  email: Map<string, ValueRows>;
  phone: Map<string, ValueRows>;
  idNumber: Map<string, ValueRows>;
};

/**
 * The unique values held by more than one row of the task (not dropped): how many rows, and the first
 * six row numbers. One pass over the task for the three kinds, whatever the number of rows checked
 * after it (a lookup per batch would read the task again for each batch).
 */
export async function duplicateValues(tx: Executor, entityId: string, taskId: string): Promise<DuplicateValues> {
  const out: DuplicateValues = { email: new Map(), phone: new Map(), idNumber: new Map() };
  const part = (kind: keyof DuplicateValues, column: string) =>
    sql`select ${kind} as kind, ${sql.raw(column)} as value, count(*)::int as n,
               (array_agg(row_number order by row_number))[1:6] as rows
          from import_rows
         where entity_id = ${entityId} and task_id = ${taskId} and status <> 'dropped'
           and ${sql.raw(column)} is not null
         group by ${sql.raw(column)} having count(*) > 1`;
  const found = rowsOf<{ kind: keyof DuplicateValues; value: string; n: number; rows: number[] }>(
    await tx.execute(
      sql.join(
        [part('email', 'email_key'), part('phone', 'phone_key'), part('idNumber', 'id_number_key')],
        sql` union all `,
      ),
    ),
  );
  for (const f of found) out[f.kind].set(f.value, { n: f.n, rows: f.rows.map(Number) });
  return out;
}

/** The rows of the task (not dropped) that will update, or updated, a person. */
export async function updateMatches(tx: Executor, entityId: string, taskId: string) {
  return rowsOf<{ id: string; rowNumber: number; personId: string }>(
    await tx.execute(sql`
      select id, row_number as "rowNumber", person_id as "personId" from import_rows
       where entity_id = ${entityId} and task_id = ${taskId} and status <> 'dropped' and action = 'update'
         and person_id is not null`),
  );
}

export type RowCheck = {
  id: string;
  errors: Record<string, unknown>;
  hasErrors: boolean;
  action: 'create' | 'update' | null;
  personId: string | null;
};

/** Writes the result of checking rows, one statement for all of them. */
export async function writeRowChecks(tx: Executor, entityId: string, taskId: string, checks: RowCheck[]) {
  if (checks.length === 0) return;
  await tx.execute(sql`
    update import_rows r
       set errors = x.errors, has_errors = x.has_errors, action = x.action, person_id = x.person_id,
           updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(checks.map((c) => ({ id: c.id, errors: c.errors, has_errors: c.hasErrors, action: c.action, person_id: c.personId })))}::jsonb)
           as x(id uuid, errors jsonb, has_errors boolean, action text, person_id uuid)
     where r.entity_id = ${entityId} and r.task_id = ${taskId} and r.id = x.id`);
}

export type RowOutcome = {
  id: string;
  status: 'created' | 'updated' | 'skipped';
  personId: string | null;
  errors: Record<string, unknown>;
  hasErrors: boolean;
  reason: unknown;
};

/** Marks rows done by the run (still pending ones only: a second run never marks a row twice). */
export async function markRows(tx: Executor, entityId: string, taskId: string, outcomes: RowOutcome[]) {
  if (outcomes.length === 0) return 0;
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update import_rows r
         set status = x.status, person_id = x.person_id, errors = x.errors, has_errors = x.has_errors,
             reason = x.reason, action = case when x.status = 'skipped' then r.action else
               (case when x.status = 'created' then 'create' else 'update' end) end,
             updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(outcomes.map((o) => ({ id: o.id, status: o.status, person_id: o.personId, errors: o.errors, has_errors: o.hasErrors, reason: o.reason })))}::jsonb)
             as x(id uuid, status text, person_id uuid, errors jsonb, has_errors boolean, reason jsonb)
       where r.entity_id = ${entityId} and r.task_id = ${taskId} and r.id = x.id and r.status = 'pending'
      returning r.id`),
  );
  return rows.length;
}

export async function updateRowCells(
  tx: Executor,
  entityId: string,
  taskId: string,
  id: string,
  values: Pick<ImportRowRecord, 'cells' | 'emailKey' | 'phoneKey' | 'idNumberKey'>,
) {
  await tx
    .update(importRows)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(importRows.entityId, entityId), eq(importRows.taskId, taskId), eq(importRows.id, id)));
}

export async function setRowStatus(tx: Executor, entityId: string, taskId: string, id: string, status: string) {
  await tx
    .update(importRows)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(importRows.entityId, entityId), eq(importRows.taskId, taskId), eq(importRows.id, id)));
}

/** Sets each row's photo (key, zip name, problem), and clears the photo of every other row of the task. */
export async function replaceRowPhotos(
  tx: Executor,
  entityId: string,
  taskId: string,
  photos: { id: string; key: string | null; name: string; error: unknown }[],
) {
  await tx.execute(sql`
    update import_rows set photo_key = null, photo_name = null, photo_error = null
     where entity_id = ${entityId} and task_id = ${taskId} and status in ('pending', 'dropped')
       and photo_name is not null`);
  if (photos.length === 0) return;
  await tx.execute(sql`
    update import_rows r set photo_key = x.key, photo_name = x.name, photo_error = x.error, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(photos)}::jsonb) as x(id uuid, key text, name text, error jsonb)
     where r.entity_id = ${entityId} and r.task_id = ${taskId} and r.id = x.id`);
}

/** The photo keys of the task's rows (to remove the files). */
export async function rowPhotoKeys(
  tx: Executor,
  entityId: string,
  taskId: string,
  { waitingOnly = false }: { waitingOnly?: boolean } = {},
) {
  const rows = await tx
    .select({ key: importRows.photoKey })
    .from(importRows)
    .where(
      and(
        eq(importRows.entityId, entityId),
        eq(importRows.taskId, taskId),
        sql`${importRows.photoKey} is not null`,
        waitingOnly ? inArray(importRows.status, ['pending', 'dropped']) : undefined,
      ),
    );
  return rows.map((r) => r.key!);
}

/** Rows waiting to be imported (or dropped) that hold a photo of the zip. */
export async function rowsWithPhotos(tx: Executor, entityId: string, taskId: string) {
  return tx
    .select({ id: importRows.id, key: importRows.photoKey })
    .from(importRows)
    .where(
      and(
        eq(importRows.entityId, entityId),
        eq(importRows.taskId, taskId),
        inArray(importRows.status, ['pending', 'dropped']),
        sql`${importRows.photoName} is not null`,
      ),
    );
}

/** Each row's match values, for pairing the zip's photos by email or id number. */
export async function rowMatchValues(tx: Executor, entityId: string, taskId: string) {
  return tx
    .select({
      id: importRows.id,
      email: importRows.emailKey,
      idNumber: importRows.idNumberKey,
      cells: importRows.cells,
    })
    .from(importRows)
    .where(and(eq(importRows.entityId, entityId), eq(importRows.taskId, taskId), ne(importRows.status, 'dropped')))
    .orderBy(asc(importRows.rowNumber));
}

export type RowCounts = { total: number; valid: number; errors: number; dropped: number };

export async function countRows(tx: Executor, entityId: string, taskId: string): Promise<RowCounts> {
  const [row] = rowsOf<RowCounts>(
    await tx.execute(sql`
      select count(*)::int as total,
             count(*) filter (where status = 'pending' and not has_errors)::int as valid,
             count(*) filter (where status = 'pending' and has_errors)::int as errors,
             count(*) filter (where status = 'dropped')::int as dropped
        from import_rows where entity_id = ${entityId} and task_id = ${taskId}`),
  );
  return row ?? { total: 0, valid: 0, errors: 0, dropped: 0 };
}

// ---- expiry ----

/** Tasks of every company untouched since `before` and not queued or running (the nightly expiry's). */
export async function findStaleTasks(db: Executor, before: Date, limit: number) {
  return db
    .select({ entityId: importTasks.entityId, id: importTasks.id })
    .from(importTasks)
    .where(and(lte(importTasks.updatedAt, before), notInArray(importTasks.status, ['queued', 'running'])))
    .orderBy(asc(importTasks.updatedAt))
    .limit(limit);
}
