import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORT_ZIP_FIELD, type ImportTask } from '@app/shared/people/import';
import { api } from '@/lib/api-client';
import { importRowsKey, importTaskKey, importTasksKey } from './import-query-keys';

/**
 * PUT /people/import/{id}/photos: a zip of photos named by each row's email or ID number; it replaces
 * the photos of an earlier zip. A refused zip is told under the zip field.
 */
export function uploadImportPhotos({ id, file }: { id: string; file: File }): Promise<ImportTask> {
  const form = new FormData();
  form.append(IMPORT_ZIP_FIELD, file);
  return api.upload<ImportTask>(`/people/import/${id}/photos`, form, 'PUT', {
    handledByCaller: [400, 413, 415, 422],
  });
}

/** The task answers with its new photo counts; the rows have their photos (and photo problems) now. */
export const useUploadImportPhotos = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadImportPhotos,
    onSuccess: (task) =>
      Promise.all([
        client.setQueryData(importTaskKey(task.id), task),
        client.invalidateQueries({ queryKey: importRowsKey(task.id) }),
        client.invalidateQueries({ queryKey: importTasksKey }),
      ]),
  });
};
