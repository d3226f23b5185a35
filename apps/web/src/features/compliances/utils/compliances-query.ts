import {
  COMPLIANCE_FORMATS,
  COMPLIANCE_FREQUENCIES,
  type ComplianceFormat,
  type ComplianceFrequency,
} from '@app/shared/compliances/schemas';
import {
  gridPageQuery,
  serverSort,
  type GridFilters,
  type GridOptions,
  type GridQueryInput,
} from '@/components/data-grid/grid-state';
import type { CompliancesQuery } from '../api/list-compliances';

/** The compliance grid's filters, as its saved preference keeps them. */
export const COMPLIANCE_FILTER_KEYS = ['format', 'frequency'] as const;

/** The compliance grid's columns the server sorts, by column id. */
export const COMPLIANCE_SORT_COLUMNS = {
  name: 'name',
  format: 'format',
  frequency: 'frequency',
  version: 'version',
  updated_at: 'updated_at',
} as const;

/** The compliance grid opens sorted by name, unfiltered. */
export const COMPLIANCES_GRID: GridOptions = {
  defaultSorting: [{ id: 'name', desc: false }],
  filterKeys: COMPLIANCE_FILTER_KEYS,
};

export type ComplianceFilters = { format: ComplianceFormat | null; frequency: ComplianceFrequency | null };

const oneOf = <T extends string>(values: readonly T[], value: GridFilters[string] | undefined): T | null =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The format and frequency the grid is narrowed to; a saved value that no longer exists is dropped. */
export const complianceFilters = (filters: GridFilters): ComplianceFilters => ({
  format: oneOf(COMPLIANCE_FORMATS, filters.format),
  frequency: oneOf(COMPLIANCE_FREQUENCIES, filters.frequency),
});

/** GET /compliances's query for the grid's page, page size, sorting, search and filters. */
export function compliancesQuery(grid: GridQueryInput, filters: ComplianceFilters): CompliancesQuery {
  return {
    ...gridPageQuery(grid),
    ...serverSort(grid.state.sorting, COMPLIANCE_SORT_COLUMNS, 'name'),
    ...(filters.format ? { format: filters.format } : {}),
    ...(filters.frequency ? { frequency: filters.frequency } : {}),
  };
}
