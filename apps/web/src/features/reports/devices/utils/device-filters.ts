// The print queue's and kiosk logs' views: filters in the page's address (a reload or a copied link
// opens the same view), and the list query for them with the grid's page.
import { z } from 'zod';
import { REPORT_LIMITS } from '@app/shared/reports/common';
import { KIOSK_EVENT_KINDS } from '@app/shared/reports/kiosk-logs';
import { PRINT_STATUSES } from '@app/shared/reports/print-queue';
import { gridPageQuery, type GridOptions, type GridQueryInput } from '@/components/data-grid/grid-state';
import type { KioskLogsParams } from '../api/list-kiosk-logs';
import type { PrintQueueParams } from '../api/list-print-queue';

/** The filters live in the address; the grid keeps columns and page size. Both lists run newest first. */
export const DEVICES_GRID: GridOptions = { defaultSorting: [], filterKeys: [] };

const days = { from: z.iso.date().optional(), to: z.iso.date().optional() };

export const printPageFiltersSchema = z.object({
  ...days,
  status: z.enum(PRINT_STATUSES).optional(),
  site_id: z.uuid().optional(),
  kiosk_id: z.uuid().optional(),
});
export type PrintPageFilters = z.output<typeof printPageFiltersSchema>;

export const kioskLogsPageFiltersSchema = z.object({
  ...days,
  kind: z.enum(KIOSK_EVENT_KINDS).optional(),
  site_id: z.uuid().optional(),
  kiosk_id: z.uuid().optional(),
});
export type KioskLogsPageFilters = z.output<typeof kioskLogsPageFiltersSchema>;

/** Days both reports cover when the address names none: the last 30, as the server reads it. */
export const RECENT_DAYS = 30;

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(day) + n * DAY_MS).toISOString().slice(0, 10);

export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The days shown: the address's (in order, at most a year), else the last 30 up to today. */
export function rangeOf(filters: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const end = filters.to ?? filters.from ?? today(now);
  const start = filters.from ?? addDays(end, -(RECENT_DAYS - 1));
  const [first, last] = end < start ? [end, start] : [start, end];
  const latest = addDays(first, REPORT_LIMITS.screenRangeDays);
  return { from: first, to: last > latest ? latest : last };
}

/** The filters that hold a value (the API takes no empty ones). */
export const defined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;

/** The print queue's filters as the API takes them (the days filled in). */
export const printFilters = (f: PrintPageFilters) => defined({ ...f, ...rangeOf(f) });
export const kioskLogsFilters = (f: KioskLogsPageFilters) => defined({ ...f, ...rangeOf(f) });

export const printQuery = (f: PrintPageFilters, grid: GridQueryInput): PrintQueueParams => ({
  ...printFilters(f),
  ...gridPageQuery(grid),
});

export const kioskLogsQuery = (f: KioskLogsPageFilters, grid: GridQueryInput): KioskLogsParams => ({
  ...kioskLogsFilters(f),
  ...gridPageQuery(grid),
});

export const activeFilterCount = (f: Record<string, unknown>) =>
  Object.entries(f).filter(([k, v]) => k !== 'from' && k !== 'to' && v !== undefined && v !== '').length;
