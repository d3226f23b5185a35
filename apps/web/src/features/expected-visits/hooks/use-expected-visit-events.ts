import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/socket';
import { invalidateExpectedVisits } from '../api/expected-visits-query-key';

/**
 * Redraws the expected visits when any visit of the company changes (added, changed, deleted, decided,
 * confirmed, arrived), here or on another screen, so an open list never needs a reload.
 */
export function useExpectedVisitEvents(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('updateVisits', () => {
    void invalidateExpectedVisits(queryClient);
  });
}
