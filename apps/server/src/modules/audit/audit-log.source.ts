import { z } from 'zod';
import { auditLogFiltersSchema, type AuditLogFilters } from '@app/shared/reports/audit-log';
import { checkReportRange, REPORT_LIMITS } from '@app/shared/reports/common';
import { withTenant } from '../../db/client';
import { keysetBatches, type ReportSource } from '../reports/report-source';
import { auditEntryBatch, type AuditLogRecord } from './audit-log.repository';
import { auditLogWhere, toAuditLogRow } from './audit-log.service';

/** The viewer's filters, over the longer range an export may cover. */
const exportFilters = z
  .strictObject(auditLogFiltersSchema.shape)
  .superRefine((q, ctx) => checkReportRange(q, ctx, REPORT_LIMITS.exportRangeDays));

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export const auditLogSource: ReportSource<AuditLogFilters, AuditLogRecord> = {
  name: 'audit_log',
  filters: exportFilters,
  columns: [
    { key: 'at', header: 'audit_log.columns.at', type: 'datetime', value: (r) => r.entry.createdAt },
    {
      key: 'actor',
      header: 'audit_log.columns.actor',
      type: 'text',
      value: (r, c) => toAuditLogRow(r, 'UTC').actor.name ?? c.text(`audit_log.actor_kinds.${r.entry.actorKind}`),
    },
    { key: 'action', header: 'audit_log.columns.action', type: 'text', value: (r) => r.entry.action },
    { key: 'target_type', header: 'audit_log.columns.target_type', type: 'text', value: (r) => r.entry.targetType },
    { key: 'target_id', header: 'audit_log.columns.target_id', type: 'text', value: (r) => r.entry.targetId },
    { key: 'before', header: 'audit_log.columns.before', type: 'text', value: (r) => json(r.entry.before) },
    { key: 'after', header: 'audit_log.columns.after', type: 'text', value: (r) => json(r.entry.after) },
  ],
  batches(app, ctx, filters, { batchSize }) {
    const where = auditLogWhere(ctx, filters, { maxDays: REPORT_LIMITS.exportRangeDays });
    return keysetBatches(
      (after: [string, string] | null) =>
        withTenant(app.db.db, ctx.entityId, (tx) => auditEntryBatch(tx, ctx.entityId, where, after, batchSize)),
      (last): [string, string] => [last.atText, last.entry.id],
      batchSize,
    );
  },
};
