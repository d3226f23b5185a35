import { and, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/**
 * A page of a list read with `limit + 1` rows: the first `limit`, and the cursor of the page after
 * (the last row's sort keys) when the extra row showed there is one.
 */
export function keysetPage<T>(
  rows: T[],
  limit: number,
  sort: string,
  keysOf: (row: T) => CursorValue[],
): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(sort, keysOf(last)) : null };
}

/** Counting stops here: a larger count is given as this many, flagged as capped (counts never read a whole company). */
export const COUNT_CAP = 10_000;

/**
 * The number of rows a list's conditions match, up to COUNT_CAP. `along` names an index's order to count
 * in: where the conditions match a large share of a table, the planner may otherwise choose to read the
 * table from its start until the cap, which for a large company in a shared table reads other companies'
 * pages; counting along the index reads one range and stops at the cap.
 */
export async function countCapped(
  tx: Executor,
  from: SQL,
  where: SQL | undefined,
  along?: SQL,
): Promise<{ count: number; capped: boolean }> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(
      sql`select count(*)::int as n from (select 1 from ${from} ${where ? sql`where ${where}` : sql``} ${along ? sql`order by ${along}` : sql``} limit ${COUNT_CAP + 1}) t`,
    ),
  );
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
}

/** A key of a list's sort: its SQL, the type its cursor value casts back to, and whether it can be empty. */
export type SortKey = { expr: SQL | AnyPgColumn; cast: string; nullable: boolean };

/**
 * Rows after the cursor in an order of keys going `dir` (empty values last), then the id going
 * `idDir`: the first key that differs decides. Used where the keys are not one index's columns, so it
 * filters the rows of an indexed range rather than starting an index scan.
 */
export function afterSortKeys(
  keys: readonly SortKey[],
  values: CursorValue[],
  dir: 'asc' | 'desc',
  id: { column: Column; value: string; dir: 'asc' | 'desc' },
): SQL {
  const beyond = dir === 'asc' ? '>' : '<';
  const alternatives: SQL[] = [];
  const equalSoFar: SQL[] = [];
  keys.forEach((key, i) => {
    const value = values[i] ?? null;
    const param = sql`${value}::${sql.raw(key.cast)}`;
    if (value !== null) {
      const later = sql`${key.expr} ${sql.raw(beyond)} ${param}`;
      alternatives.push(and(...equalSoFar, key.nullable ? or(later, sql`${key.expr} is null`) : later)!);
      equalSoFar.push(sql`${key.expr} = ${param}`);
    } else {
      equalSoFar.push(sql`${key.expr} is null`);
    }
  });
  alternatives.push(and(...equalSoFar, sql`${id.column} ${sql.raw(id.dir === 'asc' ? '>' : '<')} ${id.value}::uuid`)!);
  return or(...alternatives)!;
}
