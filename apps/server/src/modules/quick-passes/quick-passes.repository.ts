import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { personUserTypes, quickPasses, userTypes } from '../../db/schema/index';

// The people come from the people module (findRecipients); this module owns quick_passes and reads
// the names of the user types a pass shows.

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
