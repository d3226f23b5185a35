import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { importRowsKey, importTaskKey, importTasksKey } from './import-query-keys';

/** DELETE /people/import/{id}: the task with its rows and photos; the people it wrote stay. */
export const deleteImport = (id: string) => api.delete<void>(`/people/import/${id}`);

export const useDeleteImport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteImport,
    onSuccess: (_done, id) => {
      client.removeQueries({ queryKey: importTaskKey(id) });
      client.removeQueries({ queryKey: importRowsKey(id) });
      return client.invalidateQueries({ queryKey: importTasksKey });
    },
  });
};
