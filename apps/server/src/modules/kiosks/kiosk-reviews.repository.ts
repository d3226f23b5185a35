// The SQL of the "needs review" list (decision 045): the company's reviews at the reader's sites.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterCursor, countCapped, type CursorValue } from '../../db/keyset';
import type { Executor } from '../../db/client';
import { areas, kioskOfflineReviews, sites } from '../../db/schema/index';

const r = kioskOfflineReviews;

const scopeOf = (entityId: string, siteIds: string[] | null): SQL | undefined =>
  and(eq(r.entityId, entityId), siteIds ? inArray(r.siteId, siteIds) : undefined);

export type ReviewRow = Awaited<ReturnType<typeof findReviewsPage>>['rows'][number];

function selectReviews(tx: Executor) {
  return tx
    .select({ review: r, siteName: sites.name, areaName: areas.name })
    .from(r)
    .leftJoin(sites, and(eq(sites.entityId, r.entityId), eq(sites.id, r.siteId)))
    .leftJoin(areas, and(eq(areas.entityId, r.entityId), eq(areas.id, r.areaId)));
}

/** A page of reviews of one status, newest first, after a keyset cursor or at an offset; one more row tells whether another page follows. */
export async function findReviewsPage(
  tx: Executor,
  entityId: string,
  siteIds: string[] | null,
  q: { status: string; limit: number; offset: number; after: CursorValue[] | null },
) {
  const where = and(scopeOf(entityId, siteIds), eq(r.status, q.status));
  const rows = await selectReviews(tx)
    .where(and(where, q.after ? afterCursor([r.createdAt, r.id], q.after, ['timestamptz', 'uuid'], 'desc') : undefined))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(q.limit + 1)
    .offset(q.offset);
  const { count, capped } = await countCapped(tx, sql`kiosk_offline_reviews`, where);
  return { rows, count, capped };
}

export async function findReview(tx: Executor, entityId: string, siteIds: string[] | null, id: string) {
  const [row] = await selectReviews(tx)
    .where(and(scopeOf(entityId, siteIds), eq(r.id, id)))
    .for('update', { of: r });
  return row ?? null;
}

export async function resolveReviewRow(
  tx: Executor,
  entityId: string,
  id: string,
  values: { note: string | null; resolvedById: string | null; resolvedByName: string | null; resolvedAt: Date },
) {
  await tx
    .update(r)
    .set({ status: 'resolved', ...values })
    .where(and(eq(r.entityId, entityId), eq(r.id, id)));
}
