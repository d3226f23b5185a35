import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { hostQueryReady } from '@app/shared/pre-registration/schemas';
import type { ExpectedVisitHostSearchBody } from '@app/shared/expected-visits/form-options';
import { api } from '@/lib/api-client';
import { expectedVisitsRootKey } from './expected-visits-query-key';

export type HostOption = { id: string; full_name: string; email: string | null };

export const searchHosts = (body: ExpectedVisitHostSearchBody, signal?: AbortSignal) =>
  api.post<{ data: HostOption[] }>('/expected-visits/hosts/search', body, { signal });

/** Spec §5: the search starts after a first name and two letters of the second. */
export const useHostSearch = (query: string, place: { userTypeId: string | null; siteId: string | null }) => {
  const body: ExpectedVisitHostSearchBody = {
    query,
    ...(place.userTypeId ? { user_type_id: place.userTypeId } : {}),
    ...(place.siteId ? { site_id: place.siteId } : {}),
  };
  return useQuery({
    queryKey: [...expectedVisitsRootKey, 'hosts', body],
    queryFn: ({ signal }) => searchHosts(body, signal),
    enabled: hostQueryReady(query),
    placeholderData: keepPreviousData,
  });
};
