import { useRouterState, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { decideFlowEntry, documentNavigationOf, type DocumentNavigation } from '../utils/flow-entry';

// Spec §2 "Opening an integration sub-page directly from the root redirects to /integration"; what
// "directly" means, and why a reload with an id stays, is written at decideFlowEntry (utils/flow-entry).

type DocumentLoad = { pathname: string | null; navigation: DocumentNavigation };

/** Where and how the browser loaded this document (not where the app has moved since). */
function documentLoad(): DocumentLoad {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!entry) return { pathname: null, navigation: 'unknown' };
  return { pathname: new URL(entry.name).pathname, navigation: documentNavigationOf(entry.type) };
}

/**
 * The history entry the document opened on, if it is a flow page: decided once, by the first flow
 * page the document shows, as its position in the tab's history. A position, not the entry's key: the
 * router may replace the entry while the app starts (a new key, the same position), and then the page
 * is still the one the browser loaded. Any page the app moves to after it (a push, even to the same
 * address from the list after a redirect) has a later position; the redirect itself replaces the entry.
 */
let entryIndex: number | null | undefined;

function isDocumentEntry(index: number | undefined, pathname: string, load: DocumentLoad): boolean {
  if (entryIndex === undefined) entryIndex = load.pathname === pathname ? (index ?? null) : null;
  return entryIndex !== null && entryIndex === index;
}

/**
 * The integration a flow sub-page is about (its `?id=`), or null while the page is being left: opened
 * directly (see above) it goes to /integration; opened by the app without an id, to /integration too;
 * with an id that cannot be one, to the not-found page. Every flow sub-page calls it first and renders
 * nothing of its own until it answers an id.
 */
export function useFlowEntryGuard(): string | null {
  // The page's own match: while the app moves on to another page it keeps its own id.
  const search: Record<string, unknown> = useSearch({ strict: false });
  const { index, pathname } = useRouterState({
    select: (state) => ({ index: state.location.state.__TSR_index, pathname: state.location.pathname }),
    structuralSharing: true,
  });
  const raw = search.id;
  // The router reads `?id=12` as a number: anything but text cannot be an id.
  const id = raw === undefined || raw === null ? null : typeof raw === 'string' ? raw : '-';
  const load = documentLoad();
  const decision = decideFlowEntry({
    documentEntry: isDocumentEntry(index, pathname, load),
    navigation: load.navigation,
    id,
  });
  const away = decision.kind === 'leave' ? (decision.to === 'list' ? paths.integration : paths.notFound) : null;
  useEffect(() => {
    if (away) navigateTo(away, { replace: true });
  }, [away]);
  return decision.kind === 'stay' ? decision.id : null;
}
