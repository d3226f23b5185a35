// The emergency data every screen of the feature reads, under one root, so that what changes a session
// (starting, ending, marks heard live) reads again exactly the views of it.
import type { QueryClient } from '@tanstack/react-query';

export const emergencyRootKey = ['emergency'] as const;
/** Who is on site now (the emergency list). */
export const emergencyListRootKey = [...emergencyRootKey, 'list'] as const;
/** The sites and areas the reader may filter by or start a session over. */
export const emergencyPlacesKey = [...emergencyRootKey, 'places'] as const;
/** The lists of sessions: the history, the active ones, the statistics. */
export const emergencySessionsRootKey = [...emergencyRootKey, 'sessions'] as const;
export const sessionsListKey = [...emergencySessionsRootKey, 'list'] as const;
export const activeSessionsKey = [...emergencySessionsRootKey, 'active'] as const;
export const sessionStatsKey = [...emergencySessionsRootKey, 'stats'] as const;
export const areasWithSessionKey = [...emergencyRootKey, 'areas-with-session'] as const;
/**
 * One session's own page (its roll, which may hold thousands of people): kept apart from the lists,
 * so that what refreshes the lists never reads a whole roll again.
 */
export const emergencySessionKey = (sessionId: string) => [...emergencyRootKey, 'session', sessionId] as const;

/**
 * Spec §4 "Emergency session": starting (or hearing of a start or an end) refreshes the sessions, the
 * areas with a session and the active sessions. Resolves once the ones on screen are read again.
 */
export function refreshSessionQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: emergencySessionsRootKey }),
    queryClient.invalidateQueries({ queryKey: areasWithSessionKey }),
  ]).then(() => undefined);
}
