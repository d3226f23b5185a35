import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/socket';
import { visitsRootKey } from '../api/visits-query-key';

/**
 * Redraws the counts and the logbook when anyone in the company signs someone in or out, changes a
 * note, or an expected visit changes: the event carries ids only, so each screen reads again what its
 * own scope lets it see.
 */
export function useLiveVisits(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('updateVisits', () => {
    void queryClient.invalidateQueries({ queryKey: visitsRootKey });
  });
}
