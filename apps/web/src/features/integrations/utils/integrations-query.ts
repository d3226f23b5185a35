import type { DirectoryCode } from '@app/shared/integrations/status';
import {
  gridPageQuery,
  type GridFilters,
  type GridOptions,
  type GridQueryInput,
} from '@/components/data-grid/grid-state';
import type { IntegrationsQuery } from '../api/list-integrations';
import { isDirectoryCode } from './directories';

/** The list is narrowed by directory; its order is the server's (newest first), so no column sorts. */
export const INTEGRATIONS_GRID: GridOptions = { defaultSorting: [], filterKeys: ['dir_code'] };

/** The directory the list is narrowed to; a saved value that no longer exists is dropped. */
export const directoryFilterOf = (filters: GridFilters): DirectoryCode | null =>
  isDirectoryCode(filters.dir_code) ? filters.dir_code : null;

/** GET /integrations's query for the grid's page, page size, search and directory. */
export function integrationsQuery(grid: GridQueryInput, directory: DirectoryCode | null): IntegrationsQuery {
  return { ...gridPageQuery(grid), ...(directory ? { dir_code: directory } : {}) };
}
