import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { listVisitPermitsQuerySchema, PermitPeriod } from '@app/shared/visit-permits/schemas';
import type { Executor } from '../../db/client';
import { containing } from '../../db/like';
import {
  people,
  personUserTypes,
  personVisitPermits,
  userTypes,
  userTypeVisitPermits,
  visitPermits,
} from '../../db/schema/index';

// The SQL of visit permits and their assignments. Every function takes the entity id and puts it in
// the WHERE clause. `scope` is what the caller may see (spec §6): `people` is the personInScope part
// (undefined: everyone), `userTypeIds` the caller's user types (null: all of them).

export type PermitRow = typeof visitPermits.$inferSelect;
export type PermitScope = { people: SQL | undefined; userTypeIds: string[] | null };
export type PermitWithCounts = { row: PermitRow; peopleCount: number; userTypeCount: number; outsideScope: boolean };
export type ListQuery = z.output<typeof listVisitPermitsQuerySchema>;

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

// Correlated on the outer "visit_permits" row, written out in full: drizzle leaves columns
// unqualified in single-table selects, and inside these subqueries they would bind to the wrong table.
function peopleCountSql(scope: PermitScope) {
  return sql<number>`(select count(*)::int from person_visit_permits pvp
    join people on people.entity_id = pvp.entity_id and people.id = pvp.person_id
    where pvp.entity_id = "visit_permits"."entity_id" and pvp.permit_id = "visit_permits"."id"
    ${scope.people ? sql`and ${scope.people}` : sql``})`;
}

function userTypeCountSql(scope: PermitScope) {
  const inScope =
    scope.userTypeIds === null
      ? sql``
      : scope.userTypeIds.length
        ? sql`and utvp.user_type_id in (${uuidList(scope.userTypeIds)})`
        : sql`and false`;
  return sql<number>`(select count(*)::int from user_type_visit_permits utvp
    where utvp.entity_id = "visit_permits"."entity_id" and utvp.permit_id = "visit_permits"."id" ${inScope})`;
}

