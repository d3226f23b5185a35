import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateExportBody, ExportLink, ExportList, ReportExport } from '@app/shared/reports/exports';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';

// The exports of report views (spec §7 `export`, `export_job`, `export_list`).
export const exportsRootKey = ['report-exports'] as const;

/** Refused filters or columns (400, 422) are shown by the caller. */
export const createExport = (body: CreateExportBody) =>
  api.post<ReportExport>('/exports', body, { handledByCaller: [400, 422] });

export const getExport = (id: string) => api.get<ReportExport>(`/exports/${id}`, { handleErrors: false });

export type ExportListParams = { page: number; limit: number; search?: string; cursor?: string };

export const listExports = (query: ExportListParams, signal?: AbortSignal) =>
  api.get<ExportList>('/exports', { params: query, signal });

export const requestExportLink = (id: string) =>
  api.post<ExportLink>(`/exports/${id}/link`, undefined, { handledByCaller: [404, 410] });

const exportListKey = [...exportsRootKey, 'list'] as const;
const RUNNING_POLL_MS = 3_000;

/** `enabled` waits for the grid's saved preference; a page after one already read follows its cursor. */
export const useExportList = (params: ExportListParams, enabled: boolean) => {
  const query = useKeysetQuery(exportListKey, params);
  return useQuery({
    queryKey: [...exportListKey, query],
    queryFn: ({ signal }) => listExports(query, signal),
    placeholderData: keepPreviousData,
    enabled,
    // Live events move running exports; a slow read as well, for any the socket missed (a reload, a drop).
    refetchInterval: (q) =>
      q.state.data?.data.some((e) => e.status === 'queued' || e.status === 'running') ? RUNNING_POLL_MS : false,
  });
};

export const useCreateExport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportsRootKey }),
  });
};
