import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TrackTrace, TrackTraceParams } from '@app/shared/reports/presence';
import { api } from '@/lib/api-client';

export const getTrackTrace = (query: TrackTraceParams, signal?: AbortSignal) =>
  api.get<TrackTrace>('/reports/track-trace', { params: query, signal });

export const trackTraceQueryOptions = (query: TrackTraceParams) =>
  queryOptions({
    // Under the visits root: a change to any visit reads the report again (lib/data-tags.ts).
    queryKey: ['visits', 'track-trace', query],
    meta: { reads: ['people', 'sites'] },
    queryFn: ({ signal }) => getTrackTrace(query, signal),
    placeholderData: keepPreviousData,
  });

/** A person's contacts on a day; asks nothing until both are chosen. */
export const useTrackTrace = (query: Partial<TrackTraceParams>) =>
  useQuery({
    ...trackTraceQueryOptions(query as TrackTraceParams),
    enabled: Boolean(query.person_id && query.date),
  });
