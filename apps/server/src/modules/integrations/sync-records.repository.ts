import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import { directoryLinks, integrationTempUsers } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import type { Candidate } from './directory-record';

// What a sync writes besides people: the temporary users (records waiting to become people) and the
// links that keep people in step with their records. Bulk writes go as one statement per batch with
// one JSON parameter, never one statement per record.

export type LinkState = { personId: string; hash: string; archivedBySync: boolean };
export type TempState = { id: string; state: string; hash: string };

/** Every link of the integration: about 60 bytes a person, 3 MB for 50,000. */
export async function linksOf(tx: Executor, entityId: string, integrationId: string) {
  const rows = await tx
    .select({
      externalId: directoryLinks.externalId,
      personId: directoryLinks.personId,
      hash: directoryLinks.sourceHash,
      archivedBySync: directoryLinks.archivedBySync,
    })
    .from(directoryLinks)
    .where(and(eq(directoryLinks.entityId, entityId), eq(directoryLinks.integrationId, integrationId)));
  return new Map<string, LinkState>(rows.map(({ externalId, ...link }) => [externalId, link]));
}

export async function tempStatesOf(tx: Executor, entityId: string, integrationId: string) {
  const rows = await tx
    .select({
      externalId: integrationTempUsers.externalId,
      id: integrationTempUsers.id,
      state: integrationTempUsers.state,
      hash: integrationTempUsers.sourceHash,
    })
    .from(integrationTempUsers)
    .where(and(eq(integrationTempUsers.entityId, entityId), eq(integrationTempUsers.integrationId, integrationId)));
  return new Map<string, TempState>(rows.map(({ externalId, ...temp }) => [externalId, temp]));
}

export type TempWrite = Candidate & {
  state: 'error' | 'duplicate' | 'valid';
  duplicateIds: string[];
  duplicateReasons: string[];
};

/** Writes records as temporary users, replacing what an earlier run wrote of the same records. */
export async function upsertTempUsers(
  tx: Executor,
  entityId: string,
  integrationId: string,
  runId: string | null,
  list: TempWrite[],
) {
  if (list.length === 0) return;
  const rows = list.map((c) => ({
    id: newId(),
    external_id: c.externalId,
    state: c.state,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    phone_code: c.phoneCode,
    phone: c.phone,
    id_number: c.idNumber,
    department: c.department,
    user_type_id: c.userTypeId,
    group_names: c.groupNames,
    problems: c.problems,
    duplicate_ids: c.duplicateIds,
    duplicate_reasons: c.duplicateReasons,
    source_hash: c.hash,
  }));
  await tx.execute(sql`
    insert into integration_temp_users (entity_id, id, integration_id, external_id, state, first_name, last_name,
      email, phone_code, phone, id_number, department, user_type_id, group_names, problems, duplicate_ids,
      duplicate_reasons, source_hash, run_id)
    select ${entityId}, x.id, ${integrationId}, x.external_id, x.state, x.first_name, x.last_name, x.email,
           x.phone_code, x.phone, x.id_number, x.department, x.user_type_id,
           array(select jsonb_array_elements_text(x.group_names)), x.problems,
           array(select jsonb_array_elements_text(x.duplicate_ids))::uuid[],
           array(select jsonb_array_elements_text(x.duplicate_reasons)), x.source_hash, ${runId}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, external_id text, state text,
           first_name text, last_name text, email text, phone_code text, phone text, id_number text, department text,
           user_type_id uuid, group_names jsonb, problems jsonb, duplicate_ids jsonb, duplicate_reasons jsonb,
           source_hash text)
    on conflict (entity_id, integration_id, external_id) do update set
      state = excluded.state, first_name = excluded.first_name, last_name = excluded.last_name,
      email = excluded.email, phone_code = excluded.phone_code, phone = excluded.phone,
      id_number = excluded.id_number, department = excluded.department, user_type_id = excluded.user_type_id,
      group_names = excluded.group_names, problems = excluded.problems, duplicate_ids = excluded.duplicate_ids,
      duplicate_reasons = excluded.duplicate_reasons, source_hash = excluded.source_hash, run_id = excluded.run_id,
      updated_at = now()`);
}

export async function deleteTempUsers(tx: Executor, entityId: string, integrationId: string, externalIds: string[]) {
  if (externalIds.length === 0) return;
  await tx.execute(sql`
    delete from integration_temp_users
     where entity_id = ${entityId} and integration_id = ${integrationId}
       and external_id = any(${sqlArray(externalIds, 'text')})`);
}

