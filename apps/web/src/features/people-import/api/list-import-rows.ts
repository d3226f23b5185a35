import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportRowFilter, ImportRowList } from '@app/shared/people/import';
import { api } from '@/lib/api-client';
import { importRowsKey } from './import-query-keys';

export type ImportRowsParams = { filter: ImportRowFilter; page: number; limit: number };

/** GET /people/import/{id}/rows: the rows in sheet order, with their problems (or what the run did) translated. */
export const listImportRows = (id: string, params: ImportRowsParams, signal?: AbortSignal) =>
  api.get<ImportRowList>(`/people/import/${id}/rows`, { params, signal });

export const importRowsQueryOptions = (id: string, params: ImportRowsParams) =>
  queryOptions({
    queryKey: [...importRowsKey(id), params],
    queryFn: ({ signal }) => listImportRows(id, params, signal),
    placeholderData: keepPreviousData,
  });

/** The rows of `id`; nothing is asked while there is no id. */
export const useImportRows = (id: string | null, params: ImportRowsParams) =>
  useQuery({ ...importRowsQueryOptions(id ?? '', params), enabled: id !== null });
