import { and, asc, eq, getTableColumns, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { listPeopleQuerySchema } from '@app/shared/people/schemas';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import {
  customFields,
  departments,
  labels,
  people,
  personFieldValues,
  personLabels,
  personSites,
  personUserTypes,
  roles,
  sites,
  userTypes,
  users,
} from '../../db/schema/index';

// The SQL of a company's people. Every function takes the entity id and puts it in the WHERE clause;
// `scope` is the admin-scope part (personInScope) and is added wherever people are read or changed.

export type ListPeopleQuery = z.output<typeof listPeopleQuerySchema>;
export type PersonRecord = typeof people.$inferSelect;
export type PersonWithRefs = {
  person: PersonRecord;
  roleName: string;
  departmentName: string | null;
  createdAtText: string;
};

const withRefs = {
  person: people,
  roleName: roles.name,
  departmentName: departments.name,
  /** The creation time to the microsecond, as PostgreSQL writes it: list cursors keep it (a Date would not). */
  createdAtText: sql<string>`${people.createdAt}::text`,
};

/** People with their role's and department's names: what a list row and a person's page show. */
export function selectWithRefs(tx: Executor) {
  return tx
    .select(withRefs)
    .from(people)
    .innerJoin(roles, and(eq(roles.entityId, people.entityId), eq(roles.id, people.roleId)))
    .leftJoin(departments, and(eq(departments.entityId, people.entityId), eq(departments.id, people.departmentId)));
}

/**
 * The same with `total` on each row: a list's page and how many the list matches in one statement
 * (`total` an uncorrelated subquery, run once). `tx` may carry a WITH clause (`tx.with(...)`).
 */
export function selectCountedWithRefs(tx: Pick<Executor, 'select'>, total: SQL<number>) {
  return tx
    .select({ ...withRefs, total })
    .from(people)
    .innerJoin(roles, and(eq(roles.entityId, people.entityId), eq(roles.id, people.roleId)))
    .leftJoin(departments, and(eq(departments.entityId, people.entityId), eq(departments.id, people.departmentId)));
}

export async function findPersonWithRefs(
  tx: Executor,
  entityId: string,
  scope: SQL | undefined,
  id: string,
): Promise<PersonWithRefs | null> {
  const [row] = await selectWithRefs(tx)
    .where(and(eq(people.entityId, entityId), eq(people.id, id), scope))
    .limit(1);
  return row ?? null;
}

/**
 * People by id within the scope. With `lock`, each row is locked until the transaction ends against
 * another such lock (not against references to the person): two requests acting on one person at once
 * (a double tap, two kiosks reading one QR code) take turns, and the second sees what the first did.
 * Locked in id order, so requests naming several people never wait on each other in a circle.
 */
export async function findPeople(
  tx: Executor,
  entityId: string,
  scope: SQL | undefined,
  ids: string[],
  { lock = false }: { lock?: boolean } = {},
) {
  if (ids.length === 0) return [];
  if (!scope) return (lock ? lockedPeopleByIdQuery : peopleByIdQuery)(tx, { entityId, ids });
  const query = tx
    .select()
    .from(people)
    .where(and(eq(people.entityId, entityId), inArray(people.id, ids), scope));
  return lock ? query.orderBy(asc(people.id)).for('no key update') : query;
}

const byIds = () =>
  and(eq(people.entityId, sql.placeholder('entityId')), sql`${people.id} = any(${sql.placeholder('ids')}::uuid[])`);
const peopleByIdQuery = preparedQuery('people_by_id_v1', (db) => db.select().from(people).where(byIds()));
const lockedPeopleByIdQuery = preparedQuery('people_by_id_locked_v1', (db) =>
  db.select().from(people).where(byIds()).orderBy(asc(people.id)).for('no key update'),
);

/**
 * People by id within the scope, each with the language of their login if they have one: whom a
 * mail (an RFID link, a QuickPass) goes to, in their own language.
 */
export async function findRecipients(tx: Executor, entityId: string, scope: SQL | undefined, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ ...getTableColumns(people), lang: users.lang })
    .from(people)
    .leftJoin(users, eq(users.id, people.userId))
    .where(and(eq(people.entityId, entityId), inArray(people.id, ids), scope));
}
export type Recipient = Awaited<ReturnType<typeof findRecipients>>[number];

// ---- what a person has ----

