import { and, asc, eq, not, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { people, userTypeHosts } from '../../db/schema/index';

/** The hosts of a user type among the people in `scope`. */
export async function listHosts(tx: Executor, entityId: string, userTypeId: string, scope: SQL | undefined) {
  return tx
    .select({ id: people.id, firstName: people.firstName, lastName: people.lastName, email: people.email })
    .from(userTypeHosts)
    .innerJoin(people, and(eq(people.entityId, userTypeHosts.entityId), eq(people.id, userTypeHosts.personId)))
    .where(and(eq(userTypeHosts.entityId, entityId), eq(userTypeHosts.userTypeId, userTypeId), scope))
    .orderBy(asc(people.lastName), asc(people.firstName), asc(people.id));
}

/** Hosts the caller cannot see: a change of hosts keeps them. */
export async function hostIdsOutside(tx: Executor, entityId: string, userTypeId: string, scope: SQL | undefined) {
  if (!scope) return [];
  const rows = await tx
    .select({ id: people.id })
    .from(userTypeHosts)
    .innerJoin(people, and(eq(people.entityId, userTypeHosts.entityId), eq(people.id, userTypeHosts.personId)))
    .where(and(eq(userTypeHosts.entityId, entityId), eq(userTypeHosts.userTypeId, userTypeId), not(scope)));
  return rows.map((r) => r.id);
}

export async function replaceHosts(tx: Executor, entityId: string, userTypeId: string, personIds: string[]) {
  await tx
    .delete(userTypeHosts)
    .where(and(eq(userTypeHosts.entityId, entityId), eq(userTypeHosts.userTypeId, userTypeId)));
  if (personIds.length)
    await tx.insert(userTypeHosts).values(personIds.map((personId) => ({ entityId, userTypeId, personId })));
}

export async function hostIdsOf(tx: Executor, entityId: string, userTypeId: string) {
  const rows = await tx
    .select({ id: userTypeHosts.personId })
    .from(userTypeHosts)
    .where(and(eq(userTypeHosts.entityId, entityId), eq(userTypeHosts.userTypeId, userTypeId)));
  return rows.map((r) => r.id).filter((id, i, all) => all.indexOf(id) === i);
}
