import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { hostQueryReady, type hostSearchResultSchema } from '@app/shared/pre-registration/schemas';
import { api } from '@/lib/api-client';
import { preRegistrationRootKey } from './pre-registration-query-key';

export type HostOption = z.infer<typeof hostSearchResultSchema>['data'][number];

// Spec POST /api/hosts/search: names only, once a first name and two letters of the second are typed.
export const searchHosts = (linkId: string, flowId: string, query: string, signal?: AbortSignal) =>
  api.post<z.infer<typeof hostSearchResultSchema>>(
    `/public/pre-registration/${encodeURIComponent(linkId)}/hosts/search`,
    { flow_id: flowId, query },
    { handledByCaller: [400, 404], signal },
  );

export const hostSearchQueryOptions = (linkId: string, flowId: string | null, query: string) =>
  queryOptions({
    queryKey: [...preRegistrationRootKey, 'hosts', linkId, flowId, query],
    queryFn: ({ signal }) => searchHosts(linkId, flowId!, query, signal),
    enabled: flowId !== null && hostQueryReady(query),
    placeholderData: keepPreviousData,
  });

export const useHostSearch = (linkId: string, flowId: string | null, query: string) =>
  useQuery(hostSearchQueryOptions(linkId, flowId, query));
