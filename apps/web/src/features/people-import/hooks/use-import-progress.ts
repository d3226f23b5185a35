import { useQueryClient } from '@tanstack/react-query';
import type { ImportProgressEvent, ImportTask, ImportTaskList } from '@app/shared/people/import';
import { getStoredUser } from '@/lib/session';
import { useRealtimeEvent } from '@/lib/socket';
import { importRootKey, importTaskKey, importTasksKey } from '../api/import-query-keys';
import { listWithProgress, withProgress } from '../utils/progress';

/**
 * The person's own import runs, heard live while an import page is open (the events go to the runner's
 * user room): a batch moves the task's progress bar in place, wherever it is shown; the end reads
 * again the task, its rows and every list of people (the run wrote some).
 */
export function useImportProgress(): void {
  const client = useQueryClient();
  const moved = (event: ImportProgressEvent) => {
    // The user room hears every company the person belongs to: only this one's tasks are shown.
    if (event.entity_id !== getStoredUser()?.entity_id) return false;
    client.setQueryData<ImportTask>(importTaskKey(event.id), (task) => task && withProgress(task, event));
    client.setQueriesData<ImportTaskList>(
      { queryKey: importTasksKey },
      (list) => list && listWithProgress(list, event),
    );
    return true;
  };
  useRealtimeEvent('peopleImportProgress', moved);
  useRealtimeEvent('peopleImportDone', (event) => {
    if (!moved(event)) return;
    void client.invalidateQueries({ queryKey: importRootKey });
    // People were created or updated: the users list and everything else showing people reads again.
    void client.invalidateQueries({ queryKey: ['people'] });
  });
}
