import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTypeNode } from '@app/shared/user-types/schemas';
import { api } from '@/lib/api-client';

export const getUserTypeTree = (signal?: AbortSignal) => api.get<UserTypeNode[]>('/user-types/tree', { signal });

// The same cache entry as the user types screen's tree.
export const userTypeTreeQueryOptions = () =>
  queryOptions({ queryKey: ['user-types', 'tree'], queryFn: ({ signal }) => getUserTypeTree(signal) });

export const useUserTypeTree = () => useQuery(userTypeTreeQueryOptions());
