import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { auditLog } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';

export type AuditEntry = {
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
};

/** One audit row per admin change: who, in which company, did what to which record, before and after. */
export async function writeAudit(tx: Executor, ctx: Pick<AccessContext, 'entityId' | 'actor'>, entry: AuditEntry) {
  await insertAuditRow(tx, driverValues(auditRow(ctx, entry)));
}

/** Many audit rows in one statement, for changes applied to many records at once. */
export async function writeAudits(tx: Executor, ctx: Pick<AccessContext, 'entityId' | 'actor'>, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  if (entries.length === 1) return writeAudit(tx, ctx, entries[0]!);
  await tx.insert(auditLog).values(entries.map((entry) => auditRow(ctx, entry)));
}

const auditRow = (ctx: Pick<AccessContext, 'entityId' | 'actor'>, entry: AuditEntry) => ({
  entityId: ctx.entityId,
  id: newId(),
  actorUserId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
  actorKind: ctx.actor.kind,
  action: entry.action,
  targetType: entry.targetType,
  targetId: entry.targetId ?? null,
  before: entry.before ?? null,
  after: entry.after ?? null,
});

/** The values as the driver takes them: JSON as text, SQL NULL for none. */
const driverValues = (row: ReturnType<typeof auditRow>) => ({
  ...row,
  before: row.before === null ? null : JSON.stringify(row.before),
  after: row.after === null ? null : JSON.stringify(row.after),
});

// Every admin change writes one: a prepared statement (db/prepared.ts). Its values are bare
// placeholders, given as the driver takes them (see driverValues).
const value = (name: string) => sql`${sql.placeholder(name)}`;
const insertAuditRow = preparedQuery('insert_audit_v1', (db) =>
  db.insert(auditLog).values({
    entityId: value('entityId'),
    id: value('id'),
    actorUserId: value('actorUserId'),
    actorKind: value('actorKind'),
    action: value('action'),
    targetType: value('targetType'),
    targetId: value('targetId'),
    before: sql`${sql.placeholder('before')}::jsonb`,
    after: sql`${sql.placeholder('after')}::jsonb`,
  }),
);
