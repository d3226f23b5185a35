import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { people, personUserTypes, quickPasses, userTypes, users } from '../../db/schema/index';

// People and their user types are read straight from their tables; this module owns quick_passes.

/** People of the company by id, within the admin's scope, with what a QuickPass needs. */
export async function findPassHolders(tx: Executor, entityId: string, scope: SQL | undefined, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: people.id,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
      status: people.status,
      isDefault: people.isDefault,
      image: people.image,
      qrCode: people.qrCode,
      lang: users.lang,
    })
    .from(people)
    .leftJoin(users, eq(users.id, people.userId))
    .where(and(eq(people.entityId, entityId), inArray(people.id, ids), scope));
}
export type PassHolder = Awaited<ReturnType<typeof findPassHolders>>[number];

export async function userTypeNamesOf(tx: Executor, entityId: string, personIds: string[]) {
  if (personIds.length === 0) return [];
  return tx
    .select({ personId: personUserTypes.personId, name: userTypes.name })
    .from(personUserTypes)
    .innerJoin(
      userTypes,
      and(eq(userTypes.entityId, personUserTypes.entityId), eq(userTypes.id, personUserTypes.userTypeId)),
    )
    .where(and(eq(personUserTypes.entityId, entityId), inArray(personUserTypes.personId, personIds)))
    .orderBy(asc(userTypes.name));
}

export async function insertQuickPasses(tx: Executor, rows: (typeof quickPasses.$inferInsert)[]) {
  if (rows.length) await tx.insert(quickPasses).values(rows);
}
