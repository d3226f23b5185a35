// The audit log's view: its filters in the page's address (a reload or a copied link opens the same
// view), and the list query for them with the grid's page.
import { z } from 'zod';
import { gridPageQuery, type GridQueryInput } from '@/components/data-grid/grid-state';
import type { AuditLogParams } from '../api/list-audit-log';
import { defined, rangeOf } from '../../devices/utils/device-filters';

export const auditLogPageFiltersSchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  actor_user_id: z.uuid().optional(),
  action: z.string().max(80).optional(),
  target_type: z.string().max(80).optional(),
  target_id: z.string().max(100).optional(),
});
export type AuditLogPageFilters = z.output<typeof auditLogPageFiltersSchema>;

/** The filters as the API takes them (the days filled in). */
export const auditLogFilters = (f: AuditLogPageFilters) => defined({ ...f, ...rangeOf(f) });

export const auditLogQuery = (f: AuditLogPageFilters, grid: GridQueryInput): AuditLogParams => ({
  ...auditLogFilters(f),
  ...gridPageQuery(grid),
});

export type ChangedField = { field: string; before: string | null; after: string | null; changed: boolean };

const shown = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * A change as rows of fields: each top-level field of the values before and after, in the order they
 * were written, whether it changed; a value that is no object is one row named by `whole`.
 */
export function changedFields(before: unknown, after: unknown, whole: string): ChangedField[] {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    const [b, a] = [shown(before), shown(after)];
    return [{ field: whole, before: b, after: a, changed: b !== a }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => {
    const [was, is] = [shown(b[field]), shown(a[field])];
    return { field, before: was, after: is, changed: was !== is };
  });
}
