import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnDetails } from '@app/shared/people/own-details';
import { api } from '@/lib/api-client';

export const getOwnDetails = (signal?: AbortSignal) => api.get<OwnDetails>('/me/details', { signal });

// Under `people`: a change to the person on the users screens refreshes it (lib/data-tags.ts).
export const ownDetailsQueryOptions = () =>
  queryOptions({ queryKey: ['people', 'me'], queryFn: ({ signal }) => getOwnDetails(signal), staleTime: 0 });

export const useOwnDetails = () => useQuery(ownDetailsQueryOptions());