export async function sitesOf(tx: Executor, entityId: string, personIds: string[]) {
  if (personIds.length === 0) return [];
  return tx
    .select({ personId: personSites.personId, id: sites.id, name: sites.name })
    .from(personSites)
    .innerJoin(sites, and(eq(sites.entityId, personSites.entityId), eq(sites.id, personSites.siteId)))
    .where(and(eq(personSites.entityId, entityId), inArray(personSites.personId, personIds)))
    .orderBy(asc(sites.name), asc(sites.id));
}

export async function userTypesOf(tx: Executor, entityId: string, personIds: string[]) {
  if (personIds.length === 0) return [];
  return tx
    .select({ personId: personUserTypes.personId, id: userTypes.id, name: userTypes.name })
    .from(personUserTypes)
    .innerJoin(
      userTypes,
      and(eq(userTypes.entityId, personUserTypes.entityId), eq(userTypes.id, personUserTypes.userTypeId)),
    )
    .where(and(eq(personUserTypes.entityId, entityId), inArray(personUserTypes.personId, personIds)))
    .orderBy(asc(userTypes.name), asc(userTypes.id));
}

export async function labelsOf(tx: Executor, entityId: string, personIds: string[]) {
  if (personIds.length === 0) return [];
  return tx
    .select({ personId: personLabels.personId, id: labels.id, name: labels.name, color: labels.color })
    .from(personLabels)
    .innerJoin(labels, and(eq(labels.entityId, personLabels.entityId), eq(labels.id, personLabels.labelId)))
    .where(and(eq(personLabels.entityId, entityId), inArray(personLabels.personId, personIds)))
    .orderBy(asc(labels.name), asc(labels.id));
}

/** What a list row of a person shows beside the person's own columns. */
export type PersonRefs = {
  sites: { personId: string; id: string; name: string }[];
  userTypes: { personId: string; id: string; name: string }[];
  labels: { personId: string; id: string; name: string; color: string }[];
  fieldValues: { personId: string; fieldId: string; type: string; value: unknown }[];
};

type RefRow = {
  kind: 'site' | 'type' | 'label' | 'field';
  personId: string;
  id: string;
  name: string | null;
  color: string | null;
  fieldType: string | null;
  value: unknown;
};

/**
 * The sites, user types, labels and (with `withFields`) profile field values of people, in one round
 * trip: one prepared statement whose parts are each ordered as sitesOf, userTypesOf, labelsOf and
 * fieldValuesOf order them.
 */
const personRefsQuery = preparedQuery('person_refs_v1', (db) => {
  const entityId = sql.placeholder('entityId');
  const ofPeople = (column: AnyPgColumn) => sql`${column} = any(${sql.placeholder('ids')}::uuid[])`;
  const none = sql<string | null>`null::text`;
  const siteRows = db
    .select({
      kind: sql<RefRow['kind']>`'site'`.as('kind'),
      personId: personSites.personId,
      id: sites.id,
      name: sql<string | null>`${sites.name}`.as('name'),
      color: none.as('color'),
      fieldType: none.as('field_type'),
      value: sql<unknown>`null::jsonb`.as('value'),
      position: sql<number>`0`.as('position'),
    })
    .from(personSites)
    .innerJoin(sites, and(eq(sites.entityId, personSites.entityId), eq(sites.id, personSites.siteId)))
    .where(and(eq(personSites.entityId, entityId), ofPeople(personSites.personId)));
  const typeRows = db
    .select({
      kind: sql<RefRow['kind']>`'type'`,
      personId: personUserTypes.personId,
      id: userTypes.id,
      name: sql<string | null>`${userTypes.name}`,
      color: none,
      fieldType: none,
      value: sql<unknown>`null::jsonb`,
      position: sql<number>`0`,
    })
    .from(personUserTypes)
    .innerJoin(
      userTypes,
      and(eq(userTypes.entityId, personUserTypes.entityId), eq(userTypes.id, personUserTypes.userTypeId)),
    )
    .where(and(eq(personUserTypes.entityId, entityId), ofPeople(personUserTypes.personId)));
  const labelRows = db
    .select({
      kind: sql<RefRow['kind']>`'label'`,
      personId: personLabels.personId,
      id: labels.id,
      name: sql<string | null>`${labels.name}`,
      color: sql<string | null>`${labels.color}`,
      fieldType: none,
      value: sql<unknown>`null::jsonb`,
      position: sql<number>`0`,
    })
    .from(personLabels)
    .innerJoin(labels, and(eq(labels.entityId, personLabels.entityId), eq(labels.id, personLabels.labelId)))
    .where(and(eq(personLabels.entityId, entityId), ofPeople(personLabels.personId)));
  const fieldRows = db
    .select({
      kind: sql<RefRow['kind']>`'field'`,
      personId: personFieldValues.personId,
      id: customFields.id,
      name: none,
      color: none,
      fieldType: sql<string | null>`${customFields.type}`,
      value: sql<unknown>`${personFieldValues.value}`,
      position: sql<number>`${customFields.position}`,
    })
    .from(personFieldValues)
    .innerJoin(
      customFields,
      and(eq(customFields.entityId, personFieldValues.entityId), eq(customFields.id, personFieldValues.fieldId)),
    )
    .where(
      and(
        sql`${sql.placeholder('withFields')}::boolean`,
        eq(personFieldValues.entityId, entityId),
        ofPeople(personFieldValues.personId),
        eq(customFields.binding, 'profile'),
      ),
    );
  return siteRows
    .unionAll(typeRows)
    .unionAll(labelRows)
    .unionAll(fieldRows)
    .orderBy(sql`1, 8, 4, 3`);
});

