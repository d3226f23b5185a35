import { trackTraceFiltersSchema, type ContactRow, type TrackTraceParams } from '@app/shared/reports/presence';
import type { ReportSource } from '../report-source';
import { traceContacts } from './presence.service';

/**
 * A person's contacts of a day taken away as a sheet. A day's contacts are few (at most
 * PRESENCE_LIMITS.contactsMax): they are read in one short transaction and handed over in batches.
 */
export const trackTraceSource: ReportSource<TrackTraceParams, ContactRow> = {
  name: 'track_trace',
  filters: trackTraceFiltersSchema,
  columns: [
    { key: 'level', header: 'track_trace.columns.level', type: 'number', value: (r) => r.level },
    { key: 'name', header: 'track_trace.columns.name', type: 'text', value: (r) => r.person.full_name },
    { key: 'company', header: 'track_trace.columns.company', type: 'text', value: (r) => r.person.company_name },
    { key: 'site', header: 'track_trace.columns.site', type: 'text', value: (r) => r.site.name },
    { key: 'area', header: 'track_trace.columns.area', type: 'text', value: (r) => r.area.name },
    {
      key: 'overlap_minutes',
      header: 'track_trace.columns.overlap_minutes',
      type: 'minutes',
      value: (r) => r.overlap_minutes,
    },
    {
      key: 'first_overlap',
      header: 'track_trace.columns.first_overlap',
      type: 'datetime',
      value: (r) => new Date(r.first_overlap.at),
    },
    {
      key: 'last_overlap',
      header: 'track_trace.columns.last_overlap',
      type: 'datetime',
      value: (r) => new Date(r.last_overlap.at),
    },
    {
      key: 'linked_by',
      header: 'track_trace.columns.linked_by',
      type: 'text',
      value: (r) => r.linked_by?.full_name ?? null,
    },
  ],
  async *batches(app, ctx, filters, { batchSize }) {
    const { data } = await traceContacts(app, ctx, filters);
    const step = Math.max(1, batchSize);
    for (let i = 0; i < data.length; i += step) yield data.slice(i, i + step);
  },
};
