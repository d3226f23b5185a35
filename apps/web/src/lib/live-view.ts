// One rule for every live view (dashboard, expected visits, kiosks, announcements, and the emergency
// views to come): what it shows follows the company's events while the connection is live; when the
// connection drops it says so, with the time it was last current, and when it comes back it reads
// again everything it shows, since events may have been missed meanwhile.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onRealtimeResync, useRealtimeStatus, type RealtimeStatus } from './socket';

export type LiveView = {
  state: RealtimeStatus['state'];
  /** While not live: when what is shown was last known current (null: not known yet). */
  lastUpdatedAt: number | null;
};

/**
 * Keeps a view live: the queries under `queryKeys` are read again each time the connection comes
 * back. Answers where the view stands, for `LiveStatus`.
 */
export function useLiveView(queryKeys: readonly QueryKey[]): LiveView {
  const queryClient = useQueryClient();
  const status = useRealtimeStatus();
  const keys = useRef(queryKeys);
  useEffect(() => {
    keys.current = queryKeys;
  });
  useEffect(
    () =>
      onRealtimeResync(() => {
        for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
      }),
    [queryClient],
  );
  if (status.state === 'live') return { state: 'live', lastUpdatedAt: null };
  // Current until the connection dropped, or until a later read that succeeded.
  let newest = status.liveUntil ?? 0;
  for (const queryKey of queryKeys) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey })) {
      newest = Math.max(newest, query.state.dataUpdatedAt);
    }
  }
  return { state: status.state, lastUpdatedAt: newest > 0 ? newest : null };
}
