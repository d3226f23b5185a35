import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { CustomFieldBinding } from '@app/shared/custom-fields/schemas';
import type { Executor } from '../../db/client';
import { customFieldSections, customFields, personFieldValues } from '../../db/schema/index';

export type SectionRow = typeof customFieldSections.$inferSelect;
export type FieldRow = typeof customFields.$inferSelect;
export type FieldWithCount = { field: FieldRow; valueCount: number; sectionName: string };

// Written out in full: inside a correlated subquery drizzle's unqualified columns would bind to the
// inner table.
const valueCount = sql<number>`(select count(*)::int from person_field_values v where v.entity_id = "custom_fields"."entity_id" and v.field_id = "custom_fields"."id")`;

const sameName = (column: SQL | typeof customFieldSections.name | typeof customFields.name, name: string) =>
  sql`lower(${column}) = ${name.toLowerCase()}`;

// ---- sections ----

export async function listSections(tx: Executor, entityId: string) {
  return tx
    .select()
    .from(customFieldSections)
    .where(eq(customFieldSections.entityId, entityId))
    .orderBy(asc(customFieldSections.position), asc(customFieldSections.name), asc(customFieldSections.id));
}

export async function findSection(tx: Executor, entityId: string, id: string) {
  const [row] = await tx
    .select()
    .from(customFieldSections)
    .where(and(eq(customFieldSections.entityId, entityId), eq(customFieldSections.id, id)))
    .limit(1);
  return row ?? null;
}

export async function isSectionNameTaken(tx: Executor, entityId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: customFieldSections.id })
    .from(customFieldSections)
    .where(
      and(
        eq(customFieldSections.entityId, entityId),
        sameName(customFieldSections.name, name),
        exceptId ? ne(customFieldSections.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function nextSectionPosition(tx: Executor, entityId: string) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${customFieldSections.position}) + 1, 0)::int` })
    .from(customFieldSections)
    .where(eq(customFieldSections.entityId, entityId));
  return Number(row?.n ?? 0);
}

export async function insertSection(tx: Executor, values: typeof customFieldSections.$inferInsert) {
  const [row] = await tx.insert(customFieldSections).values(values).returning();
  return row!;
}

export async function renameSection(tx: Executor, entityId: string, id: string, name: string) {
  const [row] = await tx
    .update(customFieldSections)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(customFieldSections.entityId, entityId), eq(customFieldSections.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes a section, its fields and every value stored for them, in that order. */
export async function deleteSectionWithFields(tx: Executor, entityId: string, id: string) {
  await tx.execute(sql`
    delete from person_field_values v
    using custom_fields f
    where v.entity_id = ${entityId} and f.entity_id = v.entity_id and f.id = v.field_id and f.section_id = ${id}`);
  await tx.delete(customFields).where(and(eq(customFields.entityId, entityId), eq(customFields.sectionId, id)));
  await tx
    .delete(customFieldSections)
    .where(and(eq(customFieldSections.entityId, entityId), eq(customFieldSections.id, id)));
}

// ---- fields ----

const fieldColumns = { field: customFields, valueCount, sectionName: customFieldSections.name };

const withSection = and(
  eq(customFieldSections.entityId, customFields.entityId),
  eq(customFieldSections.id, customFields.sectionId),
);

/** Fields with their value counts, in section order then field order. */
export async function listFields(
  tx: Executor,
  entityId: string,
  filter: { binding?: CustomFieldBinding; sectionId?: string } = {},
): Promise<FieldWithCount[]> {
  return tx
    .select(fieldColumns)
    .from(customFields)
    .innerJoin(customFieldSections, withSection)
    .where(
      and(
        eq(customFields.entityId, entityId),
        filter.binding ? eq(customFields.binding, filter.binding) : undefined,
        filter.sectionId ? eq(customFields.sectionId, filter.sectionId) : undefined,
      ),
    )
    .orderBy(
      asc(customFieldSections.position),
      asc(customFieldSections.name),
      asc(customFieldSections.id),
      asc(customFields.position),
      asc(customFields.id),
    );
}

export async function findField(tx: Executor, entityId: string, id: string): Promise<FieldWithCount | null> {
  const [row] = await tx
    .select(fieldColumns)
    .from(customFields)
    .innerJoin(customFieldSections, withSection)
    .where(and(eq(customFields.entityId, entityId), eq(customFields.id, id)))
    .limit(1);
  return row ?? null;
}

export async function isFieldNameTaken(
  tx: Executor,
  entityId: string,
  sectionId: string,
  name: string,
  exceptId?: string,
) {
  const [row] = await tx
    .select({ id: customFields.id })
    .from(customFields)
    .where(
      and(
        eq(customFields.entityId, entityId),
        eq(customFields.sectionId, sectionId),
        sameName(customFields.name, name),
        exceptId ? ne(customFields.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function countSectionFields(tx: Executor, entityId: string, sectionId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(customFields)
    .where(and(eq(customFields.entityId, entityId), eq(customFields.sectionId, sectionId)));
  return Number(row?.n ?? 0);
}

export async function nextFieldPosition(tx: Executor, entityId: string, sectionId: string) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${customFields.position}) + 1, 0)::int` })
    .from(customFields)
    .where(and(eq(customFields.entityId, entityId), eq(customFields.sectionId, sectionId)));
  return Number(row?.n ?? 0);
}

