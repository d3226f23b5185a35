import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SessionDetail } from '@app/shared/emergency/schemas';
import { useLiveView, type LiveView } from '@/lib/live-view';
import { emitRealtime, useRealtimeEvent, useRealtimeStatus } from '@/lib/socket';
import { sessionQueryKey } from '../api/get-session';
import { sessionPermissionsKey } from '../api/get-session-permissions';
import { mergeEntries } from '../utils/roll';

/**
 * Keeps a session's page live: asks the server for the session's marks (`watchEmergencySession`, again
 * each time the connection is live, since rooms go with it), applies the changed entries it sends by
 * version, and reads the session again when it ends or after a dropped connection.
 */
export function useSessionLive(sessionId: string): LiveView & { watching: boolean } {
  const queryClient = useQueryClient();
  const realtime = useRealtimeStatus();
  const view = useLiveView([sessionQueryKey(sessionId), sessionPermissionsKey(sessionId)]);
  const [watching, setWatching] = useState(false);

  useEffect(() => {
    if (realtime.state !== 'live') return;
    let current = true;
    emitRealtime('watchEmergencySession', sessionId, (result) => {
      if (current) setWatching(result.ok);
    });
    return () => {
      current = false;
      setWatching(false);
      emitRealtime('unwatchEmergencySession', sessionId);
    };
  }, [realtime.state, sessionId]);

  useRealtimeEvent('updateEmergencySessionData', (payload) => {
    if (payload.sessionId !== sessionId) return;
    if (payload.entries && payload.entries.length > 0) {
      const entries = payload.entries;
      queryClient.setQueryData<SessionDetail>(sessionQueryKey(sessionId), (detail) =>
        detail ? { ...detail, roll: mergeEntries(detail.roll, entries) } : detail,
      );
    }
    // Ended (by another warden): who ended it and when, and the marks are closed.
    if (payload.ended) {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey(sessionId) });
    }
  });

  return { ...view, watching };
}
