import { withTenant } from '../../../db/client';
import {
  visitSummaryExportFiltersSchema,
  type VisitSummaryDay,
  type VisitSummaryExportFilters,
} from '@app/shared/reports/visit-summary';
import type { ReportSource } from '../report-source';
import { summaryDays } from './visit-summary.repository';
import { assertSummaryFilters, daysOf, fillDays, summaryWhere } from './visit-summary.service';

/**
 * The summary taken away as a sheet: its per-day table (every day of the period, zeros included), a
 * batch of days at a time, each read in its own tenant transaction over that stretch of the index.
 */
export const visitSummarySource: ReportSource<VisitSummaryExportFilters, VisitSummaryDay> = {
  name: 'visit_summary',
  filters: visitSummaryExportFiltersSchema,
  columns: [
    { key: 'day', header: 'visit_summary.columns.day', type: 'text', value: (r) => r.day },
    { key: 'visits', header: 'visit_summary.columns.visits', type: 'number', value: (r) => r.visits },
    { key: 'people', header: 'visit_summary.columns.people', type: 'number', value: (r) => r.people },
    {
      key: 'average_minutes',
      header: 'visit_summary.columns.average_minutes',
      type: 'minutes',
      value: (r) => r.average_minutes,
    },
  ],
  async *batches(app, ctx, filters, { batchSize }) {
    const days = daysOf(filters.from, filters.to);
    const step = Math.max(1, batchSize);
    let checked = false;
    for (let i = 0; i < days.length; i += step) {
      const chunk = days.slice(i, i + step);
      const where = summaryWhere(ctx, { ...filters, from: chunk[0]!, to: chunk[chunk.length - 1]! });
      const rows = await withTenant(app.db.db, ctx.entityId, async (tx) => {
        if (!checked) await assertSummaryFilters(tx, ctx, filters);
        return summaryDays(tx, where);
      });
      checked = true;
      yield fillDays(chunk, rows);
    }
  },
};