export async function personRefsOf(
  tx: Executor,
  entityId: string,
  personIds: string[],
  { withFields }: { withFields: boolean },
): Promise<PersonRefs> {
  const refs: PersonRefs = { sites: [], userTypes: [], labels: [], fieldValues: [] };
  if (personIds.length === 0) return refs;
  const rows = (await personRefsQuery(tx, { entityId, ids: personIds, withFields })) as RefRow[];
  for (const r of rows) {
    if (r.kind === 'site') refs.sites.push({ personId: r.personId, id: r.id, name: r.name! });
    else if (r.kind === 'type') refs.userTypes.push({ personId: r.personId, id: r.id, name: r.name! });
    else if (r.kind === 'label') refs.labels.push({ personId: r.personId, id: r.id, name: r.name!, color: r.color! });
    else refs.fieldValues.push({ personId: r.personId, fieldId: r.id, type: r.fieldType!, value: r.value });
  }
  return refs;
}

/** Stored values of profile fields (the visit fields are stored on visits). */
export async function fieldValuesOf(tx: Executor, entityId: string, personIds: string[]) {
  if (personIds.length === 0) return [];
  return tx
    .select({
      personId: personFieldValues.personId,
      fieldId: personFieldValues.fieldId,
      type: customFields.type,
      value: personFieldValues.value,
    })
    .from(personFieldValues)
    .innerJoin(
      customFields,
      and(eq(customFields.entityId, personFieldValues.entityId), eq(customFields.id, personFieldValues.fieldId)),
    )
    .where(
      and(
        eq(personFieldValues.entityId, entityId),
        inArray(personFieldValues.personId, personIds),
        eq(customFields.binding, 'profile'),
      ),
    )
    .orderBy(asc(customFields.position), asc(customFields.id));
}

// ---- what a body names ----

export async function findSitesByIds(tx: Executor, entityId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.entityId, entityId), inArray(sites.id, ids)));
}

export async function findUserTypesByIds(tx: Executor, entityId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: userTypes.id, name: userTypes.name, mandatory: userTypes.mandatoryProfileData })
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), inArray(userTypes.id, ids)));
}

export async function findLabelsByIds(tx: Executor, entityId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.entityId, entityId), inArray(labels.id, ids)));
}

export async function findDepartment(tx: Executor, entityId: string, id: string) {
  const [row] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.entityId, entityId), eq(departments.id, id)))
    .limit(1);
  return row ?? null;
}

/** The company's profile fields: the custom fields asked on a person's profile. */
export async function listProfileFields(tx: Executor, entityId: string) {
  return tx
    .select({
      id: customFields.id,
      name: customFields.name,
      type: customFields.type,
      options: customFields.options,
      required: customFields.required,
    })
    .from(customFields)
    .where(and(eq(customFields.entityId, entityId), eq(customFields.binding, 'profile')));
}

export type UniqueValues = {
  email: string | null;
  phoneCode: string | null;
  phone: string | null;
  idNumber: string | null;
};

/** A phone number with its country code (or none), as its unique index finds it. */
export const samePhone = (phoneCode: string | null | undefined, phone: string): SQL =>
  and(phoneCode ? eq(people.phoneCode, phoneCode) : isNull(people.phoneCode), eq(people.phone, phone))!;

