// A member's saved state of one data grid (spec §3 "Table preference": page_url, table_head, url).
// table_head is the column map (visibility, order, widths); url holds what the spec kept in the page's
// address: filters, sorting, search and page size. Both are plain JSON, as TanStack Table keeps them.
import { z } from 'zod';
import {
  DEFAULT_GRID_PAGE_SIZE,
  GRID_KEY_PATTERN,
  GRID_PAGE_SIZES,
  TABLE_PREFERENCE_LIMITS,
  TABLE_PREFERENCE_PAGES,
} from './constants';

export {
  DEFAULT_GRID_PAGE_SIZE,
  GRID_KEY_PATTERN,
  GRID_PAGE_SIZES,
  TABLE_PREFERENCE_LIMITS,
  TABLE_PREFERENCE_PAGES,
  emptyTableHead,
  emptyTableUrl,
  isGridKey,
  isTablePreferencePage,
  type GridPageSize,
  type TablePreferencePage,
} from './constants';

const L = TABLE_PREFERENCE_LIMITS;

/** A column id or filter key: starts with a letter, so no `__proto__` and friends. */
export const gridKeySchema = z.string().min(1).max(L.keyLength).regex(GRID_KEY_PATTERN);

/** A record of at most `max` keys; `message` is the translation key of the error (`errors:<message>`). */
const boundedRecord = <T extends z.ZodType>(value: T, max: number, message: string) =>
  z.record(gridKeySchema, value).refine((record) => Object.keys(record).length <= max, { message });

export const tableHeadSchema = z.strictObject({
  visibility: boundedRecord(z.boolean(), L.columns, 'too_many_columns').default({}),
  order: z
    .array(gridKeySchema)
    .max(L.columns)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate_columns' })
    .default([]),
  sizing: boundedRecord(z.number().int().min(L.minWidth).max(L.maxWidth), L.columns, 'too_many_columns').default({}),
});
export type TableHead = z.infer<typeof tableHeadSchema>;

export const gridSortSchema = z.strictObject({ id: gridKeySchema, desc: z.boolean() });
export type GridSort = z.infer<typeof gridSortSchema>;

const filterValue = z.union([
  z.string().max(L.filterValueLength),
  z.array(z.string().max(L.filterValueLength)).max(L.filterValues),
]);
export type GridFilterValue = z.infer<typeof filterValue>;

export const tableUrlSchema = z.strictObject({
  filters: boundedRecord(filterValue, L.filters, 'too_many_filters').default({}),
  sorting: z.array(gridSortSchema).max(L.sorts).default([]),
  search: z.string().max(L.search).optional(),
  limit: z.union(GRID_PAGE_SIZES.map((size) => z.literal(size))).default(DEFAULT_GRID_PAGE_SIZE),
});
export type TableUrl = z.infer<typeof tableUrlSchema>;

export const tablePreferenceParamsSchema = z.object({ pageUrl: z.enum(TABLE_PREFERENCE_PAGES) });

/** PUT /table-preferences/{pageUrl}: the whole state of the grid (it replaces the saved one). */
export const saveTablePreferenceBodySchema = z.strictObject({
  table_head: tableHeadSchema,
  url: tableUrlSchema,
});
export type SaveTablePreferenceBody = z.input<typeof saveTablePreferenceBodySchema>;

export const tablePreferenceSchema = z.object({
  /** null until the member first changes the grid: the page then shows its defaults. */
  id: z.uuid().nullable(),
  page_url: z.enum(TABLE_PREFERENCE_PAGES),
  table_head: tableHeadSchema,
  url: tableUrlSchema,
  updated_at: z.string().nullable(),
});
export type TablePreference = z.infer<typeof tablePreferenceSchema>;
