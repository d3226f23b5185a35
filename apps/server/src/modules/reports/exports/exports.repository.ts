import { and, desc, eq, getTableColumns, ilike, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { reportExports } from '../../../db/schema/index';

export type ExportRow = typeof reportExports.$inferSelect;
export type ExportChanges = Partial<Omit<typeof reportExports.$inferInsert, 'entityId' | 'id'>>;

export async function insertExport(tx: Executor, values: typeof reportExports.$inferInsert): Promise<ExportRow> {
  const [row] = await tx.insert(reportExports).values(values).returning();
  return row!;
}

export async function findExport(tx: Executor, entityId: string, id: string): Promise<ExportRow | null> {
  const [row] = await tx
    .select()
    .from(reportExports)
    .where(and(eq(reportExports.entityId, entityId), eq(reportExports.id, id)));
  return row ?? null;
}

export async function updateExport(
  tx: Executor,
  entityId: string,
  id: string,
  changes: ExportChanges,
): Promise<ExportRow | null> {
  const [row] = await tx
    .update(reportExports)
    .set(changes)
    .where(and(eq(reportExports.entityId, entityId), eq(reportExports.id, id)))
    .returning();
  return row ?? null;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const searchWhere = (search: string | undefined) =>
  search ? ilike(reportExports.requestedByName, likePattern(search)) : undefined;

/** created_at as text at full precision (microseconds): a keyset cursor that loses none of it. */
const CREATED_AT_TEXT = sql<string>`to_char(${reportExports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A page of the company's exports, newest first (`requesterId`: one person's only), by keyset on
 * (created_at, id) through the index that leads with entity_id.
 */
export async function listExportRows(
  tx: Executor,
  entityId: string,
  options: {
    requesterId: string | null;
    search: string | undefined;
    after: { createdAt: string; id: string } | null;
    offset: number;
    limit: number;
  },
): Promise<(ExportRow & { createdAtText: string })[]> {
  const { after } = options;
  return tx
    .select({ ...getTableColumns(reportExports), createdAtText: CREATED_AT_TEXT })
    .from(reportExports)
    .where(
      and(
        eq(reportExports.entityId, entityId),
        options.requesterId ? eq(reportExports.requestedByUserId, options.requesterId) : undefined,
        searchWhere(options.search),
        after
          ? or(
              lt(reportExports.createdAt, sql`${after.createdAt}::timestamptz`),
              and(eq(reportExports.createdAt, sql`${after.createdAt}::timestamptz`), lt(reportExports.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(reportExports.createdAt), desc(reportExports.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** How many exports the list holds, counted up to `cap`. */
export async function countExportRows(
  tx: Executor,
  entityId: string,
  requesterId: string | null,
  search: string | undefined,
  cap: number,
) {
  const inner = tx
    .select({ one: sql`1` })
    .from(reportExports)
    .where(
      and(
        eq(reportExports.entityId, entityId),
        requesterId ? eq(reportExports.requestedByUserId, requesterId) : undefined,
      ),
    )
    .limit(cap)
    .as('capped');
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

/** Finished exports of every company whose retention is over (the daily sweep; the owner's connection). */
export async function findExpiredExports(db: Executor, now: Date, limit: number) {
  return db
    .select({ entityId: reportExports.entityId, id: reportExports.id, fileKey: reportExports.fileKey })
    .from(reportExports)
    .where(and(lte(reportExports.expiresAt, now), eq(reportExports.status, 'done')))
    .limit(limit);
}