/** Whether the permit is assigned to anyone or any type the caller does not manage. */
function outsideScopeSql(scope: PermitScope) {
  const parts: SQL[] = [];
  if (scope.people) {
    parts.push(sql`exists (select 1 from person_visit_permits pvp
      join people on people.entity_id = pvp.entity_id and people.id = pvp.person_id
      where pvp.entity_id = "visit_permits"."entity_id" and pvp.permit_id = "visit_permits"."id"
        and not (${scope.people}))`);
  }
  if (scope.userTypeIds !== null) {
    const outside = scope.userTypeIds.length
      ? sql`and utvp.user_type_id not in (${uuidList(scope.userTypeIds)})`
      : sql``;
    parts.push(sql`exists (select 1 from user_type_visit_permits utvp
      where utvp.entity_id = "visit_permits"."entity_id" and utvp.permit_id = "visit_permits"."id" ${outside})`);
  }
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` or `)})` : sql<boolean>`false`;
}

const withCounts = (scope: PermitScope) => ({
  row: visitPermits,
  peopleCount: peopleCountSql(scope),
  userTypeCount: userTypeCountSql(scope),
  outsideScope: outsideScopeSql(scope),
});

/** The last day a permit allows: its start date when it happens once. */
const lastDate = sql`(case when ${visitPermits.recurrence} = 'none' then ${visitPermits.startDate} else ${visitPermits.endDate} end)`;

function periodFilter(period: PermitPeriod | undefined, today: string): SQL | undefined {
  if (period === 'upcoming') return sql`${visitPermits.startDate} > ${today}::date`;
  if (period === 'ended') return sql`${lastDate} < ${today}::date`;
  if (period === 'current')
    return sql`${visitPermits.startDate} <= ${today}::date and (${lastDate} is null or ${lastDate} >= ${today}::date)`;
  return undefined;
}

function listWhere(entityId: string, q: Pick<ListQuery, 'search' | 'recurrence' | 'period'>, today: string) {
  const pattern = q.search ? containing(q.search) : null;
  return and(
    eq(visitPermits.entityId, entityId),
    pattern ? or(ilike(visitPermits.name, pattern), ilike(visitPermits.description, pattern)) : undefined,
    q.recurrence?.length ? inArray(visitPermits.recurrence, q.recurrence) : undefined,
    periodFilter(q.period, today),
  );
}

export async function listPermits(
  tx: Executor,
  entityId: string,
  scope: PermitScope,
  q: ListQuery,
  today: string,
): Promise<{ rows: PermitWithCounts[]; count: number }> {
  const where = listWhere(entityId, q, today);
  const dir = q.orderBy === 'desc' ? desc : asc;
  const order =
    q.sortField === 'start_date'
      ? [dir(visitPermits.startDate)]
      : q.sortField === 'end_date'
        ? [dir(visitPermits.endDate)]
        : q.sortField === 'created_at'
          ? [dir(visitPermits.createdAt)]
          : [dir(sql`lower(${visitPermits.name})`)];
  const rows = await tx
    .select(withCounts(scope))
    .from(visitPermits)
    .where(where)
    .orderBy(...order, asc(visitPermits.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(visitPermits).where(where);
  return { rows: rows.map(normaliseCounts), count: Number(total?.n ?? 0) };
}

/** Every permit of the company by name, for pickers. */
export async function listAllPermits(tx: Executor, entityId: string): Promise<PermitRow[]> {
  return tx
    .select()
    .from(visitPermits)
    .where(eq(visitPermits.entityId, entityId))
    .orderBy(asc(sql`lower(${visitPermits.name})`), asc(visitPermits.id));
}

const normaliseCounts = (r: PermitWithCounts): PermitWithCounts => ({
  row: r.row,
  peopleCount: Number(r.peopleCount),
  userTypeCount: Number(r.userTypeCount),
  outsideScope: Boolean(r.outsideScope),
});

export async function findPermit(
  tx: Executor,
  entityId: string,
  id: string,
  scope: PermitScope,
): Promise<PermitWithCounts | null> {
  const [row] = await tx
    .select(withCounts(scope))
    .from(visitPermits)
    .where(and(eq(visitPermits.entityId, entityId), eq(visitPermits.id, id)))
    .limit(1);
  return row ? normaliseCounts(row) : null;
}

export async function isPermitNameTaken(tx: Executor, entityId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: visitPermits.id })
    .from(visitPermits)
    .where(
      and(
        eq(visitPermits.entityId, entityId),
        sql`lower(${visitPermits.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(visitPermits.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertPermit(tx: Executor, values: typeof visitPermits.$inferInsert) {
  const [row] = await tx.insert(visitPermits).values(values).returning();
  return row!;
}

export async function updatePermit(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<Omit<typeof visitPermits.$inferInsert, 'entityId' | 'id'>>,
) {
  const [row] = await tx
    .update(visitPermits)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(visitPermits.entityId, entityId), eq(visitPermits.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes a permit; its assignments go with it (foreign keys cascade). */
export async function deletePermit(tx: Executor, entityId: string, id: string) {
  await tx.delete(visitPermits).where(and(eq(visitPermits.entityId, entityId), eq(visitPermits.id, id)));
}

// ---- a permit's people and user types ----

const personName = sql<string>`(${people.firstName} || ' ' || ${people.lastName})`;

export async function listPermitPeople(
  tx: Executor,
  entityId: string,
  permitId: string,
  scope: PermitScope,
  q: { page: number; limit: number; search?: string },
) {
  const pattern = q.search ? containing(q.search) : null;
  const where = and(
    eq(personVisitPermits.entityId, entityId),
    eq(personVisitPermits.permitId, permitId),
    scope.people,
    pattern ? or(ilike(personName, pattern), ilike(people.email, pattern)) : undefined,
  );
  const join = and(eq(people.entityId, personVisitPermits.entityId), eq(people.id, personVisitPermits.personId));
  const rows = await tx
    .select({
      id: people.id,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
      personStatus: people.status,
      status: personVisitPermits.status,
      assignedAt: personVisitPermits.createdAt,
    })
    .from(personVisitPermits)
    .innerJoin(people, join)
    .where(where)
    .orderBy(asc(people.lastName), asc(people.firstName), asc(people.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(personVisitPermits).innerJoin(people, join).where(where);
  return { rows, count: Number(total?.n ?? 0) };
}

const typeInScope = (scope: PermitScope, column: typeof userTypes.id | typeof userTypeVisitPermits.userTypeId) =>
  scope.userTypeIds === null ? undefined : scope.userTypeIds.length ? inArray(column, scope.userTypeIds) : sql`false`;

export async function listPermitUserTypes(tx: Executor, entityId: string, permitId: string, scope: PermitScope) {
  return tx
    .select({
      id: userTypes.id,
      name: userTypes.name,
      status: userTypeVisitPermits.status,
      assignedAt: userTypeVisitPermits.createdAt,
    })
    .from(userTypeVisitPermits)
    .innerJoin(
      userTypes,
      and(eq(userTypes.entityId, userTypeVisitPermits.entityId), eq(userTypes.id, userTypeVisitPermits.userTypeId)),
    )
    .where(
      and(
        eq(userTypeVisitPermits.entityId, entityId),
        eq(userTypeVisitPermits.permitId, permitId),
        typeInScope(scope, userTypeVisitPermits.userTypeId),
      ),
    )
    .orderBy(asc(sql`lower(${userTypes.name})`), asc(userTypes.id));
}

/** Of the given ids, the people the caller may act on, with their status. */
export async function findPeopleInScope(tx: Executor, entityId: string, scope: PermitScope, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: people.id,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
      status: people.status,
    })
    .from(people)
    .where(and(eq(people.entityId, entityId), inArray(people.id, ids), scope.people));
}

/** Of the given ids, the user types the caller may act on. */
export async function findUserTypesInScope(tx: Executor, entityId: string, scope: PermitScope, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: userTypes.id, name: userTypes.name })
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), inArray(userTypes.id, ids), typeInScope(scope, userTypes.id)));
}

