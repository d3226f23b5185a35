import { z } from 'zod';
import { checkReportRange, REPORT_LIMITS } from '@app/shared/reports/common';
import { printQueueFiltersSchema, type PrintQueueFilters } from '@app/shared/reports/print-queue';
import { withTenant } from '../../../db/client';
import { fullName } from '../../people/person-view';
import { keysetBatches, type ReportSource } from '../report-source';
import { printBatch, type PrintQueueRecord } from './print-queue.repository';
import { printWhere } from './print-queue.service';

/** The screen's filters, over the longer range an export may cover. */
const exportFilters = z
  .strictObject(printQueueFiltersSchema.shape)
  .superRefine((q, ctx) => checkReportRange(q, ctx, REPORT_LIMITS.exportRangeDays));

export const printQueueSource: ReportSource<PrintQueueFilters, PrintQueueRecord> = {
  name: 'printer',
  filters: exportFilters,
  columns: [
    { key: 'created_at', header: 'printer.columns.created_at', type: 'datetime', value: (r) => r.print.createdAt },
    { key: 'person', header: 'printer.columns.person', type: 'text', value: (r) => fullName(r.person) },
    { key: 'user_type', header: 'printer.columns.user_type', type: 'text', value: (r) => r.userType?.name ?? null },
    { key: 'site', header: 'printer.columns.site', type: 'text', value: (r) => r.site.name },
    { key: 'area', header: 'printer.columns.area', type: 'text', value: (r) => r.area.name },
    { key: 'kiosk', header: 'printer.columns.kiosk', type: 'text', value: (r) => r.kiosk?.name ?? null },
    {
      key: 'requested_by',
      header: 'printer.columns.requested_by',
      type: 'text',
      value: (r) => (r.requester ? fullName(r.requester) : null),
    },
    {
      key: 'status',
      header: 'printer.columns.status',
      type: 'text',
      value: (r, c) => c.text(`printer.status.${r.print.status}`),
    },
    { key: 'printed_at', header: 'printer.columns.printed_at', type: 'datetime', value: (r) => r.print.printedAt },
    {
      key: 'reprint',
      header: 'printer.columns.reprint',
      type: 'text',
      value: (r, c) => (r.print.reprintOf ? c.text('printer.reprint_tag') : null),
    },
  ],
  batches(app, ctx, filters, { batchSize }) {
    const where = printWhere(ctx, filters, { maxDays: REPORT_LIMITS.exportRangeDays });
    return keysetBatches(
      (after: [string, string] | null) =>
        withTenant(app.db.db, ctx.entityId, (tx) => printBatch(tx, ctx.entityId, ctx, where, after, batchSize)),
      (last): [string, string] => [last.createdAtText, last.print.id],
      batchSize,
    );
  },
};
