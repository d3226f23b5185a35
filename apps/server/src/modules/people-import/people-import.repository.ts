import { and, asc, desc, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ImportRowFilter } from '@app/shared/people/import';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import { customFields, importRows, importTasks, people, sites, userTypes } from '../../db/schema/index';

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

export async function insertRows(tx: Executor, values: (typeof importRows.$inferInsert)[]) {
  if (values.length) await tx.insert(importRows).values(values);
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

// ---- what the cells name ----

export async function companyUserTypes(tx: Executor, entityId: string) {
  return tx
    .select({ id: userTypes.id, name: userTypes.name, mandatory: userTypes.mandatoryProfileData })
    .from(userTypes)
    .where(eq(userTypes.entityId, entityId))
    .orderBy(asc(userTypes.name));
}

export async function companySites(tx: Executor, entityId: string) {
  return tx
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(eq(sites.entityId, entityId))
    .orderBy(asc(sites.name));
}

export async function companyProfileFields(tx: Executor, entityId: string) {
  return tx
    .select({
      id: customFields.id,
      name: customFields.name,
      type: customFields.type,
      options: customFields.options,
      required: customFields.required,
    })
    .from(customFields)
    .where(and(eq(customFields.entityId, entityId), eq(customFields.binding, 'profile')))
    .orderBy(asc(customFields.position), asc(customFields.id));
}

export type MatchedPerson = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  emailLower: string | null;
  phoneCode: string | null;
  phone: string | null;
  idNumber: string | null;
  idNumberLower: string | null;
  companyName: string | null;
  image: string | null;
  dashboardAccess: string;
  inScope: boolean;
};

/**
 * The company's people holding any of the values, each with whether the caller's scope reaches them.
 * Each value is looked up by itself through the unique index of its kind (a lateral join), so the plan
 * does not depend on the table's statistics (a company's first import finds none).
 */
export async function findPeopleByValues(
  tx: Executor,
  entityId: string,
  scope: SQL | undefined,
  values: { emails: string[]; phones: { code: string; phone: string }[]; idNumbers: string[] },
): Promise<MatchedPerson[]> {
  // Named `people`, unaliased: the scope's condition refers to the table by its name.
  const person = (where: SQL) => sql`
    cross join lateral (
      select people.id, people.first_name as "firstName", people.last_name as "lastName", people.email,
             people.email_lower as "emailLower", people.phone_code as "phoneCode", people.phone,
             people.id_number as "idNumber", people.id_number_lower as "idNumberLower",
             people.company_name as "companyName", people.image, people.dashboard_access as "dashboardAccess",
             ${scope ? sql`(${scope})` : sql`true`} as "inScope"
        from people where people.entity_id = ${entityId} and ${where}) m`;
  const lookups: SQL[] = [];
  if (values.emails.length) {
    lookups.push(sql`select m.* from jsonb_array_elements_text(${JSON.stringify(values.emails)}::jsonb) as v(value)
      ${person(sql`people.email_lower = v.value`)}`);
  }
  if (values.phones.length) {
    lookups.push(sql`select m.* from jsonb_to_recordset(${JSON.stringify(values.phones)}::jsonb) as v(code text, phone text)
      ${person(sql`people.phone_code = v.code and people.phone = v.phone`)}`);
  }
  if (values.idNumbers.length) {
    lookups.push(sql`select m.* from jsonb_array_elements_text(${JSON.stringify(values.idNumbers)}::jsonb) as v(value)
      ${person(sql`people.id_number_lower = v.value`)}`);
  }
  if (lookups.length === 0) return [];
  const found = rowsOf<MatchedPerson>(await tx.execute(sql.join(lookups, sql` union all `)));
  return [...new Map(found.map((p) => [p.id, p])).values()];
}

// ---- the run's writes ----

export type NewPerson = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneCode: string | null;
  phone: string | null;
  idNumber: string | null;
  companyName: string | null;
  image: string | null;
  qrCode: string;
};

export async function insertPeople(tx: Executor, entityId: string, roleId: string, list: NewPerson[]) {
  if (list.length === 0) return;
  await tx.insert(people).values(list.map((p) => ({ ...p, entityId, roleId })));
}

export type PersonChange = Omit<NewPerson, 'qrCode'>;

