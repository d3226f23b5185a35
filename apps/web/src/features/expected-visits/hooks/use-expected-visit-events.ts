import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { coalescedRefresh } from '@/lib/coalesced-refresh';
import { useRealtimeEvent } from '@/lib/socket';
import { invalidateExpectedVisits } from '../api/expected-visits-query-key';

/**
 * Redraws the expected visits when any visit of the company changes (added, changed, deleted, decided,
 * confirmed, arrived), here or on another screen, so an open list never needs a reload: read again
 * once events pause, at most every few seconds, while the tab is visible (decision 023).
 */
export function useExpectedVisitEvents(): void {
  const queryClient = useQueryClient();
  const refresh = useMemo(() => coalescedRefresh(() => void invalidateExpectedVisits(queryClient)), [queryClient]);
  useEffect(() => () => refresh.stop(), [refresh]);
  useRealtimeEvent('updateVisits', () => refresh.schedule());
}
