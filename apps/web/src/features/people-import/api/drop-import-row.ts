import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportRow } from '@app/shared/people/import';
import { api } from '@/lib/api-client';
import { importRowsKey, importTaskKey } from './import-query-keys';

/** DELETE /people/import/{id}/rows/{rowId}: the row leaves the import; the rows it clashed with are checked again. */
export const dropImportRow = ({ taskId, rowId }: { taskId: string; rowId: string }) =>
  api.delete<ImportRow>(`/people/import/${taskId}/rows/${rowId}`);

export const useDropImportRow = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: dropImportRow,
    onSuccess: (_row, { taskId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: importRowsKey(taskId) }),
        client.invalidateQueries({ queryKey: importTaskKey(taskId) }),
      ]),
  });
};