/** Which of the values another person of the company already has (one query for all three). */
export async function findTakenValues(tx: Executor, entityId: string, values: UniqueValues, exceptId?: string) {
  const checks: SQL[] = [];
  if (values.email) checks.push(eq(people.emailLower, values.email.toLowerCase()));
  if (values.phone) checks.push(samePhone(values.phoneCode, values.phone));
  if (values.idNumber) checks.push(eq(people.idNumberLower, values.idNumber.toLowerCase()));
  if (checks.length === 0) return { email: false, phone: false, idNumber: false };
  const rows = await tx
    .select({ email: people.email, phoneCode: people.phoneCode, phone: people.phone, idNumber: people.idNumber })
    .from(people)
    .where(and(eq(people.entityId, entityId), exceptId ? ne(people.id, exceptId) : undefined, or(...checks)));
  return {
    email: Boolean(values.email) && rows.some((r) => r.email?.toLowerCase() === values.email!.toLowerCase()),
    phone: Boolean(values.phone) && rows.some((r) => r.phone === values.phone && r.phoneCode === values.phoneCode),
    idNumber:
      Boolean(values.idNumber) && rows.some((r) => r.idNumber?.toLowerCase() === values.idNumber!.toLowerCase()),
  };
}

// ---- writes ----

export async function insertPerson(tx: Executor, values: typeof people.$inferInsert) {
  const [row] = await tx.insert(people).values(values).returning();
  return row!;
}

export async function updatePerson(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<typeof people.$inferInsert>,
) {
  const [row] = await tx
    .update(people)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(people.entityId, entityId), eq(people.id, id)))
    .returning();
  return row ?? null;
}

export async function deletePerson(tx: Executor, entityId: string, id: string) {
  await tx.delete(people).where(and(eq(people.entityId, entityId), eq(people.id, id)));
}

export async function replaceSites(tx: Executor, entityId: string, personId: string, siteIds: string[]) {
  await tx.delete(personSites).where(and(eq(personSites.entityId, entityId), eq(personSites.personId, personId)));
  if (siteIds.length) await tx.insert(personSites).values(siteIds.map((siteId) => ({ entityId, personId, siteId })));
}

/** Replaces the user types of many people at once (each gets exactly `userTypeIds`). */
export async function replaceUserTypes(tx: Executor, entityId: string, personIds: string[], userTypeIds: string[]) {
  if (personIds.length === 0) return;
  await tx
    .delete(personUserTypes)
    .where(and(eq(personUserTypes.entityId, entityId), inArray(personUserTypes.personId, personIds)));
  const rows = personIds.flatMap((personId) => userTypeIds.map((userTypeId) => ({ entityId, personId, userTypeId })));
  if (rows.length) await tx.insert(personUserTypes).values(rows);
}

export async function replaceLabels(tx: Executor, entityId: string, personId: string, labelIds: string[]) {
  await tx.delete(personLabels).where(and(eq(personLabels.entityId, entityId), eq(personLabels.personId, personId)));
  if (labelIds.length)
    await tx.insert(personLabels).values(labelIds.map((labelId) => ({ entityId, personId, labelId })));
}

/** Adds labels to many people at once; labels a person already has stay as they are. */
export async function addLabels(tx: Executor, entityId: string, personIds: string[], labelIds: string[]) {
  const rows = personIds.flatMap((personId) => labelIds.map((labelId) => ({ entityId, personId, labelId })));
  if (rows.length) await tx.insert(personLabels).values(rows).onConflictDoNothing();
}

export async function setStatus(tx: Executor, entityId: string, personIds: string[], status: 'active' | 'archived') {
  if (personIds.length === 0) return;
  await tx
    .update(people)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(people.entityId, entityId), inArray(people.id, personIds)));
}

/** Writes the given values and clears the fields given as null. */
export async function saveFieldValues(
  tx: Executor,
  entityId: string,
  personId: string,
  values: { fieldId: string; value: unknown }[],
) {
  const cleared = values.filter((v) => v.value === null).map((v) => v.fieldId);
  const kept = values.filter((v) => v.value !== null);
  if (cleared.length) {
    await tx
      .delete(personFieldValues)
      .where(
        and(
          eq(personFieldValues.entityId, entityId),
          eq(personFieldValues.personId, personId),
          inArray(personFieldValues.fieldId, cleared),
        ),
      );
  }
  if (kept.length) {
    await tx
      .insert(personFieldValues)
      .values(kept.map((v) => ({ entityId, personId, fieldId: v.fieldId, value: v.value })))
      .onConflictDoUpdate({
        target: [personFieldValues.entityId, personFieldValues.personId, personFieldValues.fieldId],
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
  }
}
