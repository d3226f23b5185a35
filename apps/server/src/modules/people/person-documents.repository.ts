// SQL of a person's vaccine and test documents (person_documents), the vaccine/PCR compliances they can
// answer, and the compliance answer a document made. Every query names the company.
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { complianceResponses, compliances, personDocuments } from '../../db/schema/index';

export type PersonDocumentRow = typeof personDocuments.$inferSelect;

const withComplianceName = {
  document: personDocuments,
  complianceName: compliances.name,
};

const complianceJoin = and(
  eq(compliances.entityId, personDocuments.entityId),
  eq(compliances.id, personDocuments.complianceId),
);

/** The person's documents that are not deleted, newest first, with the name of the compliance each answers. */
export async function listPersonDocuments(tx: Executor, entityId: string, personId: string) {
  return tx
    .select(withComplianceName)
    .from(personDocuments)
    .leftJoin(compliances, complianceJoin)
    .where(
      and(
        eq(personDocuments.entityId, entityId),
        eq(personDocuments.personId, personId),
        isNull(personDocuments.deletedAt),
      ),
    )
    .orderBy(desc(personDocuments.createdAt), desc(personDocuments.id));
}

/** One document of the person (not deleted), locked for a change when `lock`. */
export async function findPersonDocument(
  tx: Executor,
  entityId: string,
  personId: string,
  id: string,
  opts: { lock?: boolean } = {},
) {
  const query = tx
    .select({ document: personDocuments })
    .from(personDocuments)
    .where(
      and(
        eq(personDocuments.entityId, entityId),
        eq(personDocuments.personId, personId),
        eq(personDocuments.id, id),
        isNull(personDocuments.deletedAt),
      ),
    )
    .limit(1);
  const [row] = await (opts.lock ? query.for('update') : query);
  return row?.document ?? null;
}

export async function insertDocument(tx: Executor, values: typeof personDocuments.$inferInsert) {
  const [row] = await tx.insert(personDocuments).values(values).returning();
  return row!;
}

export async function updateDocument(
  tx: Executor,
  entityId: string,
  id: string,
  values: Partial<Pick<PersonDocumentRow, 'status' | 'responseId' | 'deletedAt' | 'file'>>,
) {
  const [row] = await tx
    .update(personDocuments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(personDocuments.entityId, entityId), eq(personDocuments.id, id)))
    .returning();
  return row!;
}

/** The company's vaccine/PCR compliances (not deleted), by name: what a document can answer. */
export async function listVaccineCompliances(tx: Executor, entityId: string) {
  return tx
    .select()
    .from(compliances)
    .where(and(eq(compliances.entityId, entityId), eq(compliances.format, 'vaccine'), isNull(compliances.deletedAt)))
    .orderBy(asc(compliances.name), asc(compliances.id));
}

/** One vaccine/PCR compliance of the company (not deleted). */
export async function findVaccineCompliance(tx: Executor, entityId: string, id: string) {
  const [row] = await tx
    .select()
    .from(compliances)
    .where(
      and(
        eq(compliances.entityId, entityId),
        eq(compliances.id, id),
        eq(compliances.format, 'vaccine'),
        isNull(compliances.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The answer a document made stops counting from `now` (the vaccine toggle turned off): failed, so no
 * sign-in takes it, for this visit or any other.
 */
export async function endResponse(tx: Executor, entityId: string, responseId: string, now: Date) {
  await tx
    .update(complianceResponses)
    .set({ status: 'failed', isWrong: true, validUntil: now })
    .where(and(eq(complianceResponses.entityId, entityId), eq(complianceResponses.id, responseId)));
}
