import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportTaskList } from '@app/shared/people/import';
import { api } from '@/lib/api-client';
import { isRunning } from '../utils/import-step';
import { RUNNING_POLL_MS } from './get-import-task';
import { importTasksKey } from './import-query-keys';

export type ImportTasksParams = { page: number; limit: number };

/** GET /people/import: the company's import tasks (the queue), newest first. */
export const listImportTasks = (params: ImportTasksParams, signal?: AbortSignal) =>
  api.get<ImportTaskList>('/people/import', { params, signal });

export const importTasksQueryOptions = (params: ImportTasksParams) =>
  queryOptions({
    queryKey: [...importTasksKey, params],
    queryFn: ({ signal }) => listImportTasks(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((task) => isRunning(task.status)) ? RUNNING_POLL_MS : false,
  });

export const useImportTasks = (params: ImportTasksParams) => useQuery(importTasksQueryOptions(params));
