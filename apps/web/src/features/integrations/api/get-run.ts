import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationRun } from '@app/shared/integrations/schemas';
import { pollDelayMs } from '@app/shared/integrations/status';
import { api } from '@/lib/api-client';
import { integrationRunKey } from './integration-query-keys';

/** GET /integrations/{id}/runs/{runId}: where a run stands (sync_status {id, text}, counts, message). */
export const getRun = (id: string, runId: string, signal?: AbortSignal) =>
  api.get<IntegrationRun>(`/integrations/${id}/runs/${runId}`, { signal });

/**
 * The run, asked again while it is processing at the spec's pace (§4, §9: 5 s for a sync; 1 s or 3 s
 * for a migration, which the run's kind tells); a run that ended is not asked again. Polling stops
 * with the last observer (the page unmounting).
 */
export const runQueryOptions = (id: string, runId: string) =>
  queryOptions({
    queryKey: integrationRunKey(id, runId),
    queryFn: ({ signal }) => getRun(id, runId, signal),
    refetchInterval: (query) => {
      const run = query.state.data;
      if (!run) return false;
      return pollDelayMs(run.sync_status.id, run.kind === 'migrate' ? 'migration' : 'integration') ?? false;
    },
    // The flow goes on while the admin looks at another tab.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });

/** The run of `runId`; nothing is asked until `enabled` (the first sync's start delay) and while there is no id. */
export const useRun = (id: string | null, runId: string | null, enabled: boolean) =>
  useQuery({ ...runQueryOptions(id ?? '', runId ?? ''), enabled: enabled && id !== null && runId !== null });
