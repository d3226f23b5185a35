// SQL the public pages need beyond the expected visits': profile fields with their sections, a site
// added to a person, vaccine and test documents, and audit rows of changes made through a link.
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, customFieldSections, customFields, personDocuments, personSites } from '../../db/schema/index';
import { newId } from '../../lib/ids';

/** The company's profile fields with their sections, in the order the profile shows them. */
export async function profileFieldsWithSections(tx: Executor, entityId: string) {
  return tx
    .select({
      id: customFields.id,
      name: customFields.name,
      type: customFields.type,
      options: customFields.options,
      required: customFields.required,
      sectionId: customFieldSections.id,
      sectionName: customFieldSections.name,
    })
    .from(customFields)
    .innerJoin(
      customFieldSections,
      and(eq(customFieldSections.entityId, customFields.entityId), eq(customFieldSections.id, customFields.sectionId)),
    )
    .where(and(eq(customFields.entityId, entityId), eq(customFields.binding, 'profile')))
    .orderBy(asc(customFieldSections.position), asc(customFieldSections.name), asc(customFields.position));
}

export async function addPersonSite(tx: Executor, entityId: string, personId: string, siteId: string) {
  await tx.insert(personSites).values({ entityId, personId, siteId }).onConflictDoNothing();
}

export async function insertPersonDocument(tx: Executor, values: typeof personDocuments.$inferInsert) {
  const [row] = await tx.insert(personDocuments).values(values).returning();
  return row!;
}

/** An audit row for a change the visitor made through their link (no dashboard user acted). */
export async function writeLinkAudit(
  tx: Executor,
  entityId: string,
  entry: { action: string; targetType: string; targetId: string; before?: unknown; after?: unknown },
) {
  await tx.insert(auditLog).values({
    entityId,
    id: newId(),
    actorUserId: null,
    actorKind: 'link',
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
