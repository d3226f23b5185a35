// The visit summary's view as the page's address holds it: a period (this week, month or year, or chosen
// days) and the filters; and the History report's address for the list behind a figure.
import { z } from 'zod';
import { REPORT_LIMITS } from '@app/shared/reports/common';
import type { VisitSummaryQuery } from '@app/shared/reports/visit-summary';
import { paths } from '@/config/paths';
import { HISTORY_ARRIVED } from '@app/shared/reports/history';

export const SUMMARY_PERIODS = ['week', 'month', 'year', 'custom'] as const;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number];

export const summaryPageFiltersSchema = z.object({
  period: z.enum(SUMMARY_PERIODS).default('month'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  site_id: z.uuid().optional(),
  area_id: z.uuid().optional(),
  user_type_id: z.uuid().optional(),
});
export type SummaryPageFilters = z.output<typeof summaryPageFiltersSchema>;

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);

/** Today on this browser's calendar, YYYY-MM-DD. */
export const todayOf = (now: Date) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/**
 * The days a period covers, both included: the calendar week (Monday first), month or year holding
 * today; chosen days in order and at most a year long (the end moves in); chosen days missing: this month.
 */
export function periodRange(filters: Pick<SummaryPageFilters, 'period' | 'from' | 'to'>, now = new Date()) {
  const today = todayOf(now);
  const [y, m] = [now.getFullYear(), now.getMonth() + 1];
  switch (filters.period) {
    case 'week': {
      const weekday = (new Date(Date.parse(today)).getUTCDay() + 6) % 7;
      const from = addDays(today, -weekday);
      return { from, to: addDays(from, 6) };
    }
    case 'year':
      return { from: isoOf(y, 1, 1), to: isoOf(y, 12, 31) };
    case 'custom': {
      if (filters.from || filters.to) {
        const a = filters.from ?? filters.to!;
        const b = filters.to ?? filters.from!;
        const [from, to] = a <= b ? [a, b] : [b, a];
        const latest = addDays(from, REPORT_LIMITS.screenRangeDays);
        return { from, to: to > latest ? latest : to };
      }
      return { from: isoOf(y, m, 1), to: isoOf(y, m + 1, 0) };
    }
    default:
      return { from: isoOf(y, m, 1), to: isoOf(y, m + 1, 0) };
  }
}

/** GET /reports/visit-summary's query for the view. */
export function summaryQuery(filters: SummaryPageFilters, now = new Date()): VisitSummaryQuery {
  const query: VisitSummaryQuery = { ...periodRange(filters, now) };
  if (filters.site_id) query.site_id = filters.site_id;
  if (filters.area_id) query.area_id = filters.area_id;
  if (filters.user_type_id) query.user_type_id = filters.user_type_id;
  return query;
}

/** What a figure narrows the History list to, besides the view's own filters. */
export type FigureFilters = {
  from?: string;
  to?: string;
  site_id?: string;
  area_id?: string;
  user_type_id?: string;
  late_reason_id?: string;
  early_reason_id?: string;
  /** Arrived visits unless a figure says otherwise: what the summary counts. */
  state?: 'left' | 'expected';
  weekday?: string;
  hour?: string;
};

/** The History report's address listing the visits behind a figure: the view's filters and the figure's. */
export function historyHref(query: VisitSummaryQuery, figure: FigureFilters = {}): string {
  const params = new URLSearchParams();
  const all: Record<string, string | undefined> = { state: HISTORY_ARRIVED, ...query, ...figure };
  for (const key of Object.keys(all).sort()) {
    const value = all[key];
    if (value) params.append(key, value);
  }
  return `${paths.reportingHistory}?${params.toString()}`;
}
