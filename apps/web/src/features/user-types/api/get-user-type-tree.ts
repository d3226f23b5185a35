import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTypeNode } from '@app/shared/user-types/schemas';
import { api } from '@/lib/api-client';

export const userTypeTreeQueryKey = ['user-types', 'tree'] as const;

export const getUserTypeTree = (signal?: AbortSignal) => api.get<UserTypeNode[]>('/user-types/tree', { signal });

export const userTypeTreeQueryOptions = () =>
  queryOptions({ queryKey: userTypeTreeQueryKey, queryFn: ({ signal }) => getUserTypeTree(signal) });

export const useUserTypeTree = () => useQuery(userTypeTreeQueryOptions());
