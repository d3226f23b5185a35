import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { labels } from '../../db/schema/index';

export type LabelRow = typeof labels.$inferSelect;

export async function listLabels(tx: Executor, entityId: string) {
  return tx
    .select()
    .from(labels)
    .where(eq(labels.entityId, entityId))
    .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
}

export async function isLabelNameTaken(tx: Executor, entityId: string, name: string) {
  const [row] = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.entityId, entityId), sql`lower(${labels.name}) = ${name.toLowerCase()}`))
    .limit(1);
  return Boolean(row);
}

export async function findLabel(tx: Executor, entityId: string, id: string) {
  const [row] = await tx
    .select()
    .from(labels)
    .where(and(eq(labels.entityId, entityId), eq(labels.id, id)))
    .limit(1);
  return row ?? null;
}

/** The label goes, and with it (cascade) every person's link to it; the people stay. */
export async function deleteLabel(tx: Executor, entityId: string, id: string) {
  await tx.delete(labels).where(and(eq(labels.entityId, entityId), eq(labels.id, id)));
}

export async function insertLabel(tx: Executor, values: typeof labels.$inferInsert) {
  const [row] = await tx.insert(labels).values(values).returning();
  return row!;
}
