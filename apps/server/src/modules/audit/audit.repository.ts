import type { Executor } from '../../db/client';
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
  await tx.insert(auditLog).values({
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
}

/** Many audit rows in one statement, for changes applied to many records at once. */
export async function writeAudits(tx: Executor, ctx: Pick<AccessContext, 'entityId' | 'actor'>, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      entityId: ctx.entityId,
      id: newId(),
      actorUserId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      actorKind: ctx.actor.kind,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}