/** The user types of a person, by name. */
export async function userTypesOfPerson(tx: Executor, entityId: string, personId: string) {
  return tx
    .select({ id: userTypes.id, name: userTypes.name })
    .from(personUserTypes)
    .innerJoin(
      userTypes,
      and(eq(userTypes.entityId, personUserTypes.entityId), eq(userTypes.id, personUserTypes.userTypeId)),
    )
    .where(and(eq(personUserTypes.entityId, entityId), eq(personUserTypes.personId, personId)))
    .orderBy(asc(sql`lower(${userTypes.name})`), asc(userTypes.id));
}

export async function countPeopleOfUserType(tx: Executor, entityId: string, userTypeId: string, scope: PermitScope) {
  const [row] = await tx
    .select({ n: count() })
    .from(personUserTypes)
    .innerJoin(people, and(eq(people.entityId, personUserTypes.entityId), eq(people.id, personUserTypes.personId)))
    .where(and(eq(personUserTypes.entityId, entityId), eq(personUserTypes.userTypeId, userTypeId), scope.people));
  return Number(row?.n ?? 0);
}

// ---- assignments ----

export async function personAssignedIds(tx: Executor, entityId: string, permitId: string, personIds: string[]) {
  if (personIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ id: personVisitPermits.personId })
    .from(personVisitPermits)
    .where(
      and(
        eq(personVisitPermits.entityId, entityId),
        eq(personVisitPermits.permitId, permitId),
        inArray(personVisitPermits.personId, personIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function userTypeAssignedIds(tx: Executor, entityId: string, permitId: string, typeIds: string[]) {
  if (typeIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ id: userTypeVisitPermits.userTypeId })
    .from(userTypeVisitPermits)
    .where(
      and(
        eq(userTypeVisitPermits.entityId, entityId),
        eq(userTypeVisitPermits.permitId, permitId),
        inArray(userTypeVisitPermits.userTypeId, typeIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function insertPersonAssignments(
  tx: Executor,
  entityId: string,
  permitId: string,
  personIds: string[],
  status: string,
) {
  if (personIds.length === 0) return;
  await tx
    .insert(personVisitPermits)
    .values(personIds.map((personId) => ({ entityId, permitId, personId, status })))
    .onConflictDoNothing();
}

export async function insertUserTypeAssignments(
  tx: Executor,
  entityId: string,
  permitId: string,
  typeIds: string[],
  status: string,
) {
  if (typeIds.length === 0) return;
  await tx
    .insert(userTypeVisitPermits)
    .values(typeIds.map((userTypeId) => ({ entityId, permitId, userTypeId, status })))
    .onConflictDoNothing();
}

/** The row of one person's own assignment to a permit. */
const personAssignment = (entityId: string, permitId: string, personId: string) =>
  and(
    eq(personVisitPermits.entityId, entityId),
    eq(personVisitPermits.permitId, permitId),
    eq(personVisitPermits.personId, personId),
  );

/** The row of one user type's assignment to a permit. */
const userTypeAssignment = (entityId: string, permitId: string, typeId: string) =>
  and(
    eq(userTypeVisitPermits.entityId, entityId),
    eq(userTypeVisitPermits.permitId, permitId),
    eq(userTypeVisitPermits.userTypeId, typeId),
  );

export async function findPersonAssignment(tx: Executor, entityId: string, permitId: string, personId: string) {
  const [row] = await tx
    .select()
    .from(personVisitPermits)
    .where(personAssignment(entityId, permitId, personId))
    .limit(1);
  return row ?? null;
}

/** Sets a person's own status for a permit, creating their own assignment when there is none yet. */
export async function upsertPersonStatus(
  tx: Executor,
  entityId: string,
  permitId: string,
  personId: string,
  status: string,
) {
  await tx
    .insert(personVisitPermits)
    .values({ entityId, permitId, personId, status })
    .onConflictDoUpdate({
      target: [personVisitPermits.entityId, personVisitPermits.permitId, personVisitPermits.personId],
      set: { status },
    });
}

export async function deletePersonAssignment(tx: Executor, entityId: string, permitId: string, personId: string) {
  const rows = await tx
    .delete(personVisitPermits)
    .where(personAssignment(entityId, permitId, personId))
    .returning({ id: personVisitPermits.personId });
  return rows.length > 0;
}

export async function findUserTypeAssignment(tx: Executor, entityId: string, permitId: string, typeId: string) {
  const [row] = await tx
    .select()
    .from(userTypeVisitPermits)
    .where(userTypeAssignment(entityId, permitId, typeId))
    .limit(1);
  return row ?? null;
}

export async function setUserTypeStatus(
  tx: Executor,
  entityId: string,
  permitId: string,
  typeId: string,
  status: string,
) {
  const rows = await tx
    .update(userTypeVisitPermits)
    .set({ status })
    .where(userTypeAssignment(entityId, permitId, typeId))
    .returning({ id: userTypeVisitPermits.userTypeId });
  return rows.length > 0;
}

export async function deleteUserTypeAssignment(tx: Executor, entityId: string, permitId: string, typeId: string) {
  const rows = await tx
    .delete(userTypeVisitPermits)
    .where(userTypeAssignment(entityId, permitId, typeId))
    .returning({ id: userTypeVisitPermits.userTypeId });
  return rows.length > 0;
}

// ---- what applies to a person or a type ----

/** The permits of a user type, with their status, by name. */
export async function permitsOfUserType(tx: Executor, entityId: string, typeId: string) {
  return tx
    .select({ permit: visitPermits, status: userTypeVisitPermits.status, assignedAt: userTypeVisitPermits.createdAt })
    .from(userTypeVisitPermits)
    .innerJoin(
      visitPermits,
      and(eq(visitPermits.entityId, userTypeVisitPermits.entityId), eq(visitPermits.id, userTypeVisitPermits.permitId)),
    )
    .where(and(eq(userTypeVisitPermits.entityId, entityId), eq(userTypeVisitPermits.userTypeId, typeId)))
    .orderBy(asc(sql`lower(${visitPermits.name})`), asc(visitPermits.id));
}

/** A person the caller may act on, with what the permit pages show of them. */
export async function findPersonInScope(tx: Executor, entityId: string, scope: PermitScope, id: string) {
  const [row] = await findPeopleInScope(tx, entityId, scope, [id]);
  return row ?? null;
}

export async function findUserTypeInScope(tx: Executor, entityId: string, scope: PermitScope, id: string) {
  const [row] = await findUserTypesInScope(tx, entityId, scope, [id]);
  return row ?? null;
}
