import { historyExportFiltersSchema, type HistoryFilters, type HistoryRow } from '@app/shared/reports/history';
import { withTenant } from '../../../db/client';
import type { ReportColumn, ReportSource } from '../report-source';
import { historyPage } from './history.service';

const at = (m: { at: string } | null) => (m ? new Date(m.at) : null);
const text = (key: string, value: ReportColumn<HistoryRow>['value']): ReportColumn<HistoryRow> => ({
  key,
  header: `history.columns.${key}`,
  type: 'text',
  value,
});
const instant = (key: string, value: (r: HistoryRow) => Date | null): ReportColumn<HistoryRow> => ({
  key,
  header: `history.columns.${key}`,
  type: 'datetime',
  value,
});

/**
 * The History report taken away as a sheet: the screen's filters and order, read by the screen's keyset
 * query a batch at a time, each batch in its own short tenant transaction.
 */
export const historySource: ReportSource<HistoryFilters, HistoryRow> = {
  name: 'history',
  filters: historyExportFiltersSchema,
  columns: [
    text('person', (r) => r.person.full_name),
    text('email', (r) => r.person.email),
    text('company', (r) => r.person.company_name),
    text('user_type', (r) => r.user_type?.name ?? null),
    text('site', (r) => r.site.name),
    text('area', (r) => r.area.name),
    text('state', (r, c) => c.text(`visits:states.${r.state}`)),
    text('stage', (r, c) => (r.stage ? c.text(`visits:stages.${r.stage}`) : null)),
    instant('expected', (r) => at(r.expected)),
    instant('signed_in', (r) => at(r.signed_in)),
    instant('signed_out', (r) => at(r.signed_out)),
    { key: 'duration', header: 'history.columns.duration', type: 'minutes', value: (r) => r.duration_minutes },
    text('hosts', (r) => r.hosts.map((h) => h.full_name).join(', ') || null),
    text('signed_in_by', (r, c) => (r.sign_in_source ? c.text(`visits:sources.${r.sign_in_source}`) : null)),
    text('signed_out_by', (r, c) => (r.sign_out_source ? c.text(`visits:sources.${r.sign_out_source}`) : null)),
    text('late_reason', (r) => r.late_reason?.name ?? null),
    text('early_reason', (r) => r.early_reason?.name ?? null),
    { key: 'temperature', header: 'history.columns.temperature', type: 'number', value: (r) => r.temperature_c },
    text('mask', (r, c) => (r.mask === null ? null : c.text(r.mask ? 'history.yes' : 'history.no'))),
    text('notes', (r) => r.notes),
  ],
  async *batches(app, ctx, filters, { batchSize }) {
    let cursor: string | undefined;
    do {
      const page = await withTenant(app.db.db, ctx.entityId, (tx) =>
        historyPage(tx, ctx, filters, {
          page: 1,
          limit: Math.max(1, batchSize),
          sortField: filters.sortField,
          orderBy: filters.orderBy,
          cursor,
        }),
      );
      if (page.rows.length) yield page.rows;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  },
};
