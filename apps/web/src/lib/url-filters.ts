// A page's filters live in its address (issue 14: "filters kept in the URL so a link reproduces the
// view"): read from the query string as plain text, checked by the page's schema, and written back with
// replace, so a reload, a change of language or a shared link opens the same view and Back leaves the
// page. The reports use it, and any list whose filters a link should carry.
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { z } from 'zod';

/** The query string as text values (a list for a key given more than once). */
export function searchTextOf(searchStr: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(searchStr)) {
    const before = out[key];
    out[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return out;
}

/** Filters as a query string: empty values left out, lists as repeated keys, keys in a stable order. */
export function searchStrOf(filters: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(filters).sort()) {
    const value = filters[key];
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null || v === '') continue;
      params.append(key, String(v));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The page's filters from the address, parsed by `schema` (defaults fill what is missing; a value the
 * schema refuses is dropped, so a hand-edited link opens the report rather than an error), and a setter
 * that merges a change into the address.
 */
export function useUrlFilters<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
): [z.output<S>, (change: Partial<z.input<S>>) => void] {
  const { pathname, searchStr } = useRouterState({
    select: (s) => ({ pathname: s.location.pathname, searchStr: s.location.searchStr }),
  });
  const navigate = useNavigate();
  const filters = useMemo(() => parseLeniently(schema, searchTextOf(searchStr)), [schema, searchStr]);
  const setFilters = useCallback(
    (change: Partial<z.input<S>>) => {
      const next = { ...searchTextOf(searchStr), ...change } as Record<string, unknown>;
      void navigate({ href: `${pathname}${searchStrOf(next)}`, replace: true });
    },
    [navigate, pathname, searchStr],
  );
  return [filters, setFilters];
}

/** The schema's reading of the values, leaving out each key it refuses. */
export function parseLeniently<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  values: Record<string, unknown>,
): z.output<S> {
  const first = schema.safeParse(values);
  if (first.success) return first.data;
  const bad = new Set(first.error.issues.map((i) => String(i.path[0] ?? '')));
  const kept = Object.fromEntries(Object.entries(values).filter(([k]) => !bad.has(k)));
  const second = schema.safeParse(kept);
  return second.success ? second.data : schema.parse({});
}
