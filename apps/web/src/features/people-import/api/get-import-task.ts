import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportTask } from '@app/shared/people/import';
import { api } from '@/lib/api-client';
import { isRunning } from '../utils/import-step';
import { importTaskKey } from './import-query-keys';

/** While a run goes on, live events move the task; a slow read as well, for events missed or sent to someone else. */
export const RUNNING_POLL_MS = 3_000;

/** GET /people/import/{id}: the task, its counts and progress (another company's is not found). */
export const getImportTask = (id: string, signal?: AbortSignal) =>
  api.get<ImportTask>(`/people/import/${id}`, { signal });

export const importTaskQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importTaskKey(id),
    queryFn: ({ signal }) => getImportTask(id, signal),
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data.status) ? RUNNING_POLL_MS : false),
  });

/** The task of `id`; nothing is asked while there is no id. */
export const useImportTask = (id: string | null) =>
  useQuery({ ...importTaskQueryOptions(id ?? ''), enabled: id !== null });