/**
 * Serialises the changes that read and then change the company's badge budget. Two admins turning
 * on "print on badge" at once would otherwise both count 3 and both save. The lock is the
 * transaction's, keyed by the company, so other companies never wait.
 */
export async function lockBadgeBudget(tx: Executor, entityId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`custom_fields.badge:${entityId}`}, 0))`);
}

export async function countBadgeFields(tx: Executor, entityId: string, exceptId?: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(customFields)
    .where(
      and(
        eq(customFields.entityId, entityId),
        eq(customFields.printOnBadge, true),
        exceptId ? ne(customFields.id, exceptId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function insertField(tx: Executor, values: typeof customFields.$inferInsert) {
  const [row] = await tx.insert(customFields).values(values).returning();
  return row!;
}

export async function updateField(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<Omit<typeof customFields.$inferInsert, 'entityId' | 'id'>>,
) {
  const [row] = await tx
    .update(customFields)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customFields.entityId, entityId), eq(customFields.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteField(tx: Executor, entityId: string, id: string) {
  await tx
    .delete(personFieldValues)
    .where(and(eq(personFieldValues.entityId, entityId), eq(personFieldValues.fieldId, id)));
  await tx.delete(customFields).where(and(eq(customFields.entityId, entityId), eq(customFields.id, id)));
}

/**
 * How many stored values use each of the given choices: a radio value is the choice itself, a list
 * value contains it (jsonb `?` matches a top-level string or list element). One query for all.
 */
export async function countChoiceUses(tx: Executor, entityId: string, fieldId: string, choices: string[]) {
  if (choices.length === 0) return [];
  const list = sql.join(
    choices.map((c) => sql`(${c}::text)`),
    sql`, `,
  );
  const res = await tx.execute(sql`
    select c.choice, count(*)::int as n
    from person_field_values v
    cross join (values ${list}) as c(choice)
    where v.entity_id = ${entityId} and v.field_id = ${fieldId} and v.value ? c.choice
    group by c.choice
    order by count(*) desc, c.choice`);
  // Both drivers answer with `rows`; drizzle's shared executor type does not say so.
  return (res as { rows: { choice: string; n: number }[] }).rows.map((r) => ({
    choice: String(r.choice),
    count: Number(r.n),
  }));
}

/** How many stored scores lie above `max` (a rating scale being shortened). */
export async function countScoresAbove(tx: Executor, entityId: string, fieldId: string, max: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(personFieldValues)
    .where(
      and(
        eq(personFieldValues.entityId, entityId),
        eq(personFieldValues.fieldId, fieldId),
        // The cast only where the value is a number: SQL does not promise to test the type first.
        sql`(case when jsonb_typeof(${personFieldValues.value}) = 'number' then (${personFieldValues.value})::numeric end) > ${max}`,
      ),
    );
  return Number(row?.n ?? 0);
}
