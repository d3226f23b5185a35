import { useState } from 'react';

/**
 * The page of a list shown, back to the first whenever `rows` (what decides which rows the list holds:
 * its filters and search) changes.
 */
export function useListPage(rows: string): [number, (page: number) => void] {
  const [shown, setShown] = useState({ rows, page: 1 });
  const page = shown.rows === rows ? shown.page : 1;
  return [page, (next: number) => setShown({ rows, page: next })];
}
