import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { faceConsents, faceDescriptors, faceSettings, people } from '../../db/schema/index';

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

export type FaceError = { key: string; vars?: Record<string, string | number> };

/** Keeps why the last attempt made no face ID (null: it made one). */
export async function recordFaceError(tx: Executor, entityId: string, personId: string, error: FaceError | null) {
  await tx
    .update(faceConsents)
    .set({ lastError: error, lastErrorAt: error ? new Date() : null })
    .where(and(eq(faceConsents.entityId, entityId), eq(faceConsents.personId, personId)));
}

/**
 * The consenting people with a photo and no face ID that no attempt has failed for since their photo
 * (a new photo clears the failure: migration 0051's trigger), of one user type or all, oldest consent first.
 */
export async function peopleAwaitingFaceIds(
  tx: Executor,
  entityId: string,
  { userTypeId, limit }: { userTypeId?: string; limit: number },
) {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select p.id from face_consents c
        join people p on p.entity_id = c.entity_id and p.id = c.person_id
       where c.entity_id = ${entityId} and c.withdrawn_at is null and c.last_error is null
         and p.image is not null
         ${userTypeId ? sql`and exists (select 1 from person_user_types t where t.entity_id = p.entity_id and t.person_id = p.id and t.user_type_id = ${userTypeId})` : sql``}
         and not exists (select 1 from face_descriptors d where d.entity_id = c.entity_id and d.person_id = c.person_id)
       order by c.given_at, p.id
       limit ${limit}`),
  );
  return rows.map((r) => r.id);
}

/** Clears the failures of a user type's consenting people, so that a mass action tries them again. */
export async function clearFaceErrors(tx: Executor, entityId: string, userTypeId: string) {
  await tx.execute(sql`
    update face_consents c set last_error = null, last_error_at = null
      from person_user_types t
     where c.entity_id = ${entityId} and t.entity_id = c.entity_id and t.person_id = c.person_id
       and t.user_type_id = ${userTypeId} and c.last_error is not null`);
}

/** The companies with face sign-in on (the job's sweep; not under a company's row-level security). */
export async function companiesWithFaceSignIn(db: Executor) {
  const rows = await db.select({ id: faceSettings.entityId }).from(faceSettings).where(eq(faceSettings.enabled, true));
  return rows.map((r) => r.id);
}

/** The person's photo (its file key), null without one. */
export async function imageOf(tx: Executor, entityId: string, personId: string) {
  const [row] = await tx
    .select({ image: people.image })
    .from(people)
    .where(and(eq(people.entityId, entityId), eq(people.id, personId)));
  return row?.image ?? null;
}