/** Links people to their records (new ones, or a record read again with other values). */
export async function upsertLinks(
  tx: Executor,
  entityId: string,
  integrationId: string,
  list: { externalId: string; personId: string; hash: string }[],
) {
  if (list.length === 0) return;
  await tx.execute(sql`
    insert into directory_links (entity_id, integration_id, external_id, person_id, source_hash)
    select ${entityId}, ${integrationId}, x.external_id, x.person_id, x.hash
      from jsonb_to_recordset(${JSON.stringify(
        list.map((l) => ({ external_id: l.externalId, person_id: l.personId, hash: l.hash })),
      )}::jsonb) as x(external_id text, person_id uuid, hash text)
    on conflict (entity_id, integration_id, external_id) do update set
      person_id = excluded.person_id, source_hash = excluded.source_hash, archived_by_sync = false, updated_at = now()`);
}

/**
 * Archives the people whose records left the directory (never deletes them) and marks their links, so
 * a record that comes back restores its person. Answers how many people were archived.
 */
export async function archiveLinked(tx: Executor, entityId: string, integrationId: string, externalIds: string[]) {
  if (externalIds.length === 0) return 0;
  const marked = rowsOf<{ personId: string }>(
    await tx.execute(sql`
      update directory_links set archived_by_sync = true, source_hash = '', updated_at = now()
       where entity_id = ${entityId} and integration_id = ${integrationId}
         and external_id = any(${sqlArray(externalIds, 'text')}) and not archived_by_sync
      returning person_id as "personId"`),
  );
  if (marked.length === 0) return 0;
  const archived = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update people set status = 'archived', updated_at = now()
       where entity_id = ${entityId} and id = any(${sqlArray(
         marked.map((m) => m.personId),
         'uuid',
       )}) and status = 'active' and not is_default
      returning id`),
  );
  return archived.length;
}

/** People a record coming back restores (archived by a run, not by an admin after it). */
export async function restorePeople(tx: Executor, entityId: string, personIds: string[]) {
  if (personIds.length === 0) return;
  await tx.execute(sql`
    update people set status = 'active', updated_at = now()
     where entity_id = ${entityId} and id = any(${sqlArray(personIds, 'uuid')}) and status = 'archived'`);
}

/** Makes the departments named that the company has none of (by name, whatever the case). */
async function ensureDepartments(tx: Executor, entityId: string, list: (string | null)[]) {
  const names = [...new Map(list.flatMap((name) => (name ? [[name.toLowerCase(), name] as const] : []))).values()];
  if (names.length === 0) return names;
  await tx.execute(sql`
    insert into departments (entity_id, id, name)
    select ${entityId}, x.id, x.name
      from jsonb_to_recordset(${JSON.stringify(names.map((name) => ({ id: newId(), name })))}::jsonb) as x(id uuid, name text)
    on conflict do nothing`);
  return names;
}

/** The departments named, made when the company has none of the name: their ids by lower-case name. */
export async function departmentIdsOf(tx: Executor, entityId: string, list: (string | null)[]) {
  const names = await ensureDepartments(tx, entityId, list);
  if (names.length === 0) return new Map<string, string>();
  const rows = rowsOf<{ id: string; key: string }>(
    await tx.execute(sql`
      select id, lower(name) as key from departments
       where entity_id = ${entityId} and lower(name) = any(${sqlArray(
         names.map((n) => n.toLowerCase()),
         'text',
       )})`),
  );
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Gives people the departments named (made when the company has none of the name). */
export async function setDepartments(
  tx: Executor,
  entityId: string,
  list: { personId: string; name: string | null }[],
) {
  if (list.length === 0) return;
  await ensureDepartments(
    tx,
    entityId,
    list.map((l) => l.name),
  );
  await tx.execute(sql`
    update people p set department_id = d.id, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(
        list.map((l) => ({ person_id: l.personId, name: l.name })),
      )}::jsonb) as x(person_id uuid, name text)
      left join departments d on d.entity_id = ${entityId} and lower(d.name) = lower(x.name)
     where p.entity_id = ${entityId} and p.id = x.person_id and p.department_id is distinct from d.id`);
}

export async function tempCounts(tx: Executor, entityId: string, integrationId: string) {
  const rows = rowsOf<{ state: string; n: number }>(
    await tx.execute(sql`
      select state, count(*)::int as n from integration_temp_users
       where entity_id = ${entityId} and integration_id = ${integrationId} group by state`),
  );
  const of = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
  return { error: of('error'), duplicate: of('duplicate'), valid: of('valid') };
}

export async function linkCounts(tx: Executor, entityId: string, integrationId: string) {
  const [row] = rowsOf<{ people: number; archived: number }>(
    await tx.execute(sql`
      select count(*) filter (where not archived_by_sync)::int as people,
             count(*) filter (where archived_by_sync)::int as archived
        from directory_links where entity_id = ${entityId} and integration_id = ${integrationId}`),
  );
  return row ?? { people: 0, archived: 0 };
}
