// The Timesheet report's view: its filters as the page's address holds them (a reload or a copied link
// opens the same view), the grid's rows (each person's days, then the person's totals), and
// GET /reports/timesheet's query for them and the grid's page.
import { z } from 'zod';
import { REPORT_LIMITS } from '@app/shared/reports/common';
import {
  minutesSince,
  type TimesheetDay,
  type TimesheetFilters,
  type TimesheetList,
  type TimesheetPerson,
  type TimesheetTotals,
} from '@app/shared/reports/timesheet';
import type { TimesheetQuery } from '../api/list-timesheet';
import { gridPageQuery, type GridOptions, type GridQueryInput } from '@/components/data-grid/grid-state';

/** People by name, the only order: no column sorts; filters live in the address. */
export const TIMESHEET_GRID: GridOptions = { defaultSorting: [], filterKeys: [] };

/** What the address may hold. The picked person's name rides along for the picker; it is never sent. */
export const timesheetPageFiltersSchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  site_id: z.uuid().optional(),
  user_type_id: z.uuid().optional(),
  person_id: z.uuid().optional(),
  person_name: z.string().max(200).optional(),
});
export type TimesheetPageFilters = z.output<typeof timesheetPageFiltersSchema>;

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);

/** Today on this browser's calendar, YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The days the report covers: the address's (in order, at most a year), else the last seven days. */
export function rangeOf(filters: Pick<TimesheetPageFilters, 'from' | 'to'>, now = new Date()) {
  const end = filters.to ?? filters.from ?? today(now);
  const start = filters.from ?? addDays(end, -6);
  const [first, last] = end < start ? [end, start] : [start, end];
  const latest = addDays(first, REPORT_LIMITS.screenRangeDays);
  return { from: first, to: last > latest ? latest : last };
}

/** The filters as the API takes them (the range filled in; the name and empty values left out). */
export function timesheetFilters(filters: TimesheetPageFilters, search: string): TimesheetFilters {
  const { person_name: _name, from: _from, to: _to, ...rest } = filters;
  const kept: Partial<TimesheetFilters> = Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''),
  );
  return { ...rangeOf(filters), ...kept, ...(search ? { search } : {}), sortField: 'name', orderBy: 'asc' };
}

/** GET /reports/timesheet's query: the address's filters, the grid's search and its page of people. */
export function timesheetQuery(filters: TimesheetPageFilters, grid: GridQueryInput): TimesheetQuery {
  const { page, limit } = gridPageQuery(grid);
  return { ...timesheetFilters(filters, grid.search), page, limit };
}

export const activeFilterCount = (filters: TimesheetPageFilters): number =>
  (['site_id', 'user_type_id', 'person_id'] as const).filter((key) => filters[key] !== undefined).length;

/**
 * A grid row: one of a person's days, or the person's totals under them (with the person's days, for a
 * day still on site that goes on counting). `asOf` is the instant the server counted the figures to.
 */
export type TimesheetRow =
  | { kind: 'day'; id: string; person: TimesheetPerson['person']; day: TimesheetDay; asOf: string }
  | {
      kind: 'total';
      id: string;
      person: TimesheetPerson['person'];
      totals: TimesheetTotals;
      days: TimesheetDay[];
      asOf: string;
    };

export function timesheetRows(list: TimesheetList | undefined): TimesheetRow[] | undefined {
  if (!list) return undefined;
  const asOf = list.as_of;
  return list.data.flatMap((p): TimesheetRow[] => [
    ...p.days.map((day) => ({ kind: 'day' as const, id: `${p.person.id}:${day.day}`, person: p.person, day, asOf })),
    { kind: 'total', id: `${p.person.id}:total`, person: p.person, totals: p.totals, days: p.days, asOf },
  ]);
}

/** Whether a row's figures are still counting (a day on site, or a total with such a day). */
export const isOngoing = (row: TimesheetRow): boolean =>
  row.kind === 'day' ? row.day.ongoing_since !== null : row.days.some((d) => d.ongoing_since !== null);

/** Minutes a row's time figures gain by `now` since the server counted them (0 when nothing is running). */
export function minutesGained(row: TimesheetRow, now: Date): number {
  const days = row.kind === 'day' ? [row.day] : row.days;
  return days.reduce((sum, d) => sum + minutesSince(d, row.asOf, now), 0);
}
