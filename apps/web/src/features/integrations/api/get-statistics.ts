import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { statisticsSchema } from '@app/shared/integrations/schemas';
import { pollDelayMs } from '@app/shared/integrations/status';
import { api } from '@/lib/api-client';
import { statisticsKey } from './view-query-keys';

export type IntegrationStatistics = z.infer<typeof statisticsSchema>;

/** GET /integrations/{id}/statistics: imported, errors, duplicates, valid; people kept in step and archived; sync health. */
export const getStatistics = (id: string, signal?: AbortSignal) =>
  api.get<IntegrationStatistics>(`/integrations/${id}/statistics`, { signal });

export const statisticsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: statisticsKey(id),
    queryFn: ({ signal }) => getStatistics(id, signal),
    // While a run goes on, its counts move: read again as often as the sync status page would (spec §9).
    refetchInterval: (query) => {
      const run = query.state.data?.last_run;
      return (run && pollDelayMs(run.sync_status.id, 'integration')) ?? false;
    },
  });

export const useStatistics = (id: string | null) =>
  useQuery({ ...statisticsQueryOptions(id ?? ''), enabled: id !== null });
