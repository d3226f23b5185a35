import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { people, personUserTypes, userTypes } from '../../db/schema/index';

export type UserTypeRow = typeof userTypes.$inferSelect;

// Written out in full: drizzle leaves columns unqualified in single-table selects.
const childCount = sql<number>`(select count(*)::int from user_types c where c.entity_id = "user_types"."entity_id" and c.parent_id = "user_types"."id")`;

/** The company's user types; `scope` (the admin's user types) limits them when not null. */
export async function listUserTypes(tx: Executor, entityId: string, scope: string[] | null = null) {
  return tx
    .select({ row: userTypes, childCount })
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), scope ? inArray(userTypes.id, scope) : undefined))
    .orderBy(asc(userTypes.name), asc(userTypes.id));
}

export async function findUserType(tx: Executor, entityId: string, id: string) {
  const [found] = await tx
    .select({ row: userTypes, childCount })
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, id)))
    .limit(1);
  return found ?? null;
}

export async function isUserTypeNameTaken(tx: Executor, entityId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: userTypes.id })
    .from(userTypes)
    .where(
      and(
        eq(userTypes.entityId, entityId),
        sql`lower(${userTypes.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(userTypes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The ids of a type and every type below it, for refusing moves that would make a loop. */
export async function subtreeIds(tx: Executor, entityId: string, rootId: string): Promise<string[]> {
  const res = await tx.execute<{ id: string }>(sql`
    with recursive tree(id) as (
      select id from user_types where entity_id = ${entityId} and id = ${rootId}
      union all
      select c.id from user_types c join tree on c.parent_id = tree.id where c.entity_id = ${entityId}
    )
    select id from tree`);
  return (res as { rows: { id: string }[] }).rows.map((r) => r.id);
}

export async function insertUserType(tx: Executor, values: typeof userTypes.$inferInsert) {
  const [row] = await tx.insert(userTypes).values(values).returning();
  return row!;
}

export async function updateUserType(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<typeof userTypes.$inferInsert>,
) {
  const [row] = await tx
    .update(userTypes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteUserType(tx: Executor, entityId: string, id: string) {
  await tx.delete(userTypes).where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, id)));
}

/** How many people have this user type. */
export async function countPeopleOfType(tx: Executor, entityId: string, userTypeId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(personUserTypes)
    .where(and(eq(personUserTypes.entityId, entityId), eq(personUserTypes.userTypeId, userTypeId)));
  return Number(row?.n ?? 0);
}

/** Gives the person behind a dashboard membership a user type (a scoped admin keeps what they create). */
export async function assignUserTypeToMember(tx: Executor, entityId: string, membershipId: string, userTypeId: string) {
  const [person] = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.entityId, entityId), eq(people.membershipId, membershipId)))
    .limit(1);
  if (person) {
    await tx.insert(personUserTypes).values({ entityId, personId: person.id, userTypeId }).onConflictDoNothing();
  }
}
