import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { isAllowed } from '@app/shared/access/permissions';
import type { SessionSummary } from '@app/shared/emergency/schemas';
import type { ServerEventPayload } from '@app/shared/realtime/events';
import { coalescedRefresh } from '@/lib/coalesced-refresh';
import { getStoredUser } from '@/lib/session';
import { useRealtimeEvent } from '@/lib/socket';
import { activeSessionsKey, refreshSessionQueries } from '../../api/emergency-query-keys';
import { openAfterRefresh } from '../utils/after-refresh';

/** Whether this person may run sessions here (the server sends the events only to them anyway). */
const mayJoinSessions = () => {
  const session = getStoredUser();
  return (
    !!session &&
    isAllowed(session.permissions, 'emergency') &&
    isAllowed(session.permissions, 'show_emergency_sessions')
  );
};

// The modal code loads with the first event (most sessions never hear one).
const modals = () => import('./session-event-modals');

/**
 * A session's counts heard live, written into the running sessions on screen. False when the session
 * is not among them (started meanwhile, or never read): then the lists are read again.
 */
function patchActiveCounts(
  queryClient: QueryClient,
  update: ServerEventPayload<'updateEmergencySessionData'>,
): boolean {
  const counts = update.counts;
  if (!counts) return false;
  let found = false;
  queryClient.setQueryData<{ data: SessionSummary[] }>(activeSessionsKey, (answer) => {
    if (!answer) return answer;
    const data = answer.data.map((s) => {
      if (s.id !== update.sessionId) return s;
      found = true;
      return { ...s, counts };
    });
    return found ? { data } : answer;
  });
  return found;
}

/**
 * The company's emergency sessions heard live on every signed-in page (spec §4 "Emergency session"):
 * a session another admin starts or ends refreshes the sessions, the areas with a session and the
 * active sessions, then, 400–500 ms after, opens 'Session Started' (Join, Dismiss) or 'Session Ended'
 * (View, Dismiss; only Okay on the sessions list). Marks elsewhere move the running sessions' counts.
 */
export function EmergencyEvents() {
  const queryClient = useQueryClient();
  // Many marks in a burst read the lists once they pause.
  const refresh = useMemo(
    () => coalescedRefresh(() => void refreshSessionQueries(queryClient), { quietMs: 500, maxWaitMs: 3000 }),
    [queryClient],
  );
  useEffect(() => () => refresh.stop(), [refresh]);

  useRealtimeEvent('pongStartSessionDiffAdmin', (payload) => {
    if (!mayJoinSessions()) return;
    void openAfterRefresh(
      refreshSessionQueries(queryClient),
      () => void modals().then(({ openSessionStartedModal }) => openSessionStartedModal(payload)),
    );
  });

  useRealtimeEvent('pongEndSessionDiffAdmin', (payload) => {
    if (!mayJoinSessions()) return;
    void openAfterRefresh(
      refreshSessionQueries(queryClient),
      () => void modals().then(({ openSessionEndedModal }) => openSessionEndedModal(payload)),
    );
  });

  useRealtimeEvent('updateEmergencySessionData', (update) => {
    if (update.ended) {
      void refreshSessionQueries(queryClient);
      return;
    }
    if (!patchActiveCounts(queryClient, update)) refresh.schedule();
  });

  return null;
}
