import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTypeNode } from '@app/shared/user-types/schemas';
import { api } from '@/lib/api-client';

export const getUserTypeTree = (signal?: AbortSignal) => api.get<UserTypeNode[]>('/user-types/tree', { signal });

const flatten = (nodes: UserTypeNode[]): { value: string; label: string }[] =>
  nodes.flatMap((n) => [{ value: n.id, label: n.name }, ...flatten(n.children)]);

// The same cache entry as the user types screen's tree; a section's types are chosen from its names.
export const userTypeOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['user-types', 'tree'],
    queryFn: ({ signal }) => getUserTypeTree(signal),
    select: flatten,
  });

export const useUserTypeOptions = () => useQuery(userTypeOptionsQueryOptions());
