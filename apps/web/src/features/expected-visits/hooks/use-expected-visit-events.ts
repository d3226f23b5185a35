import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { coalescedRefresh } from '@/lib/coalesced-refresh';
import { useLiveView, type LiveView } from '@/lib/live-view';
import { useRealtimeEvent } from '@/lib/socket';
import { expectedVisitsRootKey, invalidateExpectedVisits } from '../api/expected-visits-query-key';

/** Read again after a dropped connection: the lists and single visits (not the form's choices). */
const LIVE_KEYS = [
  [...expectedVisitsRootKey, 'list'],
  [...expectedVisitsRootKey, 'one'],
];

/**
 * Redraws the expected visits when any visit of the company changes (added, changed, deleted, decided,
 * confirmed, arrived), here or on another screen, so an open list never needs a reload: read again
 * once events pause, at most every few seconds, while the tab is visible (decision 023); after a
 * dropped connection, everything again (lib/live-view.ts).
 */
export function useExpectedVisitEvents(): LiveView {
  const queryClient = useQueryClient();
  const refresh = useMemo(() => coalescedRefresh(() => void invalidateExpectedVisits(queryClient)), [queryClient]);
  useEffect(() => () => refresh.stop(), [refresh]);
  useRealtimeEvent('updateVisits', () => refresh.schedule());
  return useLiveView(LIVE_KEYS);
}
