import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Occupancy } from '@app/shared/capacity/schemas';
import { api } from '@/lib/api-client';
import { occupancyKey } from './capacity-query-keys';

export const getOccupancy = (signal?: AbortSignal) => api.get<Occupancy>('/occupancy', { signal });

export const occupancyQueryOptions = () =>
  queryOptions({
    queryKey: occupancyKey,
    // Each place's limits are the sites' data: read again when they change (lib/data-tags.ts).
    meta: { reads: ['sites'] },
    queryFn: ({ signal }) => getOccupancy(signal),
  });

/** The reader's sites and areas now, against their limits, on the company's day. */
export const useOccupancy = () => useQuery(occupancyQueryOptions());
