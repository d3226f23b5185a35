// Cache invalidation that follows the data, not the feature that changed it.
//
// The first element of every query key names the data the query reads (`['compliances', 'list', …]`,
// `['sites', 'tree']`), whichever feature asks for it, so the feature that changes some data refreshes
// every query of it with one invalidation of that root. A query that also shows other data — the
// compliances list shows the journeys that ask each compliance — names it in `meta.reads`. Each
// successful change sent to the API (POST, PUT, PATCH, DELETE) marks stale every query that reads the
// data of its address, so a view of one feature never shows what another feature just changed.
import type { Query, QueryClient } from '@tanstack/react-query';

/** The data the application reads and changes: the roots of the query keys. */
export type DataTag =
  | 'announcements'
  | 'attendance'
  | 'company'
  | 'compliances'
  | 'custom-fields'
  | 'expected-visits'
  | 'journeys'
  | 'people'
  | 'sites'
  | 'user-types'
  | 'visit-permits'
  | 'visits';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Other data than its key's root that the query shows: it is read again when that changes. */
      reads?: readonly DataTag[];
    };
  }
}

/** What a change sent to an API address changes, by its first segment (the others are named alike). */
const TAGS_OF_SEGMENT: Record<string, readonly DataTag[]> = {
  announcements: ['announcements'],
  'attendance-modes': ['attendance'],
  'attendance-reasons': ['attendance'],
  company: ['company'],
  compliances: ['compliances'],
  'custom-fields': ['custom-fields'],
  'custom-field-sections': ['custom-fields'],
  // An expected visit is a visit: the logbook and the dashboard show it.
  'expected-visits': ['expected-visits', 'visits'],
  journeys: ['journeys'],
  'journey-flows': ['journeys'],
  people: ['people'],
  members: ['people'],
  departments: ['people'],
  labels: ['people'],
  sites: ['sites'],
  areas: ['sites'],
  doors: ['sites'],
  kiosks: ['sites'],
  'user-types': ['user-types'],
  'visit-permits': ['visit-permits'],
  // A sign-in, sign-out or note changes visits, and an expected visit once its person arrives.
  visits: ['visits', 'expected-visits'],
};

/** The data an API address's changes touch (none for addresses that change no shared data). */
export function tagsOfPath(url: string): readonly DataTag[] {
  const segment = url.replace(/^\/+/, '').split(/[/?#]/, 1)[0] ?? '';
  return TAGS_OF_SEGMENT[segment] ?? [];
}

/** Whether a query shows any of this data besides its own root's (its root's feature refreshes that). */
export function readsAnyOf(query: Pick<Query, 'queryKey' | 'meta'>, tags: readonly DataTag[]): boolean {
  const reads = query.meta?.reads ?? [];
  const root = query.queryKey[0];
  return reads.some((tag) => tag !== root && tags.includes(tag));
}

/**
 * Marks stale every query that shows data changed by a call to this address but is kept under another
 * root: the ones on screen are read again now, the others when they are next shown.
 */
export function invalidateReadersOf(client: QueryClient, url: string): Promise<void> {
  const tags = tagsOfPath(url);
  if (tags.length === 0) return Promise.resolve();
  return client.invalidateQueries({ predicate: (query) => readsAnyOf(query, tags) }, { cancelRefetch: false });
}

/** Marks stale every query of this data, under its root or showing it (for changes told by the server). */
export function invalidateData(client: QueryClient, tags: readonly DataTag[]): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => tags.includes(query.queryKey[0] as DataTag) || readsAnyOf(query, tags),
  });
}
