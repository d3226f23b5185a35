import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { faceConsents, faceDescriptors, faceSettings } from '../../db/schema/index';

// Face sign-in's rows (decision 050): the company's setting, consents and sealed descriptors.

export type FaceSettingsRow = typeof faceSettings.$inferSelect;
export type ConsentSource = 'self' | 'passport' | 'paper';

const DEFAULTS = { enabled: false, matchThreshold: 0.45, minGap: 0.05 };

/** The company's setting, its defaults when never saved. */
export async function findFaceSettings(tx: Executor, entityId: string) {
  const [row] = await tx.select().from(faceSettings).where(eq(faceSettings.entityId, entityId));
  return row ?? { entityId, ...DEFAULTS, updatedAt: null, updatedBy: null };
}

export async function saveFaceSettings(
  tx: Executor,
  entityId: string,
  values: { enabled: boolean; matchThreshold: number; minGap: number },
  userId: string | null,
) {
  await tx
    .insert(faceSettings)
    .values({ entityId, ...values, updatedBy: userId })
    .onConflictDoUpdate({
      target: faceSettings.entityId,
      set: { ...values, updatedBy: userId, updatedAt: sql`now()` },
    });
}

/** The people's consents in force (given, not withdrawn). */
export async function consentingOf(tx: Executor, entityId: string, personIds: string[]) {
  if (personIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ personId: faceConsents.personId })
    .from(faceConsents)
    .where(
      and(
        eq(faceConsents.entityId, entityId),
        inArray(faceConsents.personId, personIds),
        isNull(faceConsents.withdrawnAt),
      ),
    );
  return new Set(rows.map((r) => r.personId));
}

export async function findConsent(tx: Executor, entityId: string, personId: string) {
  const [row] = await tx
    .select()
    .from(faceConsents)
    .where(and(eq(faceConsents.entityId, entityId), eq(faceConsents.personId, personId)));
  return row ?? null;
}

/** Gives (or gives again) a person's consent. */
export async function giveConsent(
  tx: Executor,
  entityId: string,
  personId: string,
  source: ConsentSource,
  recordedBy: string | null,
) {
  const values = { givenAt: new Date(), source, recordedBy, withdrawnAt: null, withdrawnBy: null };
  await tx
    .insert(faceConsents)
    .values({ entityId, personId, ...values })
    .onConflictDoUpdate({ target: [faceConsents.entityId, faceConsents.personId], set: values });
}

/** Withdraws consent and deletes the descriptor, in the caller's transaction. Answers whether there was one in force. */
export async function withdrawConsent(tx: Executor, entityId: string, personId: string, by: string | null) {
  const withdrawn = await tx
    .update(faceConsents)
    .set({ withdrawnAt: new Date(), withdrawnBy: by })
    .where(
      and(eq(faceConsents.entityId, entityId), eq(faceConsents.personId, personId), isNull(faceConsents.withdrawnAt)),
    )
    .returning({ personId: faceConsents.personId });
  await deleteDescriptors(tx, entityId, [personId]);
  return withdrawn.length > 0;
}

export async function saveDescriptor(
  tx: Executor,
  entityId: string,
  personId: string,
  values: { sealed: string; photoKey: string; model: string },
) {
  await tx
    .insert(faceDescriptors)
    .values({ entityId, personId, ...values })
    .onConflictDoUpdate({
      target: [faceDescriptors.entityId, faceDescriptors.personId],
      set: { ...values, createdAt: sql`now()` },
    });
}

export async function deleteDescriptors(tx: Executor, entityId: string, personIds: string[]) {
  if (personIds.length === 0) return 0;
  const gone = await tx
    .delete(faceDescriptors)
    .where(and(eq(faceDescriptors.entityId, entityId), inArray(faceDescriptors.personId, personIds)))
    .returning({ personId: faceDescriptors.personId });
  return gone.length;
}

/** Whether a person has a descriptor, and since when (the subject-access export says no more). */
export async function descriptorSince(tx: Executor, entityId: string, personId: string) {
  const [row] = await tx
    .select({ createdAt: faceDescriptors.createdAt })
    .from(faceDescriptors)
    .where(and(eq(faceDescriptors.entityId, entityId), eq(faceDescriptors.personId, personId)));
  return row?.createdAt ?? null;
}
