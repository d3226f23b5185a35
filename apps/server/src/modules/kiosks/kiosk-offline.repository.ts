// The SQL of offline replay (decision 045): the ledger of replayed actions, the visits a queued action
// meets, and the "needs review" rows.
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { kioskOfflineActions, kioskOfflineReviews, visits } from '../../db/schema/index';

export type OfflineActionRow = typeof kioskOfflineActions.$inferSelect;
export type OfflineActionInsert = typeof kioskOfflineActions.$inferInsert;
export type OfflineReviewRow = typeof kioskOfflineReviews.$inferSelect;
export type OfflineReviewInsert = typeof kioskOfflineReviews.$inferInsert;

/** The ledger rows of these idempotency keys (every person of each). */
export async function offlineActionsOf(tx: Executor, entityId: string, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return tx
    .select()
    .from(kioskOfflineActions)
    .where(and(eq(kioskOfflineActions.entityId, entityId), inArray(kioskOfflineActions.idempotencyKey, [...keys])));
}

/** Visits made with exactly these stored keys (`key:personId`): a sign-in that reached the server before. */
export async function visitsByKeys(tx: Executor, entityId: string, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return tx
    .select({ id: visits.id, key: visits.idempotencyKey })
    .from(visits)
    .where(and(eq(visits.entityId, entityId), inArray(visits.idempotencyKey, [...keys])));
}

/** Writes ledger rows; answers those written (a key and person already there is skipped). */
export async function insertOfflineActions(tx: Executor, rows: OfflineActionInsert[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(kioskOfflineActions)
    .values(rows)
    .onConflictDoNothing({
      target: [kioskOfflineActions.entityId, kioskOfflineActions.idempotencyKey, kioskOfflineActions.personId],
    })
    .returning({ id: kioskOfflineActions.id, personId: kioskOfflineActions.personId });
}

type StayRow = { id: string; area_id: string; signed_in_at: string | Date; state: string };

/**
 * The stay of a person at a site that a sign-in at `at` belongs to: a visit signed in by then and not
 * signed out before it (open, or left at or after `at`), else the first one signed in after `at`
 * before `dayEnd` (the same day on the company's clock). Check-in-only areas make a visit per
 * check-in and are left out.
 */
export async function stayAt(tx: Executor, entityId: string, personId: string, siteId: string, at: Date, dayEnd: Date) {
  const t = at.toISOString();
  const res = await tx.execute(sql`
    select id, area_id, signed_in_at, state from visits
    where entity_id = ${entityId}::uuid and person_id = ${personId}::uuid and site_id = ${siteId}::uuid
      and state in ('on_site', 'left') and signed_in_at is not null
      and (
        (signed_in_at <= ${t}::timestamptz and (state = 'on_site' or signed_out_at >= ${t}::timestamptz))
        or (signed_in_at > ${t}::timestamptz and signed_in_at < ${dayEnd.toISOString()}::timestamptz)
      )
    order by (signed_in_at <= ${t}::timestamptz) desc, signed_in_at asc
    limit 1`);
  const [row] = rowsOf<StayRow>(res);
  return row ? { id: row.id, areaId: row.area_id, signedInAt: new Date(row.signed_in_at), state: row.state } : null;
}

/** The earliest replayed sign-out of the person at the site, between `from` and `to`, that found nobody. */
export async function pendingSignOut(
  tx: Executor,
  entityId: string,
  personId: string,
  siteId: string,
  from: Date,
  to: Date,
) {
  const [row] = await tx
    .select()
    .from(kioskOfflineActions)
    .where(
      and(
        eq(kioskOfflineActions.entityId, entityId),
        eq(kioskOfflineActions.personId, personId),
        eq(kioskOfflineActions.siteId, siteId),
        gte(kioskOfflineActions.occurredAt, from),
        lte(kioskOfflineActions.occurredAt, to),
        eq(kioskOfflineActions.action, 'sign_out'),
        eq(kioskOfflineActions.outcome, 'already_left'),
        isNull(kioskOfflineActions.visitId),
      ),
    )
    .orderBy(asc(kioskOfflineActions.occurredAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** A waiting sign-out closes a visit: it is no longer waiting. */
export async function settleOfflineAction(tx: Executor, entityId: string, id: string, visitId: string) {
  await tx
    .update(kioskOfflineActions)
    .set({ visitId })
    .where(and(eq(kioskOfflineActions.entityId, entityId), eq(kioskOfflineActions.id, id)));
}

/** People's open visits at a site signed in at or before `at`, locked: what a sign-out at `at` closes. */
export async function openVisitsBefore(
  tx: Executor,
  entityId: string,
  personIds: readonly string[],
  siteId: string,
  at: Date,
) {
  if (personIds.length === 0) return [];
  return tx
    .select({ id: visits.id, personId: visits.personId, areaId: visits.areaId })
    .from(visits)
    .where(
      and(
        eq(visits.entityId, entityId),
        inArray(visits.personId, [...personIds]),
        eq(visits.siteId, siteId),
        eq(visits.state, 'on_site'),
        lte(visits.signedInAt, at),
      ),
    )
    .for('update');
}

export async function insertReviews(tx: Executor, rows: OfflineReviewInsert[]) {
  if (rows.length === 0) return;
  // Made in the app to the millisecond, so the list's cursor (an ISO time) finds the row again.
  const createdAt = new Date();
  await tx.insert(kioskOfflineReviews).values(rows.map((row) => ({ createdAt, ...row })));
}
