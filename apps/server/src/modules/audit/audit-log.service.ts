import type { FastifyInstance } from 'fastify';
import type { AuditLogFilters, AuditLogList, AuditLogQuery, AuditLogRow } from '@app/shared/reports/audit-log';
import { localStamp } from '@app/shared/visits/rules';
import { withTenant } from '../../db/client';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { recentDays } from '../reports/recent-days';
import { auditLogOptions, listAuditEntries, type AuditLogRecord, type AuditLogWhere } from './audit-log.repository';

// The audit log viewer (issue 29): the company's recorded changes, newest first.

const nameOf = (actor: AuditLogRecord['actor']) =>
  actor ? `${actor.firstName} ${actor.lastName}`.trim() || null : null;

export function toAuditLogRow(r: AuditLogRecord, zone: string): AuditLogRow {
  const e = r.entry;
  return {
    id: e.id,
    at: { at: e.createdAt.toISOString(), local: localStamp(e.createdAt, zone) },
    actor: { kind: e.actorKind, user_id: e.actorUserId, name: nameOf(r.actor) },
    action: e.action,
    target_type: e.targetType,
    target_id: e.targetId,
    before: e.before ?? null,
    after: e.after ?? null,
  };
}

export function auditLogWhere(
  ctx: AccessContext,
  f: AuditLogFilters,
  opts: { now?: Date; maxDays?: number } = {},
): AuditLogWhere {
  const { start, end } = recentDays(f, companyZone(ctx), opts.now ?? new Date(), opts.maxDays);
  return {
    start,
    end,
    actorUserId: f.actor_user_id,
    action: f.action || undefined,
    targetType: f.target_type || undefined,
    targetId: f.target_id || undefined,
    search: f.search || undefined,
  };
}

export async function listAuditLog(app: FastifyInstance, ctx: AccessContext, q: AuditLogQuery) {
  const where = auditLogWhere(ctx, q);
  const zone = companyZone(ctx);
  return withTenant(app.db.db, ctx.entityId, async (tx): Promise<AuditLogList> => {
    const page = await listAuditEntries(tx, ctx.entityId, where, q);
    return {
      data: page.rows.map((r) => toAuditLogRow(r, zone)),
      count: page.count,
      count_capped: page.capped,
      next_cursor: page.nextCursor,
    };
  });
}

export async function getAuditLogOptions(
  app: FastifyInstance,
  ctx: AccessContext,
  q: Pick<AuditLogFilters, 'from' | 'to'>,
) {
  const where = auditLogWhere(ctx, q);
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const options = await auditLogOptions(tx, ctx.entityId, where);
    return {
      actors: options.actors.map((a) => ({ id: a.id, name: `${a.firstName} ${a.lastName}`.trim() })),
      actions: options.actions,
      target_types: options.targetTypes,
    };
  });
}
