import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { runListSchema } from '@app/shared/integrations/schemas';
import { pollDelayMs } from '@app/shared/integrations/status';
import { api } from '@/lib/api-client';
import { runsKey } from './view-query-keys';

export type RunList = z.infer<typeof runListSchema>;
export type RunsParams = { page: number; limit: number };

/** GET /integrations/{id}/runs: the sync logs, latest first, with their translated status and problems. */
export const listRuns = (id: string, params: RunsParams, signal?: AbortSignal) =>
  api.get<RunList>(`/integrations/${id}/runs`, { params, signal });

export const runsQueryOptions = (id: string, params: RunsParams) =>
  queryOptions({
    queryKey: [...runsKey(id), params],
    queryFn: ({ signal }) => listRuns(id, params, signal),
    placeholderData: keepPreviousData,
    // A run still going on is read again until it ends.
    refetchInterval: (query) => {
      const delays = (query.state.data?.data ?? []).flatMap(
        (run) => pollDelayMs(run.sync_status.id, 'integration') ?? [],
      );
      return delays.length ? Math.min(...delays) : false;
    },
  });

export const useRuns = (id: string | null, params: RunsParams) =>
  useQuery({ ...runsQueryOptions(id ?? '', params), enabled: id !== null });
