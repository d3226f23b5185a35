import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventPayload } from '@app/shared/realtime/events';
import { getStoredUser } from '@/lib/session';
import { useRealtimeEvent } from '@/lib/socket';

// The notice code loads with the first event (most sessions never export).
const changed = (payload: ServerEventPayload<'reportExportProgress' | 'reportExportDone'>) => {
  // The person's user room hears every company they belong to: only this one's exports are shown.
  if (payload.entity_id !== getStoredUser()?.entity_id) return;
  void import('./export-notice').then(({ exportChanged }) => exportChanged(payload));
};

/**
 * The person's own report exports, heard live in every signed-in page (their user room only): a running
 * one moves its notice, a finished one says so with its Download button, and the export list reads
 * again (while it runs, the list moves its own progress bars).
 */
export function ExportEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent('reportExportProgress', changed);
  useRealtimeEvent('reportExportDone', (payload) => {
    changed(payload);
    void queryClient.invalidateQueries({ queryKey: ['report-exports'] });
  });
  return null;
}
