import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, sqlArray, type Executor } from '../../db/client';
import { customFields, sites, userTypes } from '../../db/schema/index';

// The import's SQL on the company's people and the names its cells give (user types, sites, custom
// fields): the lookups of the check and the writes of the run. Every function takes the entity id and
// puts it in the WHERE clause; bulk writes go as one statement per batch, never one per row.

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
  /** A directory record's department (the import sets none). */
  departmentId?: string | null;
};

/** A person's details by column, for `jsonb_to_recordset`. */
const personColumns = (p: Omit<NewPerson, 'qrCode'>) => ({
  id: p.id,
  first_name: p.firstName,
  last_name: p.lastName,
  email: p.email,
  phone_code: p.phoneCode,
  phone: p.phone,
  id_number: p.idNumber,
  company_name: p.companyName,
  image: p.image,
});

/**
 * New people, a batch as one statement with one parameter. The department is written with the row: an
 * update of a row just inserted would write it, and every index entry of it, a second time.
 */
export async function insertPeople(tx: Executor, entityId: string, roleId: string, list: NewPerson[]) {
  if (list.length === 0) return;
  await tx.execute(sql`
    insert into people (entity_id, id, role_id, first_name, last_name, email, phone_code, phone, id_number,
                        company_name, image, qr_code, department_id)
    select ${entityId}, x.id, ${roleId}, x.first_name, x.last_name, x.email, x.phone_code, x.phone, x.id_number,
           x.company_name, x.image, x.qr_code, x.department_id
      from jsonb_to_recordset(${JSON.stringify(
        list.map((p) => ({ ...personColumns(p), qr_code: p.qrCode, department_id: p.departmentId ?? null })),
      )}::jsonb) as x(id uuid, first_name text, last_name text, email text, phone_code text, phone text,
                      id_number text, company_name text, image text, qr_code text, department_id uuid)`);
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
        list.map(personColumns),
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

/** The planner's count of people (of every company), or null before the table was ever analysed. */
export async function estimatedPeople(db: Executor): Promise<number | null> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select reltuples::float8 as n from pg_class where oid = 'people'::regclass`),
  );
  return row && row.n >= 0 ? row.n : null;
}
