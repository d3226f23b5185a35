import { and, asc, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/client';
import { containing } from '../../db/like';
import { afterCursor, countCapped, decodeCursor, keysetPage } from '../../db/keyset';
import { auditLog, users } from '../../db/schema/index';

// The audit log viewer's SQL (issue 29): a company's entries newest first, in a range of instants, by
// who made them, what they did and to which record; plain comparisons on indexed columns, so each filter
// is one index range under row-level security. Members' names are read as they are now.

export type AuditLogWhere = {
  start: Date;
  end: Date;
  actorUserId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Part of the action, the target's type or its id. */
  search?: string;
};

const SORT = 'at_desc';

const columns = {
  entry: auditLog,
  atText: sql<string>`${auditLog.createdAt}::text`,
  actor: { firstName: users.firstName, lastName: users.lastName },
};

const joined = (tx: Executor) => tx.select(columns).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorUserId));

export type AuditLogRecord = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

function whereOf(entityId: string, w: AuditLogWhere): SQL | undefined {
  return and(
    eq(auditLog.entityId, entityId),
    sql`${auditLog.createdAt} >= ${w.start.toISOString()}::timestamptz`,
    sql`${auditLog.createdAt} < ${w.end.toISOString()}::timestamptz`,
    w.actorUserId ? eq(auditLog.actorUserId, w.actorUserId) : undefined,
    w.action ? eq(auditLog.action, w.action) : undefined,
    w.targetType ? eq(auditLog.targetType, w.targetType) : undefined,
    w.targetId ? eq(auditLog.targetId, w.targetId) : undefined,
    w.search
      ? or(
          ilike(auditLog.action, containing(w.search)),
          ilike(auditLog.targetType, containing(w.search)),
          ilike(auditLog.targetId, containing(w.search)),
        )
      : undefined,
  );
}

const afterOf = (values: (string | number | boolean | null)[]) =>
  afterCursor([auditLog.createdAt, auditLog.id], values, ['timestamptz', 'uuid'], 'desc');

export async function listAuditEntries(
  tx: Executor,
  entityId: string,
  w: AuditLogWhere,
  paging: { page: number; limit: number; cursor?: string },
) {
  const where = whereOf(entityId, w);
  const rows = await joined(tx)
    .where(and(where, paging.cursor ? afterOf(decodeCursor(paging.cursor, SORT, 2)) : undefined))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(paging.limit + 1)
    .offset(paging.cursor ? 0 : (paging.page - 1) * paging.limit);
  const { rows: page, nextCursor } = keysetPage(rows, paging.limit, SORT, (r) => [r.atText, r.entry.id]);
  const { count, capped } = await countCapped(tx, sql`audit_log`, where);
  return { rows: page, nextCursor, count, capped };
}

/** Entries in the list's order for an export batch: after the cursor values, `limit` of them. */
export async function auditEntryBatch(
  tx: Executor,
  entityId: string,
  w: AuditLogWhere,
  after: [string, string] | null,
  limit: number,
) {
  return joined(tx)
    .where(and(whereOf(entityId, w), after ? afterOf(after) : undefined))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** What the filters offer in a range: the members who made changes, the actions and target types written. */
export async function auditLogOptions(tx: Executor, entityId: string, w: Pick<AuditLogWhere, 'start' | 'end'>) {
  const where = whereOf(entityId, w);
  const actors = await tx
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(where, isNotNull(auditLog.actorUserId)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const actions = await tx.selectDistinct({ v: auditLog.action }).from(auditLog).where(where).orderBy(auditLog.action);
  const types = await tx
    .selectDistinct({ v: auditLog.targetType })
    .from(auditLog)
    .where(where)
    .orderBy(auditLog.targetType);
  return { actors, actions: actions.map((a) => a.v), targetTypes: types.map((t) => t.v) };
}

/** Deletes the company's entries its data retention has made due (migration 0052): how many. */
export async function expireAuditEntries(tx: Executor): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select app_audit_expire() as n`));
  return Number(row?.n ?? 0);
}
