import { z } from 'zod';
import { PAGING } from '../constants';

/**
 * The largest value a PostgreSQL `integer` column holds. A whole number a client sends for such a
 * column is bounded by it in the schema, so the answer is a 400 naming the field, not a database error.
 */
export const MAX_INT4 = 2_147_483_647;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(PAGING.defaultPage),
  limit: z.coerce.number().int().min(1).max(PAGING.maxLimit).default(PAGING.defaultLimit),
});

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), count: z.number().int() });

/**
 * A list that can grow large pages by keyset as well: `cursor` is the previous page's `next_cursor`
 * (it wins over `page`), and the page after it is found through the sort's index however deep it is.
 */
export const cursorPageQuery = pageQuery.extend({ cursor: z.string().max(400).optional() });

/**
 * `count` is exact up to 10,000; past that it is 10,000 with `count_capped` true (shown as "10,000+").
 * `next_cursor` is null on the last page.
 */
export const cursorListResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    count: z.number().int(),
    count_capped: z.boolean(),
    next_cursor: z.string().nullable(),
  });

export const idParam = z.object({ id: z.uuid() });
export const okResponse = z.object({ ok: z.literal(true) });
