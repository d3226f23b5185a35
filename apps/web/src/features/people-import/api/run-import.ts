import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportTask } from '@app/shared/people/import';
import { api } from '@/lib/api-client';
import { importTaskKey, importTasksKey } from './import-query-keys';

/**
 * POST /people/import/{id}/run: queues the run (202 with the queued task); a failed task resumes at
 * its first row not yet imported. A refusal (nothing left to import, already run) is a toast.
 */
export const runImport = (id: string) => api.post<ImportTask>(`/people/import/${id}/run`);

export const useRunImport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    onSuccess: (task) =>
      Promise.all([
        client.setQueryData(importTaskKey(task.id), task),
        client.invalidateQueries({ queryKey: importTasksKey }),
      ]),
  });
};
