import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORT_SHEET_FIELD, type ImportTask } from '@app/shared/people/import';
import { api } from '@/lib/api-client';
import { importTaskKey, importTasksKey } from './import-query-keys';

/**
 * POST /people/import: the filled sheet, read and checked into a new task. A refused file (not an
 * xlsx, too large, a column missing or twice, too many rows) is told under the file field.
 */
export function uploadImport(file: File): Promise<ImportTask> {
  const form = new FormData();
  form.append(IMPORT_SHEET_FIELD, file);
  return api.upload<ImportTask>('/people/import', form, 'POST', { handledByCaller: [400, 413, 415, 422] });
}

export const useUploadImport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: (task) =>
      Promise.all([
        client.setQueryData(importTaskKey(task.id), task),
        client.invalidateQueries({ queryKey: importTasksKey }),
      ]),
  });
};
