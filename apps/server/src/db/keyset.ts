import { sql, type Column, type SQL } from 'drizzle-orm';
import { AppError } from '../lib/app-error';
import { rowsOf, type Executor } from './client';

// Keyset paging (decision 022): a page after the last row of the one before, found through the sort's
// index however deep, instead of OFFSET, which reads and drops every row before the page. The cursor
// names its sort, so a cursor of one sort given with another is refused rather than misread.

export type CursorValue = string | number | boolean | null;

export function encodeCursor(sort: string, values: CursorValue[]): string {
  return Buffer.from(JSON.stringify({ s: sort, v: values })).toString('base64url');
}

/** The values a cursor holds, or a 400 naming the `cursor` field when it is not one of this sort's. */
export function decodeCursor(cursor: string, sort: string, length: number): CursorValue[] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && 's' in parsed && 'v' in parsed) {
      const { s, v } = parsed;
      if (s === sort && Array.isArray(v) && v.length === length && v.every(isCursorValue)) return v;
    }
  } catch {
    // not base64url JSON: refused below
  }
  throw new AppError('validation_failed', { field: 'cursor', messageKey: 'cursor_invalid' });
}

const isCursorValue = (v: unknown): v is CursorValue =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/**
 * Rows after the cursor in an order whose keys all go one way: `(a, b, id) > (x, y, z)` ascending,
 * `<` descending. A row comparison of plain columns is one index range under row-level security.
 * `casts` gives each value's SQL type.
 */
export function afterCursor(keys: (SQL | Column)[], values: CursorValue[], casts: string[], dir: 'asc' | 'desc'): SQL {
  const params = values.map((v, i) => sql`${v}::${sql.raw(casts[i]!)}`);
  return sql`(${sql.join(keys, sql`, `)}) ${sql.raw(dir === 'asc' ? '>' : '<')} (${sql.join(params, sql`, `)})`;
}

/** Counting stops here: a larger count is given as this many, flagged as capped (counts never read a whole company). */
export const COUNT_CAP = 10_000;

/** The number of rows a list's conditions match, up to COUNT_CAP. */
export async function countCapped(
  tx: Executor,
  from: SQL,
  where: SQL | undefined,
): Promise<{ count: number; capped: boolean }> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(
      sql`select count(*)::int as n from (select 1 from ${from} ${where ? sql`where ${where}` : sql``} limit ${COUNT_CAP + 1}) t`,
    ),
  );
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
}
