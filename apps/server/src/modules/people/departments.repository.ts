import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { departments } from '../../db/schema/index';

export type DepartmentRow = typeof departments.$inferSelect;

export async function listDepartments(tx: Executor, entityId: string) {
  return tx
    .select()
    .from(departments)
    .where(eq(departments.entityId, entityId))
    .orderBy(asc(sql`lower(${departments.name})`), asc(departments.id));
}

export async function isDepartmentNameTaken(tx: Executor, entityId: string, name: string) {
  const [row] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.entityId, entityId), sql`lower(${departments.name}) = ${name.toLowerCase()}`))
    .limit(1);
  return Boolean(row);
}

export async function insertDepartment(tx: Executor, values: typeof departments.$inferInsert) {
  const [row] = await tx.insert(departments).values(values).returning();
  return row!;
}
