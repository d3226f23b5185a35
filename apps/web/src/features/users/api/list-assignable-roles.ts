import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssignableRole } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';

/** The roles the signed-in admin may give to a person. */
export const listAssignableRoles = (signal?: AbortSignal) => api.get<AssignableRole[]>('/people/roles', { signal });

export const assignableRolesQueryOptions = () =>
  queryOptions({ queryKey: ['people-roles'], queryFn: ({ signal }) => listAssignableRoles(signal) });

export const useAssignableRoles = () => useQuery(assignableRolesQueryOptions());
