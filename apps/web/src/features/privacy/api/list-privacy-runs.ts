import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivacyRunsResponse, PrivacyTrigger } from '@app/shared/people/privacy';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';
import { privacyRunsKey } from './privacy-query-keys';

export type PrivacyRunsParams = { page: number; limit: number; trigger?: PrivacyTrigger; cursor?: string };

/** GET /privacy/runs (spec `cron_jobs`): every run of the retention, newest first. */
export const listPrivacyRuns = (params: PrivacyRunsParams, signal?: AbortSignal) =>
  api.get<PrivacyRunsResponse>('/privacy/runs', { params, signal });

export const privacyRunsQueryOptions = (params: PrivacyRunsParams) =>
  queryOptions({
    queryKey: [...privacyRunsKey, params],
    queryFn: ({ signal }) => listPrivacyRuns(params, signal),
    placeholderData: keepPreviousData,
  });

/** A page after one already read follows its cursor. */
export const usePrivacyRuns = (params: PrivacyRunsParams) =>
  useQuery(privacyRunsQueryOptions(useKeysetQuery(privacyRunsKey, params)));
