import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportRow, ImportRowBody } from '@app/shared/people/import';
import { api } from '@/lib/api-client';
import { importRowsKey, importTaskKey } from './import-query-keys';

/**
 * PUT /people/import/{id}/rows/{rowId}: changes cells of a row; the server checks the row again (and
 * the rows it clashed with) and answers the row with its problems now. A refusal is shown in the editor.
 */
export const changeImportRow = ({ taskId, rowId, body }: { taskId: string; rowId: string; body: ImportRowBody }) =>
  api.put<ImportRow>(`/people/import/${taskId}/rows/${rowId}`, body, { handledByCaller: [400, 404, 422] });

/** The rows around it may have changed too, and the task's counts: both are read again. */
export const useChangeImportRow = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeImportRow,
    onSuccess: (_row, { taskId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: importRowsKey(taskId) }),
        client.invalidateQueries({ queryKey: importTaskKey(taskId) }),
      ]),
  });
};