/** Updates people: names always; the other details only where the row gives one (a blank cell keeps what is stored). */
export async function updatePeople(tx: Executor, entityId: string, list: PersonChange[]) {
  if (list.length === 0) return;
  await tx.execute(sql`
    update people p
       set first_name = x.first_name, last_name = x.last_name,
           email = coalesce(x.email, p.email),
           phone_code = case when x.phone is null then p.phone_code else x.phone_code end,
           phone = coalesce(x.phone, p.phone),
           id_number = coalesce(x.id_number, p.id_number),
           company_name = coalesce(x.company_name, p.company_name),
           image = coalesce(x.image, p.image),
           updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(
        list.map((p) => ({
          id: p.id,
          first_name: p.firstName,
          last_name: p.lastName,
          email: p.email,
          phone_code: p.phoneCode,
          phone: p.phone,
          id_number: p.idNumber,
          company_name: p.companyName,
          image: p.image,
        })),
      )}::jsonb) as x(id uuid, first_name text, last_name text, email text, phone_code text, phone text,
                      id_number text, company_name text, image text)
     where p.entity_id = ${entityId} and p.id = x.id`);
}

/**
 * Gives each person exactly the listed sites and user types. Sites outside the caller's sites (null:
 * every site is the caller's) stay on the person, as the person form keeps them.
 */
export async function replacePeopleRefs(
  tx: Executor,
  entityId: string,
  refs: { personId: string; siteIds: string[]; typeIds: string[]; isNew: boolean }[],
  callerSiteIds: string[] | null,
) {
  if (refs.length === 0) return;
  // People just created have nothing to replace.
  const changed = refs.filter((r) => !r.isNew).map((r) => r.personId);
  if (changed.length) {
    const ids = sqlArray(changed, 'uuid');
    const inScope = callerSiteIds === null ? sql`` : sql` and site_id = any(${sqlArray(callerSiteIds, 'uuid')})`;
    await tx.execute(sql`delete from person_sites where entity_id = ${entityId} and person_id = any(${ids})${inScope}`);
    await tx.execute(sql`delete from person_user_types where entity_id = ${entityId} and person_id = any(${ids})`);
  }
  const siteRows = refs.flatMap((r) => r.siteIds.map((siteId) => ({ person_id: r.personId, ref_id: siteId })));
  const typeRows = refs.flatMap((r) => r.typeIds.map((typeId) => ({ person_id: r.personId, ref_id: typeId })));
  if (siteRows.length) {
    await tx.execute(sql`
      insert into person_sites (entity_id, person_id, site_id)
      select ${entityId}, x.person_id, x.ref_id
        from jsonb_to_recordset(${JSON.stringify(siteRows)}::jsonb) as x(person_id uuid, ref_id uuid)
      on conflict do nothing`);
  }
  if (typeRows.length) {
    await tx.execute(sql`
      insert into person_user_types (entity_id, person_id, user_type_id)
      select ${entityId}, x.person_id, x.ref_id
        from jsonb_to_recordset(${JSON.stringify(typeRows)}::jsonb) as x(person_id uuid, ref_id uuid)
      on conflict do nothing`);
  }
}

/** Writes custom values (given ones only: what a row leaves blank stays). */
export async function upsertFieldValues(
  tx: Executor,
  entityId: string,
  values: { personId: string; fieldId: string; value: unknown }[],
) {
  if (values.length === 0) return;
  await tx.execute(sql`
    insert into person_field_values (entity_id, person_id, field_id, value)
    select ${entityId}, x.person_id, x.field_id, x.value
      from jsonb_to_recordset(${JSON.stringify(values.map((v) => ({ person_id: v.personId, field_id: v.fieldId, value: v.value })))}::jsonb)
           as x(person_id uuid, field_id uuid, value jsonb)
    on conflict (entity_id, person_id, field_id) do update set value = excluded.value, updated_at = now()`);
}

/** Stored custom values of the given people for the given fields (a required field an update leaves blank). */
export async function storedFieldIds(tx: Executor, entityId: string, personIds: string[], fieldIds: string[]) {
  if (personIds.length === 0 || fieldIds.length === 0) return [];
  return rowsOf<{ personId: string; fieldId: string }>(
    await tx.execute(sql`
      select person_id as "personId", field_id as "fieldId" from person_field_values
       where entity_id = ${entityId} and person_id = any(${sqlArray(personIds, 'uuid')})
         and field_id = any(${sqlArray(fieldIds, 'uuid')})`),
  );
}

/**
 * Refreshes the planner's statistics of tables a bulk write has grown. PostgreSQL's autovacuum would do
 * it in a while; the embedded database has none, and plans cached by the connection (foreign-key checks,
 * triggers) keep the shape they had when the table was small (an index scan of the whole company where
 * one row is looked up) until the statistics change. Run as the connection's own role (the tables'
 * owner), outside any company's transaction; a failure only costs speed.
 */
export async function refreshStatistics(
  db: Executor,
  tables: readonly ('import_rows' | 'people' | 'person_sites' | 'person_user_types' | 'person_field_values')[],
) {
  await db.execute(sql.raw(`analyze ${tables.join(', ')}`));
}
