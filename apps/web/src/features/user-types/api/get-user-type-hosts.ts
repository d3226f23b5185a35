import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTypeHost } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';

export const getUserTypeHosts = (id: string, signal?: AbortSignal) =>
  api.get<UserTypeHost[]>(`/user-types/${id}/hosts`, { signal });

export const userTypeHostsQueryKey = (id: string) => ['user-types', 'hosts', id] as const;

export const userTypeHostsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userTypeHostsQueryKey(id),
    queryFn: ({ signal }) => getUserTypeHosts(id, signal),
    staleTime: 0,
  });

export const useUserTypeHosts = (id: string) => useQuery(userTypeHostsQueryOptions(id));
