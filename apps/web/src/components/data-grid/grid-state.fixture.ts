// A page's grid for unit tests of its list query: as it opens, or changed, on a page, with a search.
import { defaultGridState, type GridOptions, type GridQueryInput, type GridState } from './grid-state';

/** The grid of `options` as a list query reads it: `grid(patch, pageIndex, search)`. */
export const gridOf =
  (options: GridOptions) =>
  (patch: Partial<GridState> = {}, pageIndex = 0, search = ''): GridQueryInput => ({
    state: { ...defaultGridState({ ...options, columns: [] }), ...patch },
    pageIndex,
    search,
  });
