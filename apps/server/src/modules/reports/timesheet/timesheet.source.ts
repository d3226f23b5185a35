import {
  timesheetFiltersSchema,
  type TimesheetDay,
  type TimesheetFilters,
  type TimesheetPerson,
} from '@app/shared/reports/timesheet';
import type { ReportCell, ReportColumn, ReportSource } from '../report-source';
import { timesheetPages } from './timesheet.service';

/** One sheet row: a person's day. */
export type TimesheetSheetRow = { person: TimesheetPerson['person']; day: TimesheetDay };

const column = (
  key: string,
  type: ReportColumn<TimesheetSheetRow>['type'],
  value: (r: TimesheetSheetRow) => ReportCell,
): ReportColumn<TimesheetSheetRow> => ({ key, header: `timesheet.columns.${key}`, type, value });

const at = (m: { at: string } | null) => (m ? new Date(m.at) : null);
const reasons = (list: TimesheetDay['late_reasons']) =>
  list.map((r) => (r.attendance_code ? `${r.name} (${r.attendance_code})` : r.name)).join(', ') || null;

/**
 * The Timesheet taken away as a sheet: one row per person and day, in the screen's order (people by
 * name, each person's days in order), read a page of people at a time, each page in its own short
 * tenant transaction. A corrected day shows the corrected figures and the correction's reason.
 */
export const timesheetSource: ReportSource<TimesheetFilters, TimesheetSheetRow> = {
  name: 'timesheet',
  filters: timesheetFiltersSchema,
  columns: [
    column('person', 'text', (r) => r.person.full_name),
    column('day', 'text', (r) => r.day.day),
    column('first_in', 'datetime', (r) => at(r.day.first_in)),
    column('last_out', 'datetime', (r) => at(r.day.last_out)),
    column('minutes', 'minutes', (r) => r.day.minutes),
    column('visits', 'number', (r) => r.day.visits),
    column('late_reasons', 'text', (r) => reasons(r.day.late_reasons)),
    column('early_reasons', 'text', (r) => reasons(r.day.early_reasons)),
    column('attendance_mode', 'text', (r) => r.day.attendance_mode?.name ?? null),
    column('expected_minutes', 'minutes', (r) => r.day.expected_minutes),
    column('difference_minutes', 'minutes', (r) => r.day.difference_minutes),
    column('corrected', 'text', (r) => r.day.correction?.reason ?? null),
  ],
  async *batches(app, ctx, filters, { batchSize }) {
    // A person brings up to a year of days: a page of people is about a batch of rows.
    const people = Math.max(1, Math.min(100, Math.ceil(batchSize / 20)));
    for await (const page of timesheetPages(app, ctx, filters, people)) {
      yield page.flatMap((p) => p.days.map((day) => ({ person: p.person, day })));
    }
  },
};
