import { z } from 'zod';
import { checkReportRange, REPORT_LIMITS } from '@app/shared/reports/common';
import { kioskEventText } from '@app/shared/reports/kiosk-event-text';
import { kioskLogsFiltersSchema, type KioskLogsFilters } from '@app/shared/reports/kiosk-logs';
import { withTenant } from '../../../db/client';
import { fullName } from '../../people/person-view';
import { keysetBatches, type ReportSource } from '../report-source';
import { kioskEventBatch, type KioskLogRecord } from './kiosk-logs.repository';
import { kioskLogsWhere, toKioskLogRow } from './kiosk-logs.service';

/** The screen's filters, over the longer range an export may cover. */
const exportFilters = z
  .strictObject(kioskLogsFiltersSchema.shape)
  .superRefine((q, ctx) => checkReportRange(q, ctx, REPORT_LIMITS.exportRangeDays));

export const kioskLogsSource: ReportSource<KioskLogsFilters, KioskLogRecord> = {
  name: 'kiosk_logs',
  filters: exportFilters,
  columns: [
    { key: 'at', header: 'kiosk_logs.columns.at', type: 'datetime', value: (r) => r.event.at },
    {
      key: 'kiosk',
      header: 'kiosk_logs.columns.kiosk',
      type: 'text',
      value: (r) => r.kioskNow?.name ?? r.event.kioskName,
    },
    { key: 'site', header: 'kiosk_logs.columns.site', type: 'text', value: (r) => r.site?.name ?? null },
    { key: 'area', header: 'kiosk_logs.columns.area', type: 'text', value: (r) => r.area?.name ?? null },
    {
      key: 'kind',
      header: 'kiosk_logs.columns.kind',
      type: 'text',
      value: (r, c) => c.text(`kiosk_logs.kinds.${r.event.kind}`),
    },
    {
      key: 'person',
      header: 'kiosk_logs.columns.person',
      type: 'text',
      value: (r) => (r.person ? fullName(r.person) : null),
    },
    {
      key: 'detail',
      header: 'kiosk_logs.columns.detail',
      type: 'text',
      // The zone only writes the row's own time, which this column does not show.
      value: (r, c) => kioskEventText(toKioskLogRow(r, 'UTC'), c.text, c.moment),
    },
  ],
  batches(app, ctx, filters, { batchSize }) {
    const where = kioskLogsWhere(ctx, filters, { maxDays: REPORT_LIMITS.exportRangeDays });
    return keysetBatches(
      (after: [string, string] | null) =>
        withTenant(app.db.db, ctx.entityId, (tx) =>
          kioskEventBatch(tx, ctx.entityId, ctx.siteIds, where, after, batchSize),
        ),
      (last): [string, string] => [last.atText, last.event.id],
      batchSize,
    );
  },
};
